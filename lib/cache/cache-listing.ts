/**
 * What the sites page reads of the cache: every kept answer of one service as its row (one
 * read of the index's parts), and the full report of the few sites it shows in full. Reads
 * only; the worker writes (report-cache.ts).
 */
import type { ScanReport } from '../contract/report-schema';
import { reportRequestUrl } from '../service/report-client';
import { readItems, readRecord } from '../storage/record';
import { judgedAt } from './cache-freshness';
import {
  CACHE_ENTRY_RECORD,
  CACHE_INDEX_RECORD,
  type CacheRow,
  entryName,
  INDEX_PART_IDS,
} from './cache-records';

/** One site's kept answer, as the sites page lists it. */
export interface ListedSite extends Omit<CacheRow, 'bytes'> {
  origin: string;
  /** Fresh now; otherwise stale but still usable (expired answers are not listed). */
  fresh: boolean;
}

/**
 * Every kept answer of one service that is still usable at `now`. The base URL may still be on
 * its way (from the settings): the index is read meanwhile.
 */
export async function listCachedSites({
  baseUrl,
  now,
}: {
  baseUrl: string | Promise<string>;
  now: number;
}): Promise<ListedSite[]> {
  const [parts, service] = await Promise.all([
    readItems(CACHE_INDEX_RECORD, INDEX_PART_IDS),
    baseUrl,
  ]);
  const prefix = entryName(service, '');
  const sites: ListedSite[] = [];
  for (const [name, row] of parts.flatMap((part) => Object.entries(part))) {
    if (!name.startsWith(prefix) || row.usableUntil <= now) continue;
    const { bytes: _bytes, ...listed } = row;
    const fresh = row.freshUntil !== null && now < row.freshUntil;
    sites.push({ ...listed, origin: name.slice(prefix.length), fresh });
  }
  return sites;
}

/** The kept report of one site; null when none is kept or it has expired. */
export async function readKeptReport(
  baseUrl: string,
  origin: string,
  now: number,
): Promise<ScanReport | null> {
  const entry = await readRecord(CACHE_ENTRY_RECORD, entryName(baseUrl, origin));
  if (entry === null || entry.outcome.kind !== 'report') return null;
  return judgedAt(entry.policy, reportRequestUrl(baseUrl, origin), now) === null
    ? null
    : entry.outcome.report;
}
