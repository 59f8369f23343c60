/** What the sites page reads of the cache: the index's rows, and a few full reports. */
import { reportRequestUrl } from '../service/report-client';
import { readItems, readRecord } from '../storage/record';
import { judgedAt } from './cache-freshness';
import {
  CACHE_ENTRY_RECORD,
  CACHE_INDEX_RECORD,
  entryName,
  INDEX_PART_IDS,
  type IndexEntry,
} from './cache-records';

/** `fresh`: otherwise stale but still usable (expired answers are not listed). */
export type ListedSite = Omit<IndexEntry, 'bytes'> & { origin: string; fresh: boolean };

/** Still usable at `now`; the index is read while the base URL may still be on its way. */
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

export async function readKeptReport(baseUrl: string, origin: string, now: number) {
  const entry = await readRecord(CACHE_ENTRY_RECORD, entryName(baseUrl, origin));
  if (entry === null || entry.outcome.kind !== 'report') return null;
  return judgedAt(entry.policy, reportRequestUrl(baseUrl, origin), now) === null
    ? null
    : entry.outcome.report;
}
