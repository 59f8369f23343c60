/// <reference types="chrome" />
/**
 * Figure 6: the cache at scale — storage used, and the time from a tab switch to its badge
 * for a cached site, as the number of sites offered to the cache grows to 10,000.
 *
 * Reaching thousands of sites through real lookups would take hours, so each level's new
 * entries are written straight into storage — copies of a real entry the extension wrote for
 * a real answer, under the cache's own keys, each received a moment after the one before. Then
 * the extension's own purge (the alarm it runs hourly) lists them in its index and applies its
 * limits (lib/cache/report-cache.ts), and one real lookup of a site the cache has never seen
 * stores an answer: what storage holds afterwards is what the cache would hold after that many
 * sites. The cached lookups are timed on the most recently received seeded sites, which eviction
 * keeps.
 */
import type { Page } from 'playwright-core';
import { activationToBadge, installBadgeProbe } from './badge-probe';
import { type BenchWorld, tabIdOf } from './bench-world';

const ENTRY_PREFIX = 'report-cache:v2:';
const INDEX_PREFIX = 'report-cache-index:v3:';
const PURGE_ALARM = 'purge-expired-cache';
const scaleSite = (index: number) => `http://x${index}.bench-scale.com`;
/** Sites that trigger the cache's own eviction after each level: never seeded. */
const triggerSite = (level: number) => `http://trigger-${level}.bench-sites.com`;

export interface ScaleLevel {
  /** Sites offered to the cache so far. */
  offered: number;
  /** Sites the cache holds after applying its limits. */
  entries: number;
  bytesInUse: number;
  /** Activation → badge for the most recent seeded sites (ms). */
  lookups: number[];
}

export interface ScaleResult {
  levels: ScaleLevel[];
  /** Bytes of one real cache entry (key + value, UTF-8 JSON). */
  bytesPerEntry: number;
  /** Local storage quota of the browser (bytes). */
  quotaBytes: number;
}

interface TemplateEntry {
  /** The entry's key up to the origin: prefix and service base URL. */
  keyStart: string;
  entry: { receivedAt: number };
}

/**
 * The real entry every seeded one copies. Read once: eviction later drops it like any entry
 * that was used long ago.
 */
export async function readTemplate(
  world: BenchWorld,
  templateOrigin: string,
): Promise<TemplateEntry> {
  const worker = await world.browser.worker();
  return worker.evaluate(
    async ({ prefix, templateOrigin }) => {
      const everything = await chrome.storage.local.get(null);
      const key = Object.keys(everything).find(
        (candidate) => candidate.startsWith(prefix) && candidate.endsWith(`|${templateOrigin}`),
      );
      if (key === undefined) throw new Error(`No cache entry for ${templateOrigin}`);
      return {
        keyStart: key.slice(0, key.length - templateOrigin.length),
        entry: everything[key] as { receivedAt: number },
      };
    },
    { prefix: ENTRY_PREFIX, templateOrigin },
  );
}

/** Writes cache entries for sites `from`…`to`-1, copies of the template entry. */
export async function seedEntries(
  world: BenchWorld,
  template: TemplateEntry,
  from: number,
  to: number,
) {
  const worker = await world.browser.worker();
  return worker.evaluate(
    async ({ template, from, to, sites }) => {
      const batch = 500;
      let bytesPerEntry = 0;
      for (let start = from; start < to; start += batch) {
        const items: Record<string, unknown> = {};
        for (let i = start; i < Math.min(to, start + batch); i++) {
          const key = `${template.keyStart}${sites.replace('{i}', String(i))}`;
          // Later sites were received later: eviction keeps the newest.
          const entry = { ...template.entry, receivedAt: template.entry.receivedAt + i };
          bytesPerEntry = new TextEncoder().encode(key + JSON.stringify(entry)).length;
          items[key] = entry;
        }
        await chrome.storage.local.set(items);
      }
      return bytesPerEntry;
    },
    {
      template,
      from,
      to,
      sites: scaleSite(0).replace('x0', 'x{i}'),
    },
  );
}

/** Runs the extension's purge now, and waits until it has listed every entry it kept. */
export async function purgeNow(world: BenchWorld): Promise<void> {
  const worker = await world.browser.worker();
  await worker.evaluate(
    async ({ alarm, entryPrefix, indexPrefix }) => {
      await chrome.alarms.create(alarm, { when: Date.now() });
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        if (await chrome.alarms.get(alarm)) continue;
        const everything = await chrome.storage.local.get(null);
        const keys = Object.keys(everything);
        const entries = keys.filter((key) => key.startsWith(entryPrefix)).length;
        const rows = keys
          .filter((key) => key.startsWith(indexPrefix))
          .map((key) => everything[key])
          // A part is kept as JSON text (lib/storage/record.ts, `asText`); before, as a tree.
          .map((part) => (typeof part === 'string' ? JSON.parse(part) : part))
          .reduce((sum, part) => sum + Object.keys(part as object).length, 0);
        if (rows === entries) return;
      }
    },
    { alarm: PURGE_ALARM, entryPrefix: ENTRY_PREFIX, indexPrefix: INDEX_PREFIX },
  );
}

async function storageState(world: BenchWorld) {
  const worker = await world.browser.worker();
  return worker.evaluate(
    async ({ prefix }) => {
      const everything = await chrome.storage.local.get(null);
      return {
        bytesInUse: await chrome.storage.local.getBytesInUse(null),
        entries: Object.keys(everything).filter((key) => key.startsWith(prefix)).length,
      };
    },
    { prefix: ENTRY_PREFIX },
  );
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
  let bytesPerEntry = 0;
  const quotaBytes = await (await browser.worker()).evaluate(
    () => chrome.storage.local.QUOTA_BYTES,
  );
  const template = await readTemplate(world, templateOrigin);
  for (const level of levels) {
    // In steps, so that no single write exceeds the quota before the cache can evict.
    for (
      let to = Math.min(level, seeded + 1_000);
      seeded < level;
      to = Math.min(level, to + 1_000)
    ) {
      bytesPerEntry = await seedEntries(world, template, seeded, to);
      seeded = to;
      await purgeNow(world);
      const trigger = await browser.openTab(`${triggerSite(seeded)}/`);
      await browser.settledBadgeOf(trigger.tabId);
      await trigger.page.close();
    }
    // Two of the newest seeded sites in two tabs, switched between: every switch is a
    // cached lookup.
    const pages: { page: Page; tabId: number }[] = [];
    for (const index of [level - 1, level - 2]) {
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
    result.push({ offered: level, ...(await storageState(world)), lookups });
  }
  return { levels: result, bytesPerEntry, quotaBytes };
}
