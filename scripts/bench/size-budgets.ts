/**
 * How much gzipped JavaScript each entry may ship (see entry-sizes.ts for what is counted).
 * `npm test` fails when an entry goes over its budget; the bench prints each entry beside its
 * goal. 1 KB = 1,000 bytes, as the build's own output counts.
 *
 * Where the goal is met the budget is the goal. Where it is not, the budget is
 * the measured size plus a little headroom, and the note says what dominates (from
 * `npm run bench:sizes`), so that growing past it is a decision and not an accident.
 */

export interface SizeBudget {
  /** Gzip bytes the entry may ship. */
  budget: number;
  /** Gzip bytes the issue asks for; undefined where it sets none. */
  goal?: number;
  /**
   * Gzip bytes the page may load before its first render (EntrySize.firstRender), where that
   * is what the goal is about; the goal then applies to it, and `budget` to everything.
   */
  firstRenderBudget?: number;
  /** Why the budget is what it is. */
  note: string;
}

export const KB = 1000;

export const SIZE_BUDGETS: Record<string, SizeBudget> = {
  background: {
    goal: 38 * KB,
    budget: 43.2 * KB,
    note:
      "over the goal by about 4.7 KB: about 2.2 KB is Check now's worker side (each run's " +
      'record started on its port, settled, abandoned and bounded; the site access checks asked for, listed ' +
      'and taken back; an import re-checked against the records it was planned on), and about ' +
      '2.5 KB the watch list: its scheduled round, the ' +
      "check diff and the notification's message (about 2.6 KB with the list itself), all in " +
      'the worker since the round runs without a page. A worker cannot load later (no import() ' +
      'in a service worker). The rest, largest first: zod/mini (about 7.4 KB: every stored ' +
      'record is read through its schema, lib/events/stored-records.ts, and every page request ' +
      "is checked, lib/events/worker-messages.ts), the privacy policy's ICANN top-level-domain " +
      'table (about 4 KB, front-coded), http-cache-semantics (about 2.1 KB), the score history ' +
      "with each scan's checks (about 1.6 KB), and our own lib/ code (the cache with its rows " +
      'for the sites page, the store, the lookup and its retry gate). Backups are read, checked ' +
      'and planned in the options page: the worker only parses the records it is sent. Over ' +
      'its earlier 43 KB by about 0.8 KB: the score history kept in parts, updates of one ' +
      'record applied together, records kept as text, and the state handed to the popup',
  },
  popup: {
    goal: 15 * KB,
    firstRenderBudget: 18.5 * KB,
    budget: 97.5 * KB,
    note:
      'goal 15 KB before the first render, over it by about 3 KB, which the controls need: ' +
      'consent, pause, copy, refresh and their hook (about 1.8 KB) render with the first frame, ' +
      'since swapped in after it they remounted the view under the focus and showed the ' +
      "administrator's line late; then the parent site's button (about 0.25 KB), the paused " +
      'domains read (about 0.35 KB: a site paused since its state was stored shows as paused) ' +
      'and the managed policy read (about 0.35 KB: the settings an administrator fixed). The ' +
      'rest: Preact and its hooks (about 4.5 KB), the report view with its time and number ' +
      'formats (about 3.5 KB), the state views and the view-state table (about 1.6 KB), the ' +
      'reads of the settings and the tab state (about 2.5 KB). zod/mini and the record table are not in it. Everything else loads after the ' +
      'first frame (the check changes, Check now) or when used: the fix list, tldts (the ' +
      "Public Suffix List, for the pause choice and a parent site), and Check now's probes " +
      '(about 14 KB: its own readers of robots.txt, HTML and markdown fences, each linear in ' +
      'what a site sends), on the click, and This page (about 4.2 KB, on the click: the reader ' +
      "injected into the tab, the tools' rules and the section)",
  },
  sidepanel: {
    budget: 102 * KB,
    note:
      'the popup view plus its active-tab follower, lazy chunks included: tldts (the pause ' +
      'choice, a parent site), the check changes, and Check now (about 14 KB, on the click) ' +
      'with This page (about 4.2 KB); zod/mini for the records it reads. Over its earlier 97 KB ' +
      'by the tab view hook taking the state handed to the toolbar popup',
  },
  'site-report': {
    budget: 101.1 * KB,
    note:
      'the popup view for one site, lazy chunks included: tldts (the pause choice, a parent ' +
      'site), the check changes, and Check now (about 14 KB, on the click) with This page ' +
      '(about 4.2 KB); zod/mini for the records it reads. Over its earlier 96 KB by the score ' +
      'history read in its parts',
  },
  sites: {
    budget: 50.5 * KB,
    note:
      'reads the cache itself (its rows, and the full report of the sites it shows, judged by ' +
      'http-cache-semantics and checked against the contract), renders the popup report view, ' +
      'and carries table, chart, timeline, export and the comparison (view, matrix, exports). ' +
      'Built on its own into one script (wxt.config.ts), so all of it loads with the page; ' +
      'Check now (about 14 KB) is in it since the report view can load it, though this page ' +
      'never offers it. Its own entry, opened on request, never on the browsing path',
  },
  options: {
    budget: 30.2 * KB,
    note:
      'the settings page reads its records through their schemas and checks backup files ' +
      '(zod/mini, the backup format); it also makes the backup and plans its import, moved ' +
      'out of the worker (about 0.2 KB here). Opened rarely, never on the browsing path. A ' +
      'paused domain is checked as a host name, without the lookup policy and its ICANN table. ' +
      "Over its earlier 29.5 KB by the Old reports setting, each kept scan's tier counts (to " +
      'tell a method change) and the backup code from the worker; over 30 KB by the score ' +
      'history read and written in its parts',
  },
};

/**
 * A page not listed above (a new options or first-run page) gets the popup's goal: pages share
 * the popup's Preact and components, and one bigger than the popup deserves its own line here.
 */
export const DEFAULT_PAGE_BUDGET: SizeBudget = {
  budget: 20.5 * KB,
  note: "a page without its own budget (the first-run page) gets about the popup's size",
};

export function budgetFor(entry: string): SizeBudget {
  return SIZE_BUDGETS[entry] ?? DEFAULT_PAGE_BUDGET;
}
