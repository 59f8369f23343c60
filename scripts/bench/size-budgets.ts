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
    budget: 38 * KB,
    note:
      'within the goal. A worker cannot load later (no import() in a service worker), so all of ' +
      "it is here, largest first: the privacy policy's ICANN top-level-domain table (about 4 KB, " +
      'front-coded), the watch list (about 2.5 KB: its scheduled round, the check diff and the ' +
      "notification's message, all in the worker since the round runs without a page), Check " +
      "now's worker side (about 2.2 KB: each run's record started on its port, settled, " +
      'abandoned and bounded; the site access checks asked for, listed and taken back; an import ' +
      're-checked against the records it was planned on), http-cache-semantics (about 2.1 KB), ' +
      'valibot (about 1.8 KB: every stored record is read through its schema, ' +
      'lib/worker/stored-records.ts, and every page request is checked, ' +
      "lib/messaging/worker-messages.ts), the score history with each scan's checks (about " +
      '1.6 KB), and our own lib/ code (the cache with its rows for the sites page, the store, the ' +
      'lookup and its retry gate). Backups are read, checked and planned in the options page: ' +
      'the worker only parses the records it is sent',
  },
  popup: {
    goal: 15 * KB,
    firstRenderBudget: 18.5 * KB,
    budget: 92.2 * KB,
    note:
      'goal 15 KB before the first render, over it by about 3 KB, which the controls need: ' +
      'consent, pause, copy, refresh and their hook (about 1.8 KB) render with the first frame, ' +
      'since swapped in after it they remounted the view under the focus and showed the ' +
      "administrator's line late; then the parent site's button (about 0.25 KB), the paused " +
      'domains read (about 0.35 KB: a site paused since its state was stored shows as paused) ' +
      'and the managed policy read (about 0.35 KB: the settings an administrator fixed). The ' +
      'rest: Preact and its hooks (about 4.5 KB), the report view with its time and number ' +
      'formats (about 3.5 KB), the state views and the view-state table (about 1.6 KB), the ' +
      'reads of the settings and the tab state (about 2.5 KB). valibot and the record table are not in it. Everything else loads after the ' +
      'first frame (the check changes, Check now) or when used: the fix list, tldts (the ' +
      "Public Suffix List, for the pause choice and a parent site), and Check now's probes " +
      '(about 14 KB: its own readers of robots.txt, HTML and markdown fences, each linear in ' +
      'what a site sends), on the click, and This page (about 4.2 KB, on the click: the reader ' +
      "injected into the tab, the tools' rules and the section)",
  },
  sidepanel: {
    budget: 95.8 * KB,
    note:
      'the popup view plus its active-tab follower (the tab view hook, which takes the state ' +
      'handed to the toolbar popup), lazy chunks included: tldts (about 47 KB: the pause ' +
      'choice, a parent site), the check changes, and Check now (about 14 KB, on the click) ' +
      'with This page (about 4.2 KB); valibot (about 2 KB) for the records it reads',
  },
  'site-report': {
    budget: 94.9 * KB,
    note:
      'the popup view for one site, lazy chunks included: tldts (about 47 KB: the pause ' +
      'choice, a parent site), the check changes, and Check now (about 14 KB, on the click) ' +
      'with This page (about 4.2 KB); valibot (about 2 KB) for the records it reads, the score ' +
      'history among them, read in its parts',
  },
  sites: {
    budget: 30.5 * KB,
    note:
      'reads the cache itself (its rows, and the full report of the sites it shows, judged by ' +
      'http-cache-semantics, about 2.1 KB, and checked against the contract with valibot, about ' +
      '1.5 KB), renders the popup report view with Preact (about 4.6 KB), and carries table, ' +
      'chart, timeline, export and the comparison (view, matrix, exports). Built on its own ' +
      'into one script (wxt.config.ts), so all of it loads with the page; it carries no Check ' +
      'now, which it never offers. Its own entry, opened on request, never on the browsing path',
  },
  options: {
    budget: 24 * KB,
    note:
      'the settings page reads its records through their schemas and checks backup files ' +
      '(valibot, about 2 KB, and the backup format); it also makes the backup and plans its ' +
      'import, moved out of the worker, and reads and writes the score history in its parts. ' +
      'The rest is Preact (about 5.6 KB) and the page itself. Opened rarely, never on the ' +
      'browsing path. A paused domain is checked as a host name, without the lookup policy and ' +
      'its ICANN table',
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
