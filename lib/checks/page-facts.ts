/** What "This page" reads in the tab's page: `readPageFacts` is injected there on the user's click
 * (lib/page/tab-page.ts), so it is self-contained and imports nothing. It reads structure, names
 * and descriptions: never a value a person typed, never cookies or storage, and it never calls a
 * tool or submits a form. Every list and string is cut, as evidence is. */

/** A field of a form, as a tool's parameter or a form's input. */
export interface PageField {
  name: string;
  type: string;
  description: string;
}

export type FormKind = 'search' | 'sign-up' | 'contact' | 'checkout' | 'other';

export type PageFacts = Awaited<ReturnType<typeof readPageFacts>>;

export async function readPageFacts() {
  const MAX_ITEMS = 50;
  const MAX_CHARS = 300;
  const MAX_SCHEMA_CHARS = 20_000;
  const cut = (value: unknown, length = MAX_CHARS) =>
    typeof value === 'string' ? value.trim().slice(0, length) : '';
  // A plain copy: Chromium's tool objects cannot be cloned or stringified whole (their `window`).
  const copied = (value: unknown): unknown => {
    try {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      return text !== undefined && text.length <= MAX_SCHEMA_CHARS ? JSON.parse(text) : null;
    } catch {
      return null;
    }
  };
  const FIELDS =
    'input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=reset]), select, textarea';
  const fieldsOf = (form: HTMLFormElement): PageField[] =>
    Array.from(form.querySelectorAll(FIELDS))
      .slice(0, MAX_ITEMS)
      .map((field) => ({
        name: cut(field.getAttribute('name')),
        type: field instanceof HTMLInputElement ? field.type : field.localName,
        description: cut(field.getAttribute('toolparamdescription')),
      }));

  // Chromium offers it on `document`, Firefox on `navigator`.
  const context =
    (document as { modelContext?: unknown }).modelContext ??
    (navigator as { modelContext?: unknown }).modelContext;
  const getTools = (context as { getTools?: unknown } | undefined)?.getTools;
  let listed: unknown[] | null = null;
  if (typeof getTools === 'function') {
    try {
      // Firefox answers at once, Chromium with a promise; a page that never answers costs 2 s.
      const answer = await Promise.race([
        getTools.call(context),
        new Promise((resolve) => setTimeout(() => resolve([]), 2000)),
      ]);
      listed = Array.isArray(answer) ? answer.slice(0, MAX_ITEMS) : [];
    } catch {
      listed = [];
    }
  }

  const forms = Array.from(document.forms).slice(0, MAX_ITEMS);
  const markupTools = forms
    .filter((form) => form.hasAttribute('toolname'))
    .map((form) => ({
      name: cut(form.getAttribute('toolname')),
      description: cut(form.getAttribute('tooldescription')),
      fields: fieldsOf(form),
    }));
  // Chromium lists the markup tools too: each form's own entry is left out once.
  const echoes = new Set(markupTools.map((tool) => `${tool.name}\n${tool.description}`));
  const scriptTools = (listed ?? [])
    .map((tool) => {
      const fields = tool as Record<string, unknown>;
      return {
        name: cut(fields.name),
        description: cut(fields.description),
        inputSchema: copied(fields.inputSchema),
      };
    })
    .filter((tool) => !echoes.delete(`${tool.name}\n${tool.description}`));

  const kindOf = (form: HTMLFormElement): FormKind => {
    if (form.closest('[role=search]') || form.querySelector('input[type=search]')) return 'search';
    if (form.querySelector('input[type=password], input[type=email]')) return 'sign-up';
    if (form.querySelector('textarea')) return 'contact';
    return /checkout|cart|order|pay/i.test(form.getAttribute('action') ?? '')
      ? 'checkout'
      : 'other';
  };
  const formsWithoutTool = forms
    .filter((form) => !form.hasAttribute('toolname') && form.querySelector(FIELDS))
    .map((form) => ({
      kind: kindOf(form),
      label: cut(form.getAttribute('aria-label') || (form.id && `#${form.id}`) || form.action, 120),
    }));

  // What a browser agent reads is the accessibility tree: a control without a name is a blank.
  // Nodes the name checks may visit in all, so that nested controls cannot make them quadratic;
  // past it, a control counts as named (never a false finding).
  let visits = 100_000;
  const seen = (text: string | null | undefined) => /\S/.test((text ?? '').slice(0, 200));
  const hasText = (root: Element) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null && visits > 0; node = walker.nextNode()) {
      visits--;
      const element = node instanceof Element ? node : null;
      if (
        element
          ? element.localName === 'img' && seen(element.getAttribute('alt'))
          : seen(node.nodeValue)
      ) {
        return true;
      }
    }
    return visits <= 0;
  };
  const named = (control: Element) => {
    const ids = (control.getAttribute('aria-labelledby') ?? '').slice(0, 500).split(/\s+/);
    const labels = 'labels' in control ? Array.from(control.labels as NodeListOf<HTMLElement>) : [];
    // A field is named by its label, never by what it holds.
    const field = control.matches(FIELDS);
    return (
      ['aria-label', 'title', 'placeholder', 'alt'].some((name) =>
        seen(control.getAttribute(name)),
      ) ||
      (!field && hasText(control)) ||
      ids.slice(0, 10).some((id) => {
        const label = id === '' ? null : document.getElementById(id);
        return label !== null && hasText(label);
      }) ||
      labels.slice(0, 10).some(hasText)
    );
  };
  const controls = Array.from(
    document.querySelectorAll(`a[href], button, [role=button], ${FIELDS}`),
  )
    .slice(0, 2000)
    .filter((control) => control.getClientRects().length > 0 && !named(control));
  const nameOf = (control: Element) =>
    control.localName +
    (control.id ? `#${control.id}` : control.classList[0] ? `.${control.classList[0]}` : '');

  const markdownLink = document.querySelector('link[rel~=alternate][type^="text/markdown" i]');
  return {
    origin: location.origin,
    path: cut(location.pathname + location.search, 2000),
    secure: window.isSecureContext === true,
    /** Whether this browser shows script-registered tools here at all. */
    webmcp: listed !== null,
    scriptTools,
    markupTools,
    formsWithoutTool,
    unnamed: {
      count: controls.length,
      examples: controls.slice(0, 5).map((c) => cut(nameOf(c), 80)),
    },
    /** Characters of the text the page shows. */
    textChars: document.body?.innerText.length ?? 0,
    markdownLink: markdownLink ? cut((markdownLink as HTMLLinkElement).href, 2000) : null,
  };
}

/** The port name a page's tool changes are told on. */
export const PAGE_TOOLS_PORT = 'page-tools';

/** Injected beside `readPageFacts`: while a view holds a port named `portName` to the page,
 * tells it when the page's tools change (Chromium announces it; Firefox does not, so its list
 * is compared each second), and stops when the port closes. Once per page: a second injection
 * adds nothing. The name is passed in: an injected function sees no module constant. */
export function watchPageTools(portName: string) {
  type Port = {
    name: string;
    postMessage(message: string): void;
    onDisconnect: { addListener(listener: () => void): void };
  };
  const scope = globalThis as typeof globalThis & {
    pageToolsWatched?: boolean;
    chrome: { runtime: { onConnect: { addListener(listener: (port: Port) => void): void } } };
  };
  if (scope.pageToolsWatched) return;
  scope.pageToolsWatched = true;
  const context = ((document as { modelContext?: unknown }).modelContext ??
    (navigator as { modelContext?: unknown }).modelContext) as
    | (EventTarget & { getTools?: () => unknown })
    | undefined;
  scope.chrome.runtime.onConnect.addListener((port) => {
    if (port.name !== portName || context === undefined) return;
    const changed = () => port.postMessage('changed');
    if (typeof context.addEventListener === 'function') {
      context.addEventListener('toolchange', changed);
      port.onDisconnect.addListener(() => context.removeEventListener('toolchange', changed));
      return;
    }
    const namesNow = async () => {
      const tools = await context.getTools?.();
      return Array.isArray(tools) ? tools.map((tool) => String(tool?.name)).join('\n') : '';
    };
    let last: Promise<string> = namesNow();
    const timer = setInterval(async () => {
      const [before, now] = await Promise.all([last, namesNow()]);
      last = Promise.resolve(now);
      if (now !== before) changed();
    }, 1000);
    port.onDisconnect.addListener(() => clearInterval(timer));
  });
}
