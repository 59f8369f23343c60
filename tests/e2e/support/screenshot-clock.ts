/**
 * The pictures of docs/user-guide.md (`npm run screenshots`, scripts/screenshots.ts) are taken at a fixed
 * moment, SCREENSHOT_CLOCK, so that every relative time in them ("Scanned 3 days ago", "Next
 * try after 12:02") and so every byte is the same on each run. An e2e run sets no clock and
 * writes its pictures under .test-results/ (ignored).
 */
import { resolve } from 'node:path';
import type { ExtensionBrowser } from '../../../extension-browser/extension-browser';
import { E2E_BROWSER } from '../../../scripts/e2e-settings';

export const SCREENSHOT_CLOCK = process.env.SCREENSHOT_CLOCK;

/**
 * The reference server's clock (its `now` option) for a spec whose browser clock
 * fixClockForScreenshots may fix: SCREENSHOT_CLOCK when given, so the reports' ages agree
 * with the pinned clock; the real one otherwise.
 */
export const screenshotServerClock: () => number = SCREENSHOT_CLOCK
  ? () => new Date(SCREENSHOT_CLOCK).getTime()
  : Date.now;

/** Where pictures go: docs/screenshots/ for the docs, else an ignored folder. */
export const SCREENSHOT_DIR = resolve(
  process.env.SCREENSHOT_DIR ?? `.test-results/screenshots/${E2E_BROWSER}`,
);

/** Fixes the pages' and the worker's clock at SCREENSHOT_CLOCK, when one is given. */
export async function fixClockForScreenshots(browser: ExtensionBrowser): Promise<void> {
  if (!SCREENSHOT_CLOCK) return;
  const fixed = new Date(SCREENSHOT_CLOCK).getTime();
  await browser.context.clock.setFixedTime(fixed);
  // The worker's clock too: it dates what it stores (a busy service's next try, when a site
  // was checked). Playwright's clock reaches pages only; the worker keeps running under the
  // driver, and the background reads Date.now at each call (entrypoints/background.ts).
  const worker = await browser.worker();
  await worker.evaluate((time) => {
    Date.now = () => time;
  }, fixed);
}
