/**
 * Figure 2: from a tab becoming active to its badge being set, on the worker's clock.
 *
 * - Cached: two tabs whose sites are cached take turns; the floor is one bare setBadgeText
 *   round trip in the same worker, measured between them. Goal: within a frame (16 ms).
 * - Uncached: a tab loaded in the background (the extension looks background tabs up only
 *   when they are activated) is brought to the front; the floor is the worker fetching the same
 *   kind of answer from the service itself, alternating with it. Goal: floor + 20 ms.
 */
import type { Page } from 'playwright-core';
import { activationToBadge, bareBadgeSet, installBadgeProbe } from './badge-probe';
import { type BenchWorld, benchSite, tabIdOf } from './bench-world';

export interface PairedSamples {
  measured: number[];
  floor: number[];
}

export async function measureCachedBadge(
  world: BenchWorld,
  tabs: { page: Page; tabId: number }[],
  samples: number,
): Promise<PairedSamples> {
  const result: PairedSamples = { measured: [], floor: [] };
  for (let index = 0; index < samples; index++) {
    const tab = tabs[index % tabs.length] as { page: Page; tabId: number };
    const worker = await world.browser.worker();
    await installBadgeProbe(worker);
    const floorFirst = index % 2 === 1;
    if (floorFirst) result.floor.push(await bareBadgeSet(worker, tab.tabId));
    await tab.page.bringToFront();
    result.measured.push(await activationToBadge(worker, tab.tabId));
    if (!floorFirst) result.floor.push(await bareBadgeSet(worker, tab.tabId));
  }
  return result;
}

/** The service's answer for one site, fetched by the worker itself: what a lookup must wait for. */
async function serviceRoundTrip(world: BenchWorld, origin: string): Promise<number> {
  const worker = await world.browser.worker();
  const url = `${world.service.baseUrl}/api/report?url=${encodeURIComponent(origin)}`;
  return worker.evaluate(async (address) => {
    const start = performance.now();
    const response = await fetch(address, { cache: 'no-store', credentials: 'omit' });
    await response.text();
    return performance.now() - start;
  }, url);
}

/**
 * Sites `firstSite`… are used once each, so every activation finds nothing cached; the floor's
 * fetches ask for sites of their own, so they warm nothing the extension then finds.
 */
export async function measureUncachedBadge(
  world: BenchWorld,
  anchor: Page,
  firstSite: number,
  samples: number,
): Promise<PairedSamples> {
  const result: PairedSamples = { measured: [], floor: [] };
  for (let index = 0; index < samples; index++) {
    const measuredSite = benchSite(firstSite + 2 * index);
    const floorSite = benchSite(firstSite + 2 * index + 1);
    const page = await world.browser.context.newPage();
    // Loaded while another tab is in front: the extension does not look it up yet.
    await anchor.bringToFront();
    await page.goto(`${measuredSite}/`);
    const tabId = await tabIdOf(world, page);
    const worker = await world.browser.worker();
    await installBadgeProbe(worker);
    const floorFirst = index % 2 === 1;
    if (floorFirst) result.floor.push(await serviceRoundTrip(world, floorSite));
    await page.bringToFront();
    result.measured.push(await activationToBadge(worker, tabId));
    if (!floorFirst) result.floor.push(await serviceRoundTrip(world, floorSite));
    const lookups = world.service.lookedUp(measuredSite).length;
    if (lookups !== 1) {
      throw new Error(
        `${measuredSite} was looked up ${lookups} times, not once: not an uncached sample`,
      );
    }
    await page.close();
  }
  return result;
}
