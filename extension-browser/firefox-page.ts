/**
 * Firefox's pages (puppeteer-core over WebDriver BiDi) presented as the part of Playwright's
 * `Page` and `Locator` the e2e specs use, so one set of scenarios drives both browsers.
 * Playwright's own Firefox support needs a patched Firefox or a newer BiDi than ESR speaks.
 *
 * Rules it keeps:
 * - A method outside that part throws, naming itself: a spec never gets a silent no-op.
 * - Locators are lazy, as Playwright's: every action finds its elements again, through
 *   firefox-element-finder.ts, whose roles, names and text follow Playwright's defaults.
 * - Firefox sends no navigation events for moz-extension pages, so navigating to one is
 *   followed by reading `location.href` and `document.readyState` until they say it loaded.
 */
import type { ElementHandle, Page as PuppeteerPage } from 'puppeteer-core';
import { findElements, patternOf, type RoleOptions, type Step } from './firefox-element-finder';

/** What `locator()` takes besides its selector: Playwright's filters the specs use. */
interface LocatorOptions {
  /** Keeps the elements that contain a match of this locator. */
  has?: FirefoxLocator;
  /** Keeps the elements whose text contains this. */
  hasText?: string | RegExp;
}

const notInSubset = (what: string) => () => {
  throw new Error(
    `${what} is not available in the Firefox driver (extension-browser/firefox-page.ts)`,
  );
};

/** Wraps an object so that a property it lacks throws, naming itself, when called. */
function strict<T extends object>(target: T, what: string): T {
  return new Proxy(target, {
    get(object, property) {
      if (property in object || typeof property === 'symbol' || property === 'then') {
        // Bound to the object itself: its private fields are not the proxy's.
        const value = Reflect.get(object, property, object);
        return typeof value === 'function' ? value.bind(object) : value;
      }
      return notInSubset(`${what}.${String(property)}`);
    },
  });
}

export class FirefoxLocator {
  constructor(
    private readonly page: FirefoxPage,
    /** How this locator finds its elements; read by another locator's `has` filter. */
    readonly steps: Step[],
  ) {}

  static create(page: FirefoxPage, steps: Step[]): FirefoxLocator {
    return strict(new FirefoxLocator(page, steps), 'Locator');
  }

  #then(step: Step): FirefoxLocator {
    return FirefoxLocator.create(this.page, [...this.steps, step]);
  }

  locator(selector: string, options: LocatorOptions = {}): FirefoxLocator {
    return FirefoxLocator.create(this.page, [
      ...this.steps,
      { kind: 'css', selector },
      ...filterSteps(options),
    ]);
  }
  getByRole(role: string, options: RoleOptions = {}): FirefoxLocator {
    return this.#then({
      kind: 'role',
      role,
      name: options.name === undefined ? undefined : patternOf(options.name),
      level: options.level,
      exact: options.exact,
    });
  }
  getByText(text: string | RegExp, options: { exact?: boolean } = {}): FirefoxLocator {
    return this.#then({ kind: 'text', text: patternOf(text), exact: options.exact });
  }
  getByLabel(text: string | RegExp, options: { exact?: boolean } = {}): FirefoxLocator {
    return this.#then({ kind: 'label', text: patternOf(text), exact: options.exact });
  }
  first(): FirefoxLocator {
    return this.#then({ kind: 'nth', index: 0 });
  }
  last(): FirefoxLocator {
    return this.#then({ kind: 'nth', index: -1 });
  }
  nth(index: number): FirefoxLocator {
    return this.#then({ kind: 'nth', index });
  }

  /**
   * Runs `action` (a function body over `elements` and `arg`) on the found elements inside
   * the page. Sent as one expression: extension pages' CSP forbids eval inside the page,
   * while the driver's own evaluation is allowed.
   */
  #expression(action: string, argument?: unknown): string {
    return `(() => { const elements = (${findElements.toString()})(${JSON.stringify(this.steps)}); const arg = ${JSON.stringify(argument ?? null)}; ${action} })()`;
  }

  async #inPage<R>(action: string, argument?: unknown): Promise<R> {
    // Under tsx the finder's inner functions come wrapped in `__name` too (see evaluate).
    const expression = this.#expression(action, argument);
    return (await this.page.raw.evaluate(
      `(globalThis.__name ??= (target) => target, ${expression})`,
    )) as R;
  }

  count(): Promise<number> {
    return this.#inPage('return elements.length');
  }
  async all(): Promise<FirefoxLocator[]> {
    const total = await this.count();
    return Array.from({ length: total }, (_, index) => this.nth(index));
  }
  allTextContents(): Promise<string[]> {
    return this.#inPage("return elements.map((e) => e.textContent ?? '')");
  }
  allInnerTexts(): Promise<string[]> {
    return this.#inPage("return elements.map((e) => e.innerText ?? e.textContent ?? '')");
  }

  /** The first match, once there is one (Playwright waits for it too). */
  async #first<R>(action: string, argument?: unknown, timeoutMs = 10_000): Promise<R> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const result = await this.#inPage<{ found: boolean; value: R }>(
        `if (elements.length === 0) return { found: false }; const element = elements[0]; return { found: true, value: (() => { ${action} })() };`,
        argument,
      );
      if (result.found) return result.value;
      if (Date.now() > deadline) throw new Error(`No element for ${JSON.stringify(this.steps)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  textContent(): Promise<string | null> {
    return this.#first('return element.textContent');
  }
  innerText(): Promise<string> {
    return this.#first("return element.innerText ?? element.textContent ?? ''");
  }
  getAttribute(name: string): Promise<string | null> {
    return this.#first('return element.getAttribute(arg)', name);
  }
  inputValue(): Promise<string> {
    return this.#first("return element.value ?? ''");
  }
  isChecked(): Promise<boolean> {
    return this.#first('return Boolean(element.checked)');
  }
  async isVisible(): Promise<boolean> {
    return (await this.count()) > 0;
  }
  evaluateAll<R, A>(fn: (elements: Element[], arg: A) => R, arg?: A): Promise<R> {
    return this.#inPage(`return (${fn.toString()})(elements, arg)`, arg);
  }
  evaluate<R, A>(fn: (element: Element, arg: A) => R, arg?: A): Promise<R> {
    return this.#first(`return (${fn.toString()})(element, arg)`, arg);
  }

  /** The element as puppeteer's handle, for input the way a person gives it. */
  async #handle(): Promise<ElementHandle<Element>> {
    await this.#first('return true');
    const handle = await this.page.raw.evaluateHandle(this.#expression('return elements[0]'));
    return handle as ElementHandle<Element>;
  }

  async click(): Promise<void> {
    // As Playwright's click does, a node a render replaced before the click is found again;
    // that error comes before any input is sent, so nothing is clicked twice.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const handle = await this.#handle();
      try {
        await handle.click();
        return;
      } catch (error) {
        if (Date.now() > deadline || !String(error).includes('not clickable')) throw error;
      } finally {
        await handle.dispose();
      }
    }
  }
  async focus(): Promise<void> {
    const handle = await this.#handle();
    await handle.focus();
    await handle.dispose();
  }
  async fill(value: string): Promise<void> {
    const handle = await this.#handle();
    // Clearing says so with an `input` event, as Playwright's fill does: a page that filters
    // as the user types must hear of an emptied field, which no typed key would announce.
    await handle.evaluate((element) => {
      const field = element as HTMLInputElement;
      if (field.value === '') return;
      field.value = '';
      field.dispatchEvent(
        new InputEvent('input', { bubbles: true, inputType: 'deleteContentBackward' }),
      );
    });
    await handle.type(value);
    await handle.evaluate((element) =>
      element.dispatchEvent(new Event('change', { bubbles: true })),
    );
    await handle.dispose();
  }
  async press(key: string): Promise<void> {
    await this.focus();
    await this.page.keyboard.press(key);
  }
  /**
   * Picks the options of a `<select>` whose value or label is given, as Playwright does:
   * marks them selected and sends the `input` and `change` events a person's pick sends.
   */
  async selectOption(values: string | readonly string[]): Promise<string[]> {
    const wanted = typeof values === 'string' ? [values] : [...values];
    const picked = await this.#first<{ values: string[] } | { missing: string[] }>(
      `if (!(element instanceof HTMLSelectElement)) return { missing: ['(not a select)'] };
       const options = [...element.options];
       const chosen = arg.map((want) => options.find((option) => option.value === want || option.label === want));
       const missing = arg.filter((_, index) => chosen[index] === undefined);
       if (missing.length > 0) return { missing };
       for (const option of options) option.selected = chosen.includes(option);
       element.dispatchEvent(new Event('input', { bubbles: true }));
       element.dispatchEvent(new Event('change', { bubbles: true }));
       return { values: chosen.map((option) => option.value) };`,
      wanted,
    );
    if ('missing' in picked) {
      throw new Error(`selectOption: no option ${picked.missing.join(', ')} in ${this}`);
    }
    return picked.values;
  }

  toString(): string {
    return JSON.stringify(this.steps);
  }

  async check(): Promise<void> {
    if (!(await this.isChecked())) await this.click();
  }
  async uncheck(): Promise<void> {
    if (await this.isChecked()) await this.click();
  }

  async waitFor(
    options: { state?: 'attached' | 'visible' | 'detached' | 'hidden'; timeout?: number } = {},
  ) {
    const wantPresent = options.state !== 'detached' && options.state !== 'hidden';
    const deadline = Date.now() + (options.timeout ?? 30_000);
    for (;;) {
      if ((await this.count()) > 0 === wantPresent) return;
      if (Date.now() > deadline) {
        throw new Error(
          `Timed out waiting for ${JSON.stringify(this.steps)} to be ${options.state ?? 'visible'}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** The steps that `locator()`'s filters add. */
function filterSteps(options: LocatorOptions): Step[] {
  const unknown = Object.keys(options).filter((key) => key !== 'has' && key !== 'hasText');
  if (unknown.length > 0) notInSubset(`locator() option ${unknown.join(', ')}`)();
  const steps: Step[] = [];
  if (options.has) steps.push({ kind: 'has', steps: options.has.steps });
  if (options.hasText !== undefined) {
    steps.push({ kind: 'has-text', text: patternOf(options.hasText) });
  }
  return steps;
}

/** Playwright's key names where puppeteer's differ. */
const KEY_NAMES: Record<string, string> = { Control: 'Control', Meta: 'Meta', Space: ' ' };

export class FirefoxPage {
  #closed = false;
  /** The moz-extension address last navigated to: puppeteer's url() does not follow those. */
  #extensionUrl: string | null = null;

  private constructor(readonly raw: PuppeteerPage) {}

  static create(raw: PuppeteerPage): FirefoxPage {
    return strict(new FirefoxPage(raw), 'Page');
  }

  get keyboard() {
    return {
      press: async (combo: string) => {
        const keys = combo.split('+').map((key) => KEY_NAMES[key] ?? key);
        for (const key of keys.slice(0, -1)) await this.raw.keyboard.down(key as never);
        await this.raw.keyboard.press(keys[keys.length - 1] as never);
        for (const key of keys.slice(0, -1).reverse()) await this.raw.keyboard.up(key as never);
      },
      type: (text: string) => this.raw.keyboard.type(text),
    };
  }

  /** The pointer: moving it off an element ends a hover that a click left behind. */
  get mouse() {
    return { move: (x: number, y: number) => this.raw.mouse.move(x, y) };
  }

  /** The address the page shows, read from the page: moz-extension pages send no events. */
  url(): string {
    const url = this.raw.url();
    return url === 'about:blank' && this.#extensionUrl ? this.#extensionUrl : url;
  }

  /** Like `url()`, but read inside the page, which is right for moz-extension pages too. */
  async href(): Promise<string> {
    return this.raw.evaluate(() => location.href).catch(() => this.raw.url());
  }

  async goto(url: string, options: { timeout?: number } = {}): Promise<null> {
    const timeout = options.timeout ?? 15_000;
    if (!url.startsWith('moz-extension://')) {
      await this.raw.goto(url, { timeout });
      return null;
    }
    // No load event comes for an extension page: mark the document shown now, start the
    // navigation, then watch for a loaded document at that address without the mark (the
    // address alone cannot tell a reload of the same address from the old document).
    this.#extensionUrl = url;
    await this.raw
      .evaluate(() => {
        (window as unknown as { arbLeaving?: boolean }).arbLeaving = true;
      })
      .catch(() => undefined);
    this.raw.goto(url, { timeout }).catch(() => undefined);
    const deadline = Date.now() + timeout;
    for (;;) {
      const state = await this.raw
        .evaluate(() => ({
          href: location.href,
          ready: document.readyState,
          old: (window as unknown as { arbLeaving?: boolean }).arbLeaving === true,
        }))
        .catch(() => null);
      if (state?.href === url && state.ready === 'complete' && !state.old) return null;
      if (Date.now() > deadline) throw new Error(`${url} did not load`);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  }

  /**
   * Back and forward through the page's history. A page restored from Firefox's back-forward
   * cache sends BiDi no load event, so the driver watches the address and the ready state.
   */
  async #traverse(step: () => void): Promise<null> {
    const from = await this.href();
    await this.raw.evaluate(step).catch(() => undefined);
    const deadline = Date.now() + 15_000;
    for (;;) {
      const state = await this.raw
        .evaluate(() => ({ href: location.href, ready: document.readyState }))
        .catch(() => null);
      if (state && state.href !== from && state.ready === 'complete') return null;
      if (Date.now() > deadline) throw new Error(`Going through history from ${from} did not load`);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  }

  goBack(): Promise<null> {
    return this.#traverse(() => history.back());
  }

  goForward(): Promise<null> {
    return this.#traverse(() => history.forward());
  }

  async reload(): Promise<null> {
    return this.goto(await this.href());
  }

  title(): Promise<string> {
    return this.raw.title();
  }

  // biome-ignore lint/suspicious/noExplicitAny: Playwright's evaluate takes a function or source
  evaluate<R>(fn: any, arg?: unknown): Promise<R> {
    if (typeof fn === 'string') return this.raw.evaluate(fn) as Promise<R>;
    // Under tsx (the bench, `npm start`) named functions come wrapped in esbuild's `__name`
    // helper, which the page does not have: give it one that changes nothing.
    const call = `(${fn.toString()})(${arg === undefined ? '' : JSON.stringify(arg)})`;
    return this.raw.evaluate(`(globalThis.__name ??= (target) => target, ${call})`) as Promise<R>;
  }

  locator(selector: string, options?: LocatorOptions): FirefoxLocator {
    return FirefoxLocator.create(this, []).locator(selector, options);
  }
  getByRole(role: string, options?: RoleOptions): FirefoxLocator {
    return FirefoxLocator.create(this, []).getByRole(role, options);
  }
  getByText(text: string | RegExp, options?: { exact?: boolean }): FirefoxLocator {
    return FirefoxLocator.create(this, []).getByText(text, options);
  }
  getByLabel(text: string | RegExp, options?: { exact?: boolean }): FirefoxLocator {
    return FirefoxLocator.create(this, []).getByLabel(text, options);
  }

  bringToFront(): Promise<void> {
    return this.raw.bringToFront();
  }
  async setViewportSize(size: { width: number; height: number }): Promise<void> {
    await this.raw.setViewport(size);
  }
  /**
   * The colour scheme, by switching the page's own `prefers-color-scheme` rules on or off:
   * puppeteer's media emulation needs CDP, which Firefox does not speak. Other options (reduced
   * motion) are left as they are.
   */
  async emulateMedia(options: { colorScheme?: 'light' | 'dark' | null }): Promise<void> {
    const scheme = options.colorScheme;
    if (!scheme) return;
    await this.raw.evaluate((wanted: string) => {
      const rules = (list: CSSRuleList): CSSRule[] =>
        [...list].flatMap((rule) =>
          rule instanceof CSSMediaRule || rule instanceof CSSSupportsRule
            ? [rule, ...rules(rule.cssRules)]
            : [rule],
        );
      for (const sheet of document.styleSheets) {
        for (const rule of rules(sheet.cssRules)) {
          if (!(rule instanceof CSSMediaRule)) continue;
          const media = rule.media;
          // Keeps the original condition, so switching back and forth works.
          const element = rule as CSSMediaRule & { arbScheme?: string };
          element.arbScheme ??= media.mediaText;
          const match = /prefers-color-scheme:\s*(dark|light)/.exec(element.arbScheme);
          if (!match) continue;
          const rest = element.arbScheme
            .replace(/\(?\s*prefers-color-scheme:\s*(dark|light)\s*\)?/, '')
            .replace(/^\s*and\s*|\s*and\s*$/g, '')
            .trim();
          media.mediaText = match[1] === wanted ? rest || 'all' : 'not all';
        }
      }
    }, scheme);
  }
  async screenshot(options: { path?: string; fullPage?: boolean } = {}): Promise<Buffer> {
    const bytes = await this.raw.screenshot({ fullPage: options.fullPage });
    const buffer = Buffer.from(bytes);
    if (options.path) (await import('node:fs')).writeFileSync(options.path, buffer);
    return buffer;
  }
  /**
   * Until the page has loaded. A tab opened by a link starts at about:blank, which is
   * "complete" at once: its own address is waited for first (Playwright waits for it too).
   */
  async waitForLoadState(): Promise<void> {
    const deadline = Date.now() + 15_000;
    const blankUntil = Date.now() + 5_000;
    for (;;) {
      const state = await this.raw
        .evaluate(() => ({ href: location.href, ready: document.readyState }))
        .catch(() => null);
      const blank = state?.href === 'about:blank' && Date.now() < blankUntil;
      if (state?.ready === 'complete' && !blank) return;
      if (Date.now() > deadline) throw new Error('The page did not load');
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  }

  on(event: 'console' | 'pageerror' | 'dialog' | 'close', listener: (value: never) => void): this {
    if (event === 'console') {
      this.raw.on('console', (message) =>
        (listener as (value: unknown) => void)({
          // Playwright says "warning" where puppeteer says "warn".
          type: () => (message.type() === 'warn' ? 'warning' : message.type()),
          text: () => message.text(),
        }),
      );
    } else {
      this.raw.on(event, listener as never);
    }
    return this;
  }

  isClosed(): boolean {
    return this.#closed || this.raw.isClosed();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (!this.raw.isClosed()) await this.raw.close();
  }
}
