/**
 * Figure 1: the popup, on cached data, from navigation start to the first frame that shows
 * the report's score, against the same measure for a blank page of the extension (the floor)
 * and for a page whose one script reads the tab's state and writes its score (the floor of any
 * page that shows something stored). The pages take turns in one tab, each first in turn, so a
 * slow stretch of the machine lands on all. In Chromium a script run before each page's own marks
 * the frame; in Firefox, which runs no such script in extension pages, the first contentful
 * paint stands for it (timeToPaint).
 */
import type { Page } from 'playwright-core';
import { type BenchWorld, BLANK_PAGE, READ_FLOOR_PAGE } from './bench-world';

/** The popup's score: present only once a report is rendered (components/report/ScoreHeader.tsx). */
const REPORT_SHOWN = '.score-figure';

type ShownGlobal = typeof globalThis & { benchShownAt?: number };

/**
 * Runs in every document of the measuring tab before its own scripts: notes the first animation
 * frame in which the page shows its content — the score for the popup, the body for the blank
 * page — in ms since the navigation started (the document's time origin).
 */
function markFirstFrameWithContent({
  selector,
  blankPage,
}: {
  selector: string;
  blankPage: string;
}) {
  // No named functions in here: tsx would wrap them in a helper the page does not have.
  const scope = globalThis as ShownGlobal;
  const observer = new MutationObserver(() => {
    const shown = location.pathname.endsWith(`/${blankPage}`)
      ? document.body !== null
      : document.querySelector(selector) !== null;
    if (!shown) return;
    observer.disconnect();
    // The time the frame runs, not its timestamp: a new document's first frame can carry the
    // time of a tick long past (a blank page's read 12 ms earlier than it ran).
    requestAnimationFrame(() => {
      scope.benchShownAt ??= performance.now();
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Where a page's time went, from its Navigation Timing entry (ms since navigation start). */
export interface PagePhases {
  /** The HTML has arrived. */
  responseEnd: number;
  /** The HTML is parsed; module scripts run after this. */
  domInteractive: number;
  /** Module scripts have run (their first, synchronous part). */
  domContentLoaded: number;
  /** The content is in a frame. */
  shown: number;
}

/**
 * Chromium draws every page on one 60 Hz clock (headless too: the frames of successive pages
 * in a tab keep one phase), so a page's frames start one period apart.
 */
export const FRAME_PERIOD_MS = 1000 / 60;

/**
 * In which frame period since the navigation started the page's first frame with content ran,
 * counting from 1. Comparing pages by it leaves out where within a period each happened to be
 * ready: content ready a moment after a frame began waits for the next one.
 */
export const frameSinceNavigation = (shown: number) => Math.floor(shown / FRAME_PERIOD_MS) + 1;

/**
 * Firefox runs no preload script in extension pages, so there the time is the page's first
 * contentful paint: the popup renders nothing until its reads are in and then the report at
 * once, so its first contentful paint is the report's frame; the blank page's is its one
 * character's. Waits until the popup's report is in the page too.
 */
async function timeToPaint(page: Page, url: string, selector: string): Promise<PagePhases> {
  await page.goto(url);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const phases = await page.evaluate((shownSelector: string) => {
      const [navigation] = performance.getEntriesByType(
        'navigation',
      ) as PerformanceNavigationTiming[];
      const paint = performance
        .getEntriesByType('paint')
        .find((entry) => entry.name === 'first-contentful-paint');
      const blank = location.pathname.endsWith('/bench-blank.html');
      if (!paint || (!blank && document.querySelector(shownSelector) === null)) return null;
      return {
        responseEnd: navigation?.responseEnd ?? Number.NaN,
        domInteractive: navigation?.domInteractive ?? Number.NaN,
        domContentLoaded: navigation?.domContentLoadedEventEnd ?? Number.NaN,
        shown: paint.startTime,
      };
    }, selector);
    if (phases !== null) return phases;
    if (Date.now() > deadline) throw new Error(`${url} showed no content`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function timeToFrame(page: Page, url: string): Promise<PagePhases> {
  await page.goto(url);
  // Polled rather than waitForFunction: Firefox's extension pages refuse the latter (CSP).
  const deadline = Date.now() + 10_000;
  while (!(await page.evaluate(() => (globalThis as ShownGlobal).benchShownAt !== undefined))) {
    if (Date.now() > deadline) throw new Error(`${url} showed no content`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType(
      'navigation',
    ) as PerformanceNavigationTiming[];
    return {
      responseEnd: navigation?.responseEnd ?? Number.NaN,
      domInteractive: navigation?.domInteractive ?? Number.NaN,
      domContentLoaded: navigation?.domContentLoadedEventEnd ?? Number.NaN,
      shown: (globalThis as ShownGlobal).benchShownAt as number,
    };
  });
}

export interface PopupSamples {
  popup: number[];
  blank: number[];
  /** A page whose one script reads the tab's state and writes its score (READ_FLOOR_PAGE). */
  readFloor: number[];
  /** The popup's loads phase by phase: the profile of figure 1. */
  popupPhases: PagePhases[];
  /** The blank page's, for comparison. */
  blankPhases: PagePhases[];
}

export async function measurePopup(
  world: BenchWorld,
  tabId: number,
  pairs: number,
): Promise<PopupSamples> {
  const page = await world.browser.context.newPage();
  const firefox = world.browserName === 'firefox';
  if (!firefox) {
    await page.addInitScript(markFirstFrameWithContent, {
      selector: REPORT_SHOWN,
      blankPage: BLANK_PAGE,
    });
  }
  const timeToContent = firefox
    ? (on: Page, url: string) => timeToPaint(on, url, REPORT_SHOWN)
    : timeToFrame;
  // In front: a hidden tab gets no animation frames.
  await page.bringToFront();
  const popupUrl = world.browser.popupUrl(tabId);
  const blankUrl = world.extensionUrl(BLANK_PAGE);
  const readFloorUrl = `${world.extensionUrl(READ_FLOOR_PAGE)}?tabId=${tabId}`;
  // Warm-up: the first load of each compiles and caches what later loads reuse.
  await timeToContent(page, popupUrl);
  await timeToContent(page, blankUrl);
  await timeToContent(page, readFloorUrl);
  const samples: PopupSamples = {
    popup: [],
    blank: [],
    readFloor: [],
    popupPhases: [],
    blankPhases: [],
  };
  const loads = [
    async () => {
      const phases = await timeToContent(page, popupUrl);
      samples.popupPhases.push(phases);
      samples.popup.push(phases.shown);
    },
    async () => {
      const phases = await timeToContent(page, blankUrl);
      samples.blankPhases.push(phases);
      samples.blank.push(phases.shown);
    },
    async () => {
      samples.readFloor.push((await timeToContent(page, readFloorUrl)).shown);
    },
  ];
  for (let round = 0; round < pairs; round++) {
    // Each page first in turn, so a slow stretch of the machine lands on all of them.
    for (let step = 0; step < loads.length; step++) {
      await (loads[(round + step) % loads.length] as () => Promise<void>)();
    }
  }
  await page.close();
  return samples;
}
