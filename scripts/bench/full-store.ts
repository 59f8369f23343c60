/**
 * Figure 2c: storing new answers with the store at its bounds, as months of use leave it — the
 * cache at its limits, the score history at its byte bound, the lookup log full. Two readings:
 * the uncached badge (as figure 2b, Chromium), and the worker's throughput of new sites, looked
 * up six at a time through `showSite` as figure 8 seeds them (both browsers).
 *
 * The store is filled by writing storage directly, as figure 6 fills the cache: cache entries
 * are copies of a real entry, listed in the index by the extension's own purge; the history and
 * the log are made here in their stored shapes. The history is written both as the parts this
 * version keeps and as the one record versions before it kept (`score-history`), so that a
 * build from before the parts (`npm run bench:ab`'s other side, or `--variant`) meets its own
 * full history; each build reads only its own.
 */
import type { Page } from 'playwright-core';
import type { StoredHistory } from '../../lib/history/scan-record';
import {
  historyParts,
  MAX_HISTORY_BYTES,
  SCANS_PER_SITE,
  SCORE_HISTORY_RECORD,
} from '../../lib/history/score-history';
import { keyOf } from '../../lib/storage/record';
import { measureUncachedBadge, type PairedSamples } from './badge-timing';
import { type BenchWorld, BLANK_PAGE, benchSite } from './bench-world';
import { purgeNow, readTemplate, seedEntries } from './cache-scale';
import { type FigureRow, formatBytes, formatTiming } from './figure-table';
import { seedSites } from './sites-page-scale';
import { summarize } from './statistics';

/** As many answers as the cache keeps (DEFAULT_CACHE_LIMITS, lib/cache/report-cache.ts). */
const CACHE_ENTRIES = 2000;
const LOG_ENTRIES = 200;
/** Checks listed in each kept scan: a site with some work left to do. */
const CHECKS_PER_SCAN = 8;
/** The first bench site figure 8 never looks up. */
export const FULL_STORE_FIRST_SITE = 2000;
export const FULL_STORE_THROUGHPUT_SITES = 400;

export interface FullStoreSamples {
  /** Chromium only, as figure 2b. */
  uncached: PairedSamples | null;
  sites: number;
  seconds: number;
  /** Bytes in local storage once filled (null where the browser does not count them). */
  bytesInUse: number | null;
}

/** Ten scans for each of enough sites to pass the history's byte bound. */
function fullHistory(): StoredHistory {
  const history: StoredHistory = {};
  for (let site = 0; JSON.stringify(history).length < 2 * MAX_HISTORY_BYTES; site++) {
    history[`http://h${site}.bench-history.com`] = {
      seen: site,
      scans: Array.from({ length: SCANS_PER_SITE }, (_, scan) => ({
        // fixed date: stored data the extension only reads back
        scannedAt: new Date(Date.UTC(2026, 0, 1 + scan)).toISOString(),
        score: 40 + scan,
        checks: {
          listed: Array.from({ length: CHECKS_PER_SCAN }, (_, check) => ({
            id: `bench-check-${check}`,
            name: `A check the bench lists, number ${check}`,
            tier: 'recommended' as const,
            result: 'failed' as const,
          })),
          eligible: 30,
          tiers: ['essential', 'recommended'] as ('essential' | 'recommended')[],
          buckets: {
            essential: { available: 60, total: 12 },
            recommended: { available: 40, total: 18 },
          },
        },
      })),
    };
  }
  return history;
}

/** The newest sites within 1 MB, as one record: the history before it was kept in parts. */
function wholeRecordOf(history: StoredHistory): StoredHistory {
  const kept: StoredHistory = {};
  const newestFirst = Object.entries(history).sort(([, a], [, b]) => b.seen - a.seen);
  for (const [site, entry] of newestFirst) {
    kept[site] = entry;
    if (JSON.stringify(kept).length > MAX_HISTORY_BYTES) {
      delete kept[site];
      break;
    }
  }
  return kept;
}

function fullLog(baseUrl: string) {
  const at = Date.now() - LOG_ENTRIES * 60_000;
  return {
    nextId: LOG_ENTRIES + 1,
    entries: Array.from({ length: LOG_ENTRIES }, (_, index) => ({
      id: index + 1,
      at: at + index * 60_000,
      origin: `http://h${index}.bench-history.com`,
      service: baseUrl,
      outcome: 'report',
      status: 200,
    })),
  };
}

/** Fills the store to its bounds; `template` is a site the cache holds a fresh answer for. */
export async function fillStore(world: BenchWorld, template: string): Promise<number | null> {
  const entries = await readTemplate(world, template);
  await seedEntries(world, entries, 0, CACHE_ENTRIES);
  await purgeNow(world);
  const history = fullHistory();
  const items: Record<string, unknown> = {
    'score-history': wholeRecordOf(history),
    'lookup-log:v1': fullLog(world.service.baseUrl),
  };
  for (const [id, part] of Object.entries(historyParts(history))) {
    items[keyOf(SCORE_HISTORY_RECORD, id)] = part;
  }
  const worker = await world.browser.worker();
  return worker.evaluate(async (items) => {
    await chrome.storage.local.set(items);
    const local = chrome.storage.local as { getBytesInUse?: (keys: null) => Promise<number> };
    return local.getBytesInUse ? local.getBytesInUse(null) : null;
  }, items);
}

/**
 * Fills the store, then takes the two readings on bench sites from FULL_STORE_FIRST_SITE on,
 * none of which the extension has seen.
 */
export async function measureFullStore(
  world: BenchWorld,
  { uncachedSamples, anchor }: { uncachedSamples: number; anchor: Page },
): Promise<FullStoreSamples> {
  const template = benchSite(FULL_STORE_FIRST_SITE);
  const templateTab = await world.browser.openTab(`${template}/`);
  await world.browser.settledBadgeOf(templateTab.tabId);
  await templateTab.page.close();
  const bytesInUse = await fillStore(world, template);
  const first = FULL_STORE_FIRST_SITE + 1;
  const uncached =
    world.browserName === 'chromium'
      ? await measureUncachedBadge(world, anchor, first, uncachedSamples)
      : null;
  const page = await world.browser.context.newPage();
  await page.goto(world.extensionUrl(BLANK_PAGE));
  const started = performance.now();
  await seedSites(page, FULL_STORE_THROUGHPUT_SITES, { first: first + 2 * uncachedSamples });
  const seconds = (performance.now() - started) / 1000;
  await page.close();
  return { uncached, sites: FULL_STORE_THROUGHPUT_SITES, seconds, bytesInUse };
}

const UNCACHED_ALLOWANCE_MS = 20;
const SITES_PER_SECOND_GOAL = 50;

/** Figure 2c's rows: the uncached badge where it was timed, and the throughput. */
export function fullStoreRows(result: FullStoreSamples, suffix = ''): FigureRow[] {
  const store = result.bytesInUse === null ? '' : `, ${formatBytes(result.bytesInUse)} stored`;
  const rows: FigureRow[] = [];
  if (result.uncached !== null) {
    const badge = summarize(result.uncached.measured);
    const roundTrip = summarize(result.uncached.floor);
    rows.push({
      figure: `2c. Badge: tab activation → badge set, uncached, store at its bounds${suffix}`,
      measured: formatTiming(badge),
      floor: `${formatTiming(roundTrip)} service round trip${store}`,
      ratio: '–',
      goal: `≤ floor + ${UNCACHED_ALLOWANCE_MS} ms`,
      met: badge.median <= roundTrip.median + UNCACHED_ALLOWANCE_MS,
    });
  }
  const perSecond = result.sites / result.seconds;
  rows.push({
    figure: `2c. New sites through the worker, store at its bounds${suffix}`,
    measured: `${perSecond.toFixed(1)} a second (${result.sites} in ${result.seconds.toFixed(1)} s)`,
    floor: '–',
    ratio: '–',
    goal: `≥ ${SITES_PER_SECOND_GOAL} a second`,
    met: perSecond >= SITES_PER_SECOND_GOAL,
  });
  return rows;
}
