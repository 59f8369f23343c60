/**
 * How the Firefox driver's locators (firefox-page.ts) find elements: a chain of steps, sent
 * into the page as data and run there by `findElements`, following Playwright's defaults —
 * visible elements only for roles, labels and text; a string name or text matches
 * case-insensitively as a substring, a RegExp by test.
 */

/**
 * One step from a set of elements to the next: descendants, a pick by position, or a filter
 * that keeps the elements containing a match of other steps (Playwright's `has`) or some text
 * (`hasText`).
 */
export type Step =
  | { kind: 'css'; selector: string }
  | { kind: 'role'; role: string; name?: Pattern; level?: number; exact?: boolean }
  | { kind: 'text'; text: Pattern; exact?: boolean }
  | { kind: 'label'; text: Pattern; exact?: boolean }
  | { kind: 'nth'; index: number }
  | { kind: 'has'; steps: Step[] }
  | { kind: 'has-text'; text: Pattern };

/** A string, or a RegExp sent into the page as its source and flags. */
export type Pattern = string | { source: string; flags: string };

export const patternOf = (value: string | RegExp): Pattern =>
  value instanceof RegExp ? { source: value.source, flags: value.flags } : value;

export interface RoleOptions {
  name?: string | RegExp;
  level?: number;
  exact?: boolean;
}

/**
 * Runs inside the page: the elements a chain of steps finds from `roots` (the document when
 * not given). Self-contained (it is sent as source), so it may use nothing from this module
 * but itself.
 */
export function findElements(steps: Step[], roots?: Element[]): Element[] {
  const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();
  const matches = (pattern: Pattern, text: string, exact?: boolean) => {
    const value = normalize(text);
    if (typeof pattern !== 'string') return new RegExp(pattern.source, pattern.flags).test(value);
    return exact
      ? value === normalize(pattern)
      : value.toLowerCase().includes(normalize(pattern).toLowerCase());
  };
  const visible = (element: Element) =>
    element.getClientRects().length > 0 && !element.closest('[aria-hidden="true"]');
  const ROLE_SELECTORS: Record<string, string> = {
    heading: 'h1,h2,h3,h4,h5,h6,[role=heading]',
    link: 'a[href],[role=link]',
    button: 'button,input[type=button],input[type=submit],input[type=reset],summary,[role=button]',
    checkbox: 'input[type=checkbox],[role=checkbox]',
    radio: 'input[type=radio],[role=radio]',
    textbox:
      'input:not([type]),input[type=text],input[type=url],input[type=email],input[type=search],textarea,[role=textbox]',
    combobox: 'select,[role=combobox]',
    list: 'ul,ol,[role=list]',
    listitem: 'li,[role=listitem]',
    img: 'img[alt],svg[role=img],[role=img]',
    navigation: 'nav,[role=navigation]',
    main: 'main,[role=main]',
    region: 'section[aria-label],section[aria-labelledby],[role=region]',
    status: 'output,[role=status]',
    alert: '[role=alert]',
    dialog: 'dialog,[role=dialog]',
    group: 'fieldset,details,[role=group]',
    switch: '[role=switch]',
    term: 'dt,[role=term]',
    definition: 'dd,[role=definition]',
    table: 'table,[role=table]',
    row: 'tr,[role=row]',
    // A `th` heads its column when it says so or sits in the table's head, its row when it
    // says so (as the first cell of a body row here does).
    columnheader: 'th[scope=col],th[scope=colgroup],thead th:not([scope]),[role=columnheader]',
    rowheader: 'th[scope=row],th[scope=rowgroup],[role=rowheader]',
    cell: 'td,[role=cell]',
    paragraph: 'p,[role=paragraph]',
  };
  const labelText = (element: Element): string => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) {
      return labelledBy
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    }
    const aria = element.getAttribute('aria-label');
    if (aria) return aria;
    if (
      element instanceof HTMLInputElement ||
      element instanceof HTMLTextAreaElement ||
      element instanceof HTMLSelectElement
    ) {
      const labels = element.labels
        ? [...element.labels].map((label) => label.textContent ?? '')
        : [];
      if (labels.length > 0) return labels.join(' ');
      if (
        element instanceof HTMLInputElement &&
        ['button', 'submit', 'reset'].includes(element.type)
      )
        return element.value;
      return element.getAttribute('title') ?? element.getAttribute('placeholder') ?? '';
    }
    if (element instanceof HTMLImageElement) return element.alt;
    return element.textContent ?? '';
  };
  const levelOf = (element: Element) => {
    const tag = /^H([1-6])$/.exec(element.tagName);
    return tag ? Number(tag[1]) : Number(element.getAttribute('aria-level') ?? 2);
  };
  let current: Element[] = roots ?? [document.documentElement];
  for (const step of steps) {
    if (step.kind === 'nth') {
      const picked = step.index < 0 ? current[current.length + step.index] : current[step.index];
      current = picked ? [picked] : [];
      continue;
    }
    if (step.kind === 'has') {
      current = current.filter((element) => findElements(step.steps, [element]).length > 0);
      continue;
    }
    if (step.kind === 'has-text') {
      current = current.filter((element) => matches(step.text, element.textContent ?? ''));
      continue;
    }
    const found = new Set<Element>();
    for (const root of current) {
      if (step.kind === 'css') {
        for (const element of root.querySelectorAll(step.selector)) found.add(element);
      } else if (step.kind === 'role') {
        const selector = ROLE_SELECTORS[step.role] ?? `[role=${step.role}]`;
        for (const element of root.querySelectorAll(selector)) {
          if (!visible(element)) continue;
          if (step.level !== undefined && levelOf(element) !== step.level) continue;
          if (step.name !== undefined && !matches(step.name, labelText(element), step.exact))
            continue;
          found.add(element);
        }
      } else if (step.kind === 'label') {
        for (const element of root.querySelectorAll(
          'input,textarea,select,[aria-label],[aria-labelledby]',
        )) {
          if (visible(element) && matches(step.text, labelText(element), step.exact))
            found.add(element);
        }
      } else {
        // The innermost visible elements whose text matches, as Playwright's getByText.
        const candidates = [...root.querySelectorAll('body *')].filter(
          (element) =>
            !['SCRIPT', 'STYLE'].includes(element.tagName) &&
            visible(element) &&
            matches(
              step.text,
              (element as HTMLElement).innerText ?? element.textContent ?? '',
              step.exact,
            ),
        );
        for (const element of candidates) {
          if (!candidates.some((other) => other !== element && element.contains(other)))
            found.add(element);
        }
      }
    }
    current = [...found];
  }
  return current;
}
