/// <reference types="chrome" />
/**
 * Figure 1 on the user's own path: the toolbar popup, opened for the active tab by the action
 * API (Chromium `action.openPopup()`, Firefox `browserAction.openPopup()`), no tab id in its
 * address, timed from the call to the first frame showing the cached report — against a floor
 * page opened the same way (the action's popup set to it for the while), whose one module
 * script writes the score: the least any script-rendered popup can cost. Popup and floor
 * alternate, each pair in the other order than the last.
 *
 * The call is made in the worker, which notes its time first. The popup's frame is its first
 * contentful paint: the popup renders nothing until its reads are in and then the report at
 * once, and the floor's one write is its only content. Both times are on the shared clock of
 * `performance.timeOrigin + performance.now()`, so a time taken in the worker and one taken in
 * the popup compare. The popup is read from an extension page in a background tab through
 * `extension.getViews({ type: 'popup' })`, which every extension page of the same profile has.
 */
import type { Page } from 'playwright-core';
import { type BenchWorld, FLOOR_POPUP_PAGE } from './bench-world';
import { type FigureRow, formatTiming } from './figure-table';
import { summarize } from './statistics';

/** The product's popup, as the manifest names it. */
const PRODUCT_POPUP = 'popup.html';
/** The popup's score: present only once a report is rendered (components/report/ScoreHeader.tsx). */
const REPORT_SHOWN = '.score-figure';

/** Where an open's time went, in ms since the call (the profile of the figure). */
export interface PopupOpenPhases {
  /** The popup's document began (its time origin): the browser's own work of opening it. */
  documentStarted: number;
  /** Its HTML has arrived. */
  responseEnd: number;
  /** Its module scripts have run (their first, synchronous part). */
  domContentLoaded: number;
  /** The score is in a frame. */
  shown: number;
}

export interface ToolbarPopupSamples {
  popup: number[];
  floor: number[];
  popupPhases: PopupOpenPhases[];
  floorPhases: PopupOpenPhases[];
}

/** In the worker: notes the time, then opens the action's popup on the focused window. */
function openActionPopup(): Promise<number> {
  const api = (globalThis as { browser?: typeof chrome }).browser ?? chrome;
  const action =
    api.action ?? (api as unknown as { browserAction: typeof chrome.action }).browserAction;
  const calledAt = performance.timeOrigin + performance.now();
  return action.openPopup().then(() => calledAt);
}

/** In the worker: which page the action's popup shows. */
function setActionPopup(popup: string): Promise<void> {
  const api = (globalThis as { browser?: typeof chrome }).browser ?? chrome;
  const action =
    api.action ?? (api as unknown as { browserAction: typeof chrome.action }).browserAction;
  return action.setPopup({ popup });
}

/**
 * In the probe page: the open popup's phases on the shared clock once it shows `selector` in
 * a first contentful paint, and closes it; null while there is no such popup or paint yet.
 */
function paintedPopup(selector: string): PopupOpenPhases | null {
  const api = (globalThis as { browser?: typeof chrome }).browser ?? chrome;
  const [view] = api.extension.getViews({ type: 'popup' });
  if (view === undefined || view.document.querySelector(selector) === null) return null;
  const timing = view.performance;
  const paint = timing
    .getEntriesByType('paint')
    .find((entry) => entry.name === 'first-contentful-paint');
  if (paint === undefined) return null;
  const [navigation] = timing.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  const origin = timing.timeOrigin;
  const phases = {
    documentStarted: origin,
    responseEnd: origin + (navigation?.responseEnd ?? Number.NaN),
    domContentLoaded: origin + (navigation?.domContentLoadedEventEnd ?? Number.NaN),
    shown: origin + paint.startTime,
  };
  view.close();
  return phases;
}

/** In the probe page: whether a popup is still open. */
function popupOpen(): boolean {
  const api = (globalThis as { browser?: typeof chrome }).browser ?? chrome;
  return api.extension.getViews({ type: 'popup' }).length > 0;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function timeOpen(world: BenchWorld, probe: Page): Promise<PopupOpenPhases> {
  const worker = await world.browser.worker();
  const calledAt = await worker.evaluate(openActionPopup);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const painted = await probe.evaluate(paintedPopup, REPORT_SHOWN);
    if (painted !== null) {
      // The next open waits for this popup to be gone.
      while (await probe.evaluate(popupOpen)) await pause(10);
      return {
        documentStarted: painted.documentStarted - calledAt,
        responseEnd: painted.responseEnd - calledAt,
        domContentLoaded: painted.domContentLoaded - calledAt,
        shown: painted.shown - calledAt,
      };
    }
    if (Date.now() > deadline) throw new Error('the toolbar popup showed no score');
    await pause(5);
  }
}

/**
 * `siteTab`: a tab whose site has a cached report, brought to the front so the popup is about
 * it. The probe page opens first, so the site's tab is the active one.
 */
export async function measureToolbarPopup(
  world: BenchWorld,
  siteTab: Page,
  pairs: number,
): Promise<ToolbarPopupSamples> {
  const probe = await world.browser.context.newPage();
  await probe.goto(world.extensionUrl(FLOOR_POPUP_PAGE));
  await world.browser.activateTab(siteTab);
  const worker = await world.browser.worker();
  const samples: ToolbarPopupSamples = { popup: [], floor: [], popupPhases: [], floorPhases: [] };
  const popupOnce = async () => {
    await worker.evaluate(setActionPopup, PRODUCT_POPUP);
    return timeOpen(world, probe);
  };
  const floorOnce = async () => {
    await worker.evaluate(setActionPopup, FLOOR_POPUP_PAGE);
    return timeOpen(world, probe);
  };
  try {
    // Warm-up: the first open of each compiles and caches what later opens reuse.
    await popupOnce();
    await floorOnce();
    const popup = async () => {
      const phases = await popupOnce();
      samples.popupPhases.push(phases);
      samples.popup.push(phases.shown);
    };
    const floor = async () => {
      const phases = await floorOnce();
      samples.floorPhases.push(phases);
      samples.floor.push(phases.shown);
    };
    for (let pair = 0; pair < pairs; pair++) {
      if (pair % 2 === 0) {
        await popup();
        await floor();
      } else {
        await floor();
        await popup();
      }
    }
  } finally {
    await worker.evaluate(setActionPopup, PRODUCT_POPUP);
    await probe.close();
  }
  return samples;
}

/** The phases' medians as one line: where an open's time goes. */
export function phasesLine(phases: readonly PopupOpenPhases[]): string {
  const median = (key: keyof PopupOpenPhases) => {
    const sorted = phases.map((entry) => entry[key]).sort((a, b) => a - b);
    return (sorted[Math.floor(sorted.length / 2)] ?? Number.NaN).toFixed(0);
  };
  return (
    `document begun ${median('documentStarted')} ms, HTML in ${median('responseEnd')} ms, ` +
    `scripts run ${median('domContentLoaded')} ms, score in a frame ${median('shown')} ms`
  );
}

/** One frame at 60 Hz: the popup's goal is to trail its floor by no more. */
export const TOOLBAR_POPUP_GOAL_MS = 1000 / 60;

/** The figure's row for the bench's table; `suffix` names the browser where not Chromium. */
export function toolbarPopupRow(samples: ToolbarPopupSamples, suffix = ''): FigureRow {
  const behind = summarize(
    samples.popup.map((popup, index) => popup - (samples.floor[index] ?? 0)),
  );
  return {
    figure: `1. Toolbar popup: openPopup() → report in a frame (cached)${suffix}`,
    measured: formatTiming(summarize(samples.popup)),
    floor: `${formatTiming(summarize(samples.floor))} floor popup`,
    ratio: `+${behind.median.toFixed(1)} ms [p75 +${behind.p75.toFixed(1)}]`,
    goal: `≤ +${TOOLBAR_POPUP_GOAL_MS.toFixed(1)} ms (median and p75)`,
    met: behind.median <= TOOLBAR_POPUP_GOAL_MS && behind.p75 <= TOOLBAR_POPUP_GOAL_MS,
  };
}
