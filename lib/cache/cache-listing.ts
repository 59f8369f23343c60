/**
 * What the sites page reads of the cache: every kept answer of one service as its row, and the
 * full report of the few sites it shows in full. Reads only; the worker writes (report-cache.ts).
 *
 * The rows come from the row shards (lib/cache/cache-rows.ts) in one small read. When the
 * shards do not add up to the totals' count of entries (an update from a version that kept no
 * rows, a damaged shard, a worker stopped between two writes), the entries themselves are read
 * instead, all of local storage at once, until the purge builds the rows again: slower, never
 * wrong.
 */
import { browser } from 'wxt/browser';
import type { ScanReport } from '../contract/report-schema';
import { reportRequestUrl } from '../service/report-client';
import { judgedAt } from './cache-freshness';
import {
  ENTRY_PREFIX,
  entryKeyOf,
  entryOf,
  rowShardOf,
  serviceNamePrefix,
  TOTALS_KEY,
  totalsOf,
} from './cache-keys';
import { ALL_ROW_SHARD_KEYS, type CacheRow, rowOf } from './cache-rows';

/** One site's kept answer, as the sites page lists it. */
export interface ListedSite extends CacheRow {
  origin: string;
  /** Fresh now; otherwise stale but still usable (expired answers are not listed). */
  fresh: boolean;
}

interface ListingDeps {
  baseUrl: string;
  now: () => number;
}

const listed = (origin: string, row: CacheRow, now: number): ListedSite | null =>
  row.usableUntil <= now
    ? null
    : { ...row, origin, fresh: row.freshUntil !== null && now < row.freshUntil };

/** From the shards; null when they do not account for every entry. */
async function listFromRows(deps: ListingDeps): Promise<ListedSite[] | null> {
  const stored = await browser.storage.local.get([TOTALS_KEY, ...ALL_ROW_SHARD_KEYS]);
  const { entries } = totalsOf(stored[TOTALS_KEY]);
  const prefix = serviceNamePrefix(deps.baseUrl);
  const now = deps.now();
  const sites: ListedSite[] = [];
  let rows = 0;
  for (const key of ALL_ROW_SHARD_KEYS) {
    const shard = rowShardOf(stored[key]);
    for (const [name, row] of Object.entries(shard)) {
      rows += 1;
      if (!name.startsWith(prefix)) continue;
      const site = listed(name.slice(prefix.length), row, now);
      if (site !== null) sites.push(site);
    }
  }
  return rows === entries ? sites : null;
}

/** From the entries themselves: one read of all of local storage. */
async function listFromEntries(deps: ListingDeps): Promise<ListedSite[]> {
  const prefix = `${ENTRY_PREFIX}${serviceNamePrefix(deps.baseUrl)}`;
  const everything = await browser.storage.local.get(null);
  const now = deps.now();
  const sites: ListedSite[] = [];
  for (const [key, stored] of Object.entries(everything)) {
    if (!key.startsWith(prefix)) continue;
    const entry = entryOf(stored);
    if (entry === null) continue;
    const target = key.slice(prefix.length);
    if (judgedAt(entry.policy, reportRequestUrl(deps.baseUrl, target), now) === null) continue;
    const site = listed(target, rowOf(entry, now), now);
    if (site !== null) sites.push(site);
  }
  return sites;
}

/** Every kept answer of one service that is still usable at `now`. */
export async function listCachedSites(deps: ListingDeps): Promise<ListedSite[]> {
  return (await listFromRows(deps)) ?? (await listFromEntries(deps));
}

/** The kept report of one site, validated again; null when none is kept or it has expired. */
export async function readKeptReport(
  deps: ListingDeps & { target: string },
): Promise<ScanReport | null> {
  const key = entryKeyOf(deps.baseUrl, deps.target);
  const entry = entryOf((await browser.storage.local.get(key))[key]);
  if (entry === null || entry.outcome.kind !== 'report') return null;
  const requestUrl = reportRequestUrl(deps.baseUrl, deps.target);
  return judgedAt(entry.policy, requestUrl, deps.now()) === null ? null : entry.outcome.report;
}
