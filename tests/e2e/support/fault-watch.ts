/**
 * Collects, for a whole e2e run, everything that would tell a developer the extension went
 * wrong where the user cannot see it: errors in the background worker's console, exceptions
 * and promise rejections nobody handled there, errors and exceptions in extension pages (the
 * popup), and any dialog a page opened.
 *
 * Chromium reports a service worker's console calls to the test (playwright's worker
 * `console` event) but not its uncaught exceptions, so a small recorder is installed in the
 * worker for those; `selfTest` proves both paths catch something before a run relies on them.
 * In Firefox the "worker" is the driver's extension page (firefox-extension-browser.ts) and
 * BiDi reports no extension console calls: only the recorder's findings and page errors count.
 */
import type { BrowserContext, ConsoleMessage, Page, Worker } from 'playwright-core';
import type { ExtensionBrowser } from '../../../extension-browser/extension-browser';

export interface Finding {
  /** `worker`, or the URL of the page it came from. */
  source: string;
  /** The console method (`error`, `warning`, ...), `uncaught`, or `dialog`. */
  kind: string;
  text: string;
}

/** Console calls that report a fault, exceptions nobody caught, and dialogs. */
const PROBLEM_KINDS = new Set(['error', 'assert', 'uncaught', 'dialog']);

/** The name under which the recorder keeps uncaught errors inside the worker. */
const RECORDER = '__arbUncaught';

export class FaultWatch {
  readonly #findings: Finding[] = [];
  readonly #watchedWorkers = new WeakSet<Worker>();

  private constructor(private readonly browser: ExtensionBrowser) {}

  /** Starts watching the extension's worker and every page the browser opens from now on. */
  static async start(browser: ExtensionBrowser): Promise<FaultWatch> {
    const watch = new FaultWatch(browser);
    watch.#watchContext(browser.context);
    await watch.#watchWorker(await browser.worker());
    return watch;
  }

  /** Every finding so far that is an error, uncaught, or a dialog, as one line each. */
  async problems(): Promise<string[]> {
    await this.#collectUncaught();
    return this.#findings
      .filter((finding) => PROBLEM_KINDS.has(finding.kind))
      .map((finding) => `${finding.source} ${finding.kind}: ${finding.text}`);
  }

  /** The worker's console warnings so far. */
  workerWarnings(): string[] {
    return this.#findings
      .filter((finding) => finding.source === 'worker' && finding.kind === 'warning')
      .map((finding) => finding.text);
  }

  /** Forgets what was collected, e.g. after a self test that caused findings on purpose. */
  async clear(): Promise<void> {
    await this.#collectUncaught();
    this.#findings.length = 0;
  }

  /**
   * Makes the worker log an error and leave a rejection and an exception unhandled, and
   * returns what the watch saw: a watch that saw none of them could not catch a real fault.
   */
  async selfTest(): Promise<string[]> {
    const worker = await this.browser.worker();
    await worker.evaluate(() => {
      console.error('fault-watch self test: console.error');
      Promise.reject(new Error('fault-watch self test: unhandled rejection'));
      setTimeout(() => {
        throw new Error('fault-watch self test: uncaught exception');
      }, 0);
    });
    // The exception is thrown on a later task; wait for it rather than for a fixed time.
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const problems = await this.problems();
      if (problems.filter((line) => line.includes('fault-watch self test')).length >= 3) {
        return problems;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.problems();
  }

  #watchContext(context: BrowserContext): void {
    for (const page of context.pages()) this.#watchPage(page);
    context.on('page', (page) => this.#watchPage(page));
    // A worker the browser restarts is a new one: it gets its own listener and recorder.
    context.on('serviceworker', (worker) => {
      this.#watchWorker(worker).catch((error: unknown) => {
        this.#record('worker', 'uncaught', `could not watch a restarted worker: ${error}`);
      });
    });
  }

  #watchPage(page: Page): void {
    // Console and exceptions of the extension's own pages only: the sample sites stand in
    // for the web, whose pages may log what they like. A dialog counts on any page, since
    // one opening could only mean a server string ran as code.
    const isExtensionPage = () => /^(chrome|moz)-extension:\/\//.test(page.url());
    page.on('console', (message) => {
      if (isExtensionPage()) this.#recordConsole(page.url(), message);
    });
    page.on('pageerror', (error) => {
      if (isExtensionPage()) this.#record(page.url(), 'uncaught', String(error));
    });
    page.on('dialog', (dialog) => {
      this.#record(page.url(), 'dialog', `${dialog.type()}: ${dialog.message()}`);
      dialog.dismiss().catch(() => {});
    });
  }

  async #watchWorker(worker: Worker): Promise<void> {
    if (this.#watchedWorkers.has(worker)) return;
    this.#watchedWorkers.add(worker);
    worker.on('console', (message) => this.#recordConsole('worker', message));
    await worker.evaluate((recorder) => {
      const scope = globalThis as unknown as Record<string, string[] | undefined> &
        typeof globalThis;
      if (scope[recorder] !== undefined) return;
      const uncaught: string[] = [];
      scope[recorder] = uncaught;
      const describe = (value: unknown) => {
        if (!(value instanceof Error)) return String(value);
        // V8's stack starts with "Error: message"; SpiderMonkey's holds the frames only.
        const stack = value.stack ?? '';
        return stack.startsWith(String(value)) ? stack : `${String(value)}\n${stack}`;
      };
      scope.addEventListener('error', (event) => {
        uncaught.push(`uncaught exception: ${describe((event as ErrorEvent).error)}`);
      });
      scope.addEventListener('unhandledrejection', (event) => {
        uncaught.push(`unhandled rejection: ${describe(event.reason)}`);
      });
    }, RECORDER);
  }

  /** Moves what the recorder caught in the worker into the findings. */
  async #collectUncaught(): Promise<void> {
    const worker = await this.browser.worker();
    await this.#watchWorker(worker);
    const caught = await worker.evaluate((recorder) => {
      const scope = globalThis as unknown as Record<string, string[] | undefined>;
      const list = scope[recorder] ?? [];
      return list.splice(0, list.length);
    }, RECORDER);
    for (const text of caught) this.#record('worker', 'uncaught', text);
  }

  #recordConsole(source: string, message: ConsoleMessage): void {
    this.#record(source, message.type(), message.text());
  }

  #record(source: string, kind: string, text: string): void {
    this.#findings.push({ source, kind, text });
  }
}
