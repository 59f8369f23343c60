/// <reference types="chrome" />
/**
 * Figure 2a where the background is out of the driver's reach (Firefox's MV2 event page): the
 * cached badge after a tab switch, watched from a page of the extension, as figure 4 watches a
 * cold start. The page clears the tab's badge, the tab is activated, and the page asks for the
 * badge in a loop until the extension has set it again; each ask is one round trip to the
 * browser, well under a millisecond. The floor is one bare `setBadgeText` from the same page.
 */
import type { Page } from 'playwright-core';
import type { PairedSamples } from './badge-timing';
import type { BenchWorld } from './bench-world';

type WatchGlobal = typeof globalThis & { benchActivatedAt?: Map<number, number> };

export async function measureCachedBadgeFromPage(
  world: BenchWorld,
  tabs: { page: Page; tabId: number }[],
  samples: number,
): Promise<PairedSamples> {
  const { browser } = world;
  const watcher = await browser.worker();
  await watcher.evaluate(() => {
    const scope = globalThis as WatchGlobal;
    if (scope.benchActivatedAt) return;
    const activatedAt = new Map<number, number>();
    // No named functions in here: tsx would wrap them in a helper the page does not have.
    chrome.tabs.onActivated.addListener((info) => {
      activatedAt.set(info.tabId, performance.timeOrigin + performance.now());
    });
    scope.benchActivatedAt = activatedAt;
  });
  const result: PairedSamples = { measured: [], floor: [] };
  for (let index = 0; index < samples; index++) {
    const target = tabs[index % tabs.length] as { page: Page; tabId: number };
    const other = tabs[(index + 1) % tabs.length] as { page: Page; tabId: number };
    await other.page.bringToFront();
    await browser.settledBadgeOf(other.tabId);
    const floor = await watcher.evaluate(async (tabId: number) => {
      const text = await chrome.action.getBadgeText({ tabId });
      const start = performance.now();
      await chrome.action.setBadgeText({ tabId, text });
      const took = performance.now() - start;
      await chrome.action.setBadgeText({ tabId, text: '' });
      (globalThis as WatchGlobal).benchActivatedAt?.delete(tabId);
      return took;
    }, target.tabId);
    await target.page.bringToFront();
    const measured = await watcher.evaluate(async (tabId: number) => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const text = await chrome.action.getBadgeText({ tabId });
        const activatedAt = (globalThis as WatchGlobal).benchActivatedAt?.get(tabId);
        if (text !== '' && text !== '…' && activatedAt !== undefined) {
          return performance.timeOrigin + performance.now() - activatedAt;
        }
        if (Date.now() > deadline) throw new Error(`Tab ${tabId} got no badge`);
      }
    }, target.tabId);
    result.measured.push(measured);
    result.floor.push(floor);
  }
  return result;
}
