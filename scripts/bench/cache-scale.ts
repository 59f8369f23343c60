/// <reference types="chrome" />
/**
 * Figure 6: the cache at scale — storage used, and the time from a tab switch to its badge
 * for a cached site, as the number of cached origins grows.
 *
 * The cache keeps at most 500 entries (lib/report-cache.ts), so reaching thousands through
 * lookups is impossible by design. Entries are written straight into storage instead, each a
 * copy of a real entry the extension wrote for a real answer, under the keys and with the
 * index records the cache itself uses: storage then holds what the cache would hold if its
 * bound were lifted, and the extension's own lookups run over it. The levels stop where the
 * browser's local storage quota (10 MB) would be exceeded; bytes at 10,000 are projected from
 * the bytes per entry.
 */
import type { Page } from 'playwright-core';
import { activationToBadge, installBadgeProbe } from './badge-probe';
import { type BenchWorld, tabIdOf } from './bench-world';

const ENTRY_PREFIX = 'report-cache:v1:';
const INDEX_KEY = 'report-cache-index:v1';
const scaleSite = (index: number) => `http://x${index}.bench-scale.com`;

export interface ScaleLevel {
  entries: number;
  bytesInUse: number;
  /** Activation → badge for seeded sites (ms). */
  lookups: number[];
}

export interface ScaleResult {
  levels: ScaleLevel[];
  /** Median bytes of one real cache entry (key + value) as the browser counts them. */
  bytesPerEntry: number;
  projectedBytesFor10k: number;
  /** Local storage quota of the browser (bytes). */
  quotaBytes: number;
}

/** Writes cache entries for sites `from`…`to`-1, copies of the template entry. */
async function seedEntries(world: BenchWorld, templateOrigin: string, from: number, to: number) {
  const worker = await world.browser.worker();
  await worker.evaluate(
    async ({ prefix, indexKey, templateOrigin, from, to, sites }) => {
      const everything = await chrome.storage.local.get(null);
      const templateKey = Object.keys(everything).find(
        (key) => key.startsWith(prefix) && key.endsWith(`|${templateOrigin}`),
      );
      if (templateKey === undefined) throw new Error(`No cache entry for ${templateOrigin}`);
      const template = everything[templateKey];
      const keyStart = templateKey.slice(0, templateKey.length - templateOrigin.length);
      const index = (everything[indexKey] ?? {}) as Record<
        string,
        { bytes: number; usedAt: number }
      >;
      const bytes = new TextEncoder().encode(templateKey + JSON.stringify(template)).length;
      const batch = 500;
      for (let start = from; start < to; start += batch) {
        const items: Record<string, unknown> = {};
        for (let i = start; i < Math.min(to, start + batch); i++) {
          const key = `${keyStart}${sites.replace('{i}', String(i))}`;
          items[key] = template;
          index[key] = { bytes, usedAt: Date.now() };
        }
        await chrome.storage.local.set(items);
      }
      await chrome.storage.local.set({ [indexKey]: index });
    },
    {
      prefix: ENTRY_PREFIX,
      indexKey: INDEX_KEY,
      templateOrigin,
      from,
      to,
      sites: scaleSite(0).replace('x0', 'x{i}'),
    },
  );
}

async function bytesInUse(world: BenchWorld): Promise<number> {
  const worker = await world.browser.worker();
  return worker.evaluate(() => chrome.storage.local.getBytesInUse(null));
}

export async function measureCacheScale(
  world: BenchWorld,
  templateOrigin: string,
  levels: number[],
  lookupsPerLevel: number,
): Promise<ScaleResult> {
  const { browser } = world;
  const result: ScaleLevel[] = [];
  let seeded = 0;
  const before = await bytesInUse(world);
  const quotaBytes = await (await browser.worker()).evaluate(
    () => chrome.storage.local.QUOTA_BYTES,
  );
  for (const level of levels) {
    const measured = result.at(-1);
    if (measured !== undefined) {
      const perEntry = (measured.bytesInUse - before) / measured.entries;
      // Past the quota the browser refuses the writes: the level cannot exist.
      if (before + perEntry * level > 0.9 * quotaBytes) break;
    }
    await seedEntries(world, templateOrigin, seeded, level);
    seeded = level;
    // Two seeded sites in two tabs, switched between: every switch is a cached lookup.
    const pages: { page: Page; tabId: number }[] = [];
    for (const index of [0, 1]) {
      const page = await browser.context.newPage();
      await page.bringToFront();
      await page.goto(`${scaleSite(index)}/level-${level}`);
      const tabId = await tabIdOf(world, page);
      await browser.settledBadgeOf(tabId);
      pages.push({ page, tabId });
    }
    const lookups: number[] = [];
    for (let sample = 0; sample < lookupsPerLevel; sample++) {
      const tab = pages[sample % 2] as { page: Page; tabId: number };
      const worker = await browser.worker();
      await installBadgeProbe(worker);
      await tab.page.bringToFront();
      lookups.push(await activationToBadge(worker, tab.tabId));
    }
    for (const { page } of pages) await page.close();
    if (world.service.lookedUp().some((url) => url?.includes('bench-scale.com'))) {
      throw new Error('A seeded site was looked up: the cache did not serve it');
    }
    result.push({ entries: level, bytesInUse: await bytesInUse(world), lookups });
  }
  const last = result.at(-1) as ScaleLevel;
  const bytesPerEntry = (last.bytesInUse - before) / last.entries;
  return {
    levels: result,
    bytesPerEntry,
    projectedBytesFor10k: before + bytesPerEntry * 10_000,
    quotaBytes,
  };
}
