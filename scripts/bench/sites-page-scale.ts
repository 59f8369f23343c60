/// <reference types="chrome" />
/**
 * Figure 8: the sites page at the size it is built for — as many sites as the cache keeps at
 * most — as a user meets it: navigation → rows in a frame, a click on "Score" → sorted rows in
 * a frame, a filter keystroke → filtered rows in a frame, a click on a site → its report and
 * chart in a frame; and the page's JS heap (Chromium).
 *
 * The sites are put there by the extension itself: every one is looked up through the worker's
 * `showSite` request (the one the site-report window sends), so each answer goes through the
 * client, the cache with its limits and the score history exactly as a browsed site's does.
 * The service answers every one from the reference server on loopback.
 *
 * Each time is taken inside the page, to the end of the frame that paints the result: the
 * interaction starts at a `performance.now()`, a MutationObserver sees the page reach the
 * expected state, and the time is read in a task queued from the next animation-frame
 * callback. A frame runs its animation-frame callbacks first, then style, layout and paint, in
 * one go on the page's main thread (Chromium's BeginMainFrame, Firefox's refresh-driver tick);
 * the queued task (a MessageChannel message, which no browser clamps as it may a timeout) runs
 * only once that work is done, so the time includes the style, layout and paint of the new
 * rows, which a reading in the callback itself would leave out. Both browsers support it (the
 * Event Timing API would give the same in both, but only for slow events and in 8 ms steps).
 * What the compositor does after the main thread (rasterising, showing) is left out in both.
 *
 * Open is from the navigation's start (the document's time origin) to the painted frame with
 * rows; sort from a click on the "Score" header, filter from an input event, select from a
 * click on a site, each to its painted frame. For the open the observer is put into the new
 * document as soon as the driver can reach it (asked again and again from the navigation's
 * start: Firefox runs no preload script in extension pages), which is before its rows: they
 * wait for the storage reads. A sample where the rows were there first is counted as missed,
 * not timed.
 */
import type { Page } from 'playwright-core';
import { PROTOCOL } from '../../lib/messaging/protocol';
import { type BenchWorld, BLANK_PAGE, benchSite } from './bench-world';
import { type FigureRow, formatBytes, formatTiming } from './figure-table';
import { summarize } from './statistics';

/** About as many sites as the cache keeps at most (lib/cache/report-cache.ts, its bytes cap). */
export const SITES_PAGE_SITES = 2000;
export const SITES_PAGE_SAMPLES = 15;

export interface SitesPageSamples {
  sites: number;
  /** The page's count line once seeded ("200 of 2,000 sites"): what the cache kept. */
  listed: string;
  open: number[];
  /** Opens where the rows were on screen before the observer: not timed. */
  openMissed: number;
  sort: number[];
  filter: number[];
  select: number[];
  /** The page's used JS heap after a garbage collection (bytes); null where not readable. */
  heapBytes: number | null;
  seedSeconds: number;
}

/** Sites asked for in one call into the page: each call stays well within the driver's time limit. */
const SEED_BATCH = 100;

/**
 * Looks `count` sites (from `first`) up through the worker, a few at a time, from `page`: an extension page
 * with no storage listener of its own (the sites page would read everything again on each
 * write).
 */
export async function seedSites(page: Page, count: number, { first = 0 } = {}): Promise<void> {
  for (let from = 0; from < count; from += SEED_BATCH) {
    const sites = Array.from({ length: Math.min(SEED_BATCH, count - from) }, (_, index) =>
      benchSite(first + from + index),
    );
    await page.evaluate(
      async ({ sites, protocol }) => {
        // Firefox's own namespace where there is one: its `chrome` may answer by callback only.
        const api = (globalThis as { browser?: typeof chrome }).browser ?? chrome;
        let next = 0;
        // Anonymous: tsx would wrap a named function in a helper the page does not have.
        await Promise.all(
          Array.from({ length: 6 }, async () => {
            while (next < sites.length) {
              const origin = sites[next++];
              const reply = await api.runtime.sendMessage({
                protocol,
                name: 'showSite',
                data: { origin, force: false },
              });
              // A refused request would leave the page with fewer sites than the figure says.
              if (!reply?.ok) throw new Error(`showSite ${origin}: ${JSON.stringify(reply)}`);
            }
          }),
        );
      },
      { sites, protocol: PROTOCOL },
    );
  }
}

type Condition = 'rows' | 'sorted-by-score' | 'filtered' | 'selected';

type TimingGlobal = typeof globalThis & {
  /** Set in a document about to be left, so a call that reaches it still is told apart. */
  benchLeaving?: boolean;
  /** The time started by the last `startTiming`, once its frame is painted. */
  benchPainted?: Promise<number>;
};

/**
 * Runs in the page: starts the interaction (for the open, takes the navigation's start) and
 * leaves, as `benchPainted`, the time from it to the end of the frame that paints its
 * condition. 'leaving': ran in the document being left; 'late': the rows were on screen before
 * the observer was in place.
 */
function startTiming({
  condition,
  filterText,
}: {
  condition: Condition;
  filterText: string;
}): 'started' | 'leaving' | 'late' {
  // No named functions or function-valued constants in here: tsx would wrap them in a helper
  // the page does not have.
  const scope = globalThis as TimingGlobal;
  if (scope.benchLeaving) return 'leaving';
  // "N of M sites": the filter changed which sites match once this changes.
  const countBefore = document.querySelector('.sites-count')?.textContent;
  if (condition === 'rows' && document.querySelector('tbody tr') !== null) return 'late';
  const start = condition === 'rows' ? 0 : performance.now();
  scope.benchPainted = new Promise<number>((resolve) => {
    const observer = new MutationObserver(() => {
      const rows = [...document.querySelectorAll('tbody tr')];
      const holds =
        condition === 'rows'
          ? rows.length > 0
          : condition === 'sorted-by-score'
            ? document.querySelector('th.col-score')?.getAttribute('aria-sort') != null &&
              rows.length > 0
            : condition === 'filtered'
              ? rows.length > 0 &&
                document.querySelector('.sites-count')?.textContent !== countBefore
              : document.querySelector(
                  'aside.site-detail .score-chart, aside.site-detail .chart-empty',
                ) !== null;
      if (!holds) return;
      observer.disconnect();
      // The frame's callbacks run before its style, layout and paint; a task queued from one
      // runs after them (see the top of this file).
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now() - start);
        channel.port2.postMessage(null);
      });
    });
    // characterData: a filter that keeps the same rows changes only the count's text.
    observer.observe(document, {
      childList: true,
      subtree: true,
      attributes: true,
      characterData: true,
    });
  });
  if (condition === 'sorted-by-score') {
    (document.querySelector('th.col-score button') as HTMLButtonElement).click();
  } else if (condition === 'filtered') {
    const input = document.querySelector('input[type="search"]') as HTMLInputElement;
    input.value = filterText;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  } else if (condition === 'selected') {
    const buttons = document.querySelectorAll<HTMLButtonElement>('tbody .row-select');
    buttons[Math.floor(buttons.length / 2)]?.click();
  }
  return 'started';
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long an interaction may take before the figure stops with what the page shows. */
const PAINT_TIMEOUT_MS = 15_000;

/** The time `startTiming` left in the page, once its frame is painted. */
async function paintedTime(page: Page): Promise<number> {
  const painted = await page.evaluate(
    (timeoutMs) =>
      Promise.race([
        (globalThis as TimingGlobal).benchPainted as Promise<number>,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs)),
      ]),
    PAINT_TIMEOUT_MS,
  );
  if (painted !== null) return painted;
  const shows = await page.evaluate(
    () =>
      `"${document.querySelector('.sites-count')?.textContent}", ${document.querySelectorAll('tbody tr').length} rows, at ${location.href}`,
  );
  throw new Error(`the sites page did not paint what was timed; it shows ${shows}`);
}

/**
 * Navigates to `url` and times its rows: the observer goes into the new document at the first
 * call that reaches it. Null: the rows were there first.
 */
async function timeOpen(page: Page, url: string): Promise<number | null> {
  await page.evaluate(() => {
    (globalThis as TimingGlobal).benchLeaving = true;
  });
  const loaded = page.goto(url);
  let status: ReturnType<typeof startTiming> = 'leaving';
  while (status === 'leaving') {
    // A call made while the documents change over fails: ask again.
    status = await page
      .evaluate(startTiming, { condition: 'rows' as const, filterText: '' })
      .catch(() => 'leaving' as const);
    // Not a busy loop: the page being timed shares the machine's cores with the driver.
    if (status === 'leaving') await pause(2);
  }
  await loaded;
  return status === 'late' ? null : paintedTime(page);
}

/** Waits until the page lists its rows (after a navigation whose time is not wanted). */
async function untilRows(page: Page): Promise<number> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const rows = await page.evaluate(() => document.querySelectorAll('tbody tr').length);
    if (rows > 0) return rows;
    if (Date.now() > deadline) throw new Error('the sites page listed no rows');
    await pause(20);
  }
}

/** The page's used heap after a collection, where the browser lets a script read it. */
async function heapOf(world: BenchWorld, page: Page): Promise<number | null> {
  if (world.browserName !== 'chromium') return null;
  const session = await world.browser.context.newCDPSession(page);
  try {
    await session.send('HeapProfiler.collectGarbage');
    const { usedSize } = await session.send('Runtime.getHeapUsage');
    return usedSize;
  } finally {
    await session.detach();
  }
}

export async function measureSitesPageAtScale(
  world: BenchWorld,
  { sites, samples }: { sites: number; samples: number },
): Promise<SitesPageSamples> {
  const page = await world.browser.context.newPage();
  // In front: a hidden tab gets no animation frames.
  await page.bringToFront();
  const sitesUrl = world.extensionUrl('sites.html');
  await page.goto(world.extensionUrl(BLANK_PAGE));
  const seedStarted = Date.now();
  await seedSites(page, sites);
  const seedSeconds = (Date.now() - seedStarted) / 1000;

  const result: SitesPageSamples = {
    sites,
    listed: '',
    open: [],
    openMissed: 0,
    sort: [],
    filter: [],
    select: [],
    heapBytes: null,
    seedSeconds,
  };
  const time = async (condition: Condition, filterText = '') => {
    // Again before each: a tab that lost the front gets no animation frames.
    await page.bringToFront();
    return (await page.evaluate(startTiming, { condition, filterText })) === 'started'
      ? paintedTime(page)
      : null;
  };

  // Warm-up: the first load compiles and caches what later loads reuse.
  await page.goto(sitesUrl);
  await untilRows(page);
  for (let sample = 0; sample < samples; sample++) {
    const opened = await timeOpen(page, sitesUrl);
    if (opened === null) result.openMissed += 1;
    else result.open.push(opened);
    await untilRows(page);
    result.listed = await page.evaluate(
      () => document.querySelector('.sites-count')?.textContent ?? '',
    );

    const sorted = await time('sorted-by-score');
    if (sorted !== null) result.sort.push(sorted);

    // One keystroke that changes which sites match: "s19" then "s199", sites seeded last, which
    // the cache's eviction keeps.
    const filterBefore = await time('filtered', 's19');
    if (filterBefore === null) throw new Error('the filter changed nothing');
    const filtered = await time('filtered', 's199');
    if (filtered !== null) result.filter.push(filtered);

    const selected = await time('selected');
    if (selected !== null) result.select.push(selected);
  }
  await page.goto(sitesUrl);
  await untilRows(page);
  result.heapBytes = await heapOf(world, page);
  await page.close();
  return result;
}

/** Goals of figure 8: the open within a few frames, each interaction within three. */
export const SITES_PAGE_OPEN_GOAL_MS = 150;
export const SITES_PAGE_INTERACTION_GOAL_MS = 50;

/** The figure's rows for the bench's table; `suffix` names the browser where not Chromium. */
export function sitesPageRows(result: SitesPageSamples, suffix = ''): FigureRow[] {
  const row = (name: string, samples: number[], goalMs: number): FigureRow => {
    const summary = summarize(samples);
    return {
      figure: `8. Sites page, ${result.sites} sites: ${name}${suffix}`,
      measured: formatTiming(summary),
      floor: '–',
      ratio: '–',
      goal: `≤ ${goalMs} ms (median)`,
      met: summary.n > 0 && summary.median <= goalMs,
    };
  };
  return [
    row('navigation → rows in a frame', result.open, SITES_PAGE_OPEN_GOAL_MS),
    row('sort click → sorted rows', result.sort, SITES_PAGE_INTERACTION_GOAL_MS),
    row('filter keystroke → filtered rows', result.filter, SITES_PAGE_INTERACTION_GOAL_MS),
    row('site click → its report and chart', result.select, SITES_PAGE_INTERACTION_GOAL_MS),
    {
      figure: `8. Sites page, ${result.sites} sites: JS heap${suffix}`,
      measured: result.heapBytes === null ? 'not readable' : formatBytes(result.heapBytes),
      floor: '–',
      ratio: '–',
      goal: 'reported',
      met: true,
    },
  ];
}

/** Empties local data through the worker (settings stay), so later figures start clean. */
export async function clearLocalData(world: BenchWorld): Promise<void> {
  const page = await world.browser.context.newPage();
  await page.goto(world.extensionUrl('sites.html'));
  await page.evaluate(
    async ({ protocol }) => {
      const api = (globalThis as { browser?: typeof chrome }).browser ?? chrome;
      await api.runtime.sendMessage({ protocol, name: 'clearLocalData', data: {} });
    },
    { protocol: PROTOCOL },
  );
  await page.close();
}
