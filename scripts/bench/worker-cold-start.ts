/// <reference types="chrome" />
/**
 * Figure 4: a stopped service worker woken by a tab activation, from the worker's start (its
 * global scope's time origin) to the tab's first badge set.
 *
 * A wrapper installed from outside would come too late in a starting worker, so the badge is
 * watched from a blank extension page instead: it clears the tab's badge, then asks for it in
 * a loop until the woken worker has set it again. Each ask is one round trip to the browser,
 * well under a millisecond. The floor is the warm worker's time for the same tab switch
 * (figure 2, cached), so the ratio says what starting the worker adds.
 */
import type { Page } from 'playwright-core';
import { type BenchWorld, BLANK_PAGE } from './bench-world';

export interface ColdStartSamples {
  /** Worker start → badge set (ms). */
  workerStartToBadge: number[];
  /** Tab activation (as an extension page hears it) → badge set (ms). */
  activationToBadge: number[];
}

export async function measureColdStart(
  world: BenchWorld,
  tabs: { page: Page; tabId: number }[],
  samples: number,
): Promise<ColdStartSamples> {
  const { browser } = world;
  const watcher = await browser.context.newPage();
  await watcher.goto(world.extensionUrl(BLANK_PAGE));
  const result: ColdStartSamples = { workerStartToBadge: [], activationToBadge: [] };
  for (let index = 0; index < samples; index++) {
    const target = tabs[index % tabs.length] as { page: Page; tabId: number };
    const other = tabs[(index + 1) % tabs.length] as { page: Page; tabId: number };
    await other.page.bringToFront();
    await browser.settledBadgeOf(other.tabId);
    await browser.stopWorker();
    const watching = watcher.evaluate(async (tabId) => {
      let activatedAt = Number.NaN;
      chrome.tabs.onActivated.addListener((info) => {
        if (info.tabId === tabId) activatedAt = performance.timeOrigin + performance.now();
      });
      await chrome.action.setBadgeText({ tabId, text: '' });
      const deadline = Date.now() + 10_000;
      for (;;) {
        const text = await chrome.action.getBadgeText({ tabId });
        if (text !== '' && text !== '…') {
          return { activatedAt, badgeAt: performance.timeOrigin + performance.now() };
        }
        if (Date.now() > deadline) throw new Error(`Tab ${tabId} got no badge`);
      }
    }, target.tabId);
    // The watcher has cleared the badge before the tab is activated.
    await watcher.waitForTimeout(50);
    await target.page.bringToFront();
    const { activatedAt, badgeAt } = await watching;
    const worker = await browser.worker();
    const workerStart = await worker.evaluate(() => performance.timeOrigin);
    result.workerStartToBadge.push(badgeAt - workerStart);
    result.activationToBadge.push(badgeAt - activatedAt);
  }
  await watcher.close();
  return result;
}
