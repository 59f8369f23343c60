/** Each site's previous scans ("+8 since 3 Oct", the timeline), bounded (README). */
import * as v from 'valibot';
import { jsonRecordOf } from '../contract/json-schemas';
import type { ScanReport } from '../contract/report-schema';
import { parseTime } from '../locale/format-time';
import { parseWith, partIds, partOf, readItems, type StoredRecord } from '../storage/record';
import type { Epoch, Store } from '../storage/store';
import {
  checksOf,
  historyToVersion2,
  newestBefore,
  type RecordedReport,
  type ScoreRecord,
  type StoredHistory,
  salvageHistory,
  siteHistorySchema,
} from './scan-record';

/** Scans kept per site: enough for a trend, and small enough to keep for many sites. */
export const SCANS_PER_SITE = 10;
/** A site is always in the same part: a new scan rewrites one part, not every site's scans. */
const HISTORY_PARTS = 16;
export const HISTORY_PART_IDS = partIds(HISTORY_PARTS);
export const SITES_PER_PART = 16;
/**
 * Beside the cache's limit the parts keep local storage within the browser's quota, so a
 * settings write never fails for lack of room, and pages read a bounded record.
 */
export const MAX_HISTORY_BYTES = 1_000_000;
export const BYTES_PER_PART = MAX_HISTORY_BYTES / HISTORY_PARTS;
/**
 * How stale a site's "last seen" may get before a lookup of a scan already recorded notes it
 * again: eviction only needs a rough order, and the site's part is rewritten to note it.
 */
export const SEEN_REFRESH_MS = 24 * 60 * 60 * 1000;

export const historyPartOf = (site: string) => partOf(site, HISTORY_PARTS);

/** Whole, as a backup holds it and the rules that compare sites read it. */
const wholeHistory = (parts: readonly StoredHistory[]): StoredHistory =>
  Object.assign({}, ...parts);

/** Every part of `history`, within the bounds (the least recently seen sites out first). */
export function historyParts(history: StoredHistory): Record<string, StoredHistory> {
  const parts: Record<string, StoredHistory> = Object.fromEntries(
    HISTORY_PART_IDS.map((id) => [id, {}]),
  );
  const newestFirst = Object.entries(history).sort(([, a], [, b]) => b.seen - a.seen);
  for (const [site, { seen, scans }] of newestFirst) {
    const part = parts[historyPartOf(site)] as StoredHistory;
    if (Object.keys(part).length < SITES_PER_PART) {
      part[site] = { seen, scans: scans.slice(-SCANS_PER_SITE) };
    }
  }
  for (const part of Object.values(parts)) evictBeyondBytes(part, Object.keys(part).reverse());
  return parts;
}

/** Within every bound a write keeps; what a backup brings is held to the same. */
export const boundedHistory = (history: StoredHistory): StoredHistory =>
  wholeHistory(Object.values(historyParts(history)));

/** A site already in a part keeps the later of its two entries. */
function splitHistory(whole: StoredHistory, stored: Record<string, StoredHistory>) {
  const merged = wholeHistory(Object.values(stored));
  for (const [site, entry] of Object.entries(whole)) {
    if ((merged[site]?.seen ?? Number.NEGATIVE_INFINITY) < entry.seen) merged[site] = entry;
  }
  return historyParts(merged);
}

export const SCORE_HISTORY_RECORD: StoredRecord<StoredHistory> = {
  name: 'score-history',
  area: 'local',
  key: 'score-history:',
  family: true,
  asText: true,
  version: 3,
  parse: parseWith(() => jsonRecordOf(v.string(), siteHistorySchema())),
  fallback: () => ({}),
  // One damaged scan costs that scan, not the site's whole history.
  salvage: salvageHistory,
  migrations: { 2: historyToVersion2 },
  // Until version 3 the history was one record, rewritten whole for every new scan.
  splitFrom: { key: 'score-history', split: splitHistory },
};

/** Every part, whole, in one storage call: `readParts` is the store's `readItems` (the worker) or record.ts's (a page). */
export const readWholeHistory = async (readParts: typeof readItems<StoredHistory>) =>
  wholeHistory(await readParts(SCORE_HISTORY_RECORD, HISTORY_PART_IDS));

/** The whole history in its parts, each in the order of the part's other writes. */
export async function writeWholeHistory(store: Store, history: StoredHistory): Promise<void> {
  const parts = Object.entries(historyParts(history));
  await Promise.all(parts.map(([id, part]) => store.write(SCORE_HISTORY_RECORD, part, { id })));
}

/** The site's part itself when nothing worth a write changed. */
export function withScan(
  history: StoredHistory,
  site: string,
  report: RecordedReport,
  now: number,
): StoredHistory {
  const scans = history[site]?.scans ?? [];
  const known = scans.some((scan) => scan.scannedAt === report.scanned_at);
  const seen = history[site]?.seen ?? Number.NEGATIVE_INFINITY;
  if (known && now - seen < SEEN_REFRESH_MS) return history;
  const recorded = { scannedAt: report.scanned_at, score: report.score, checks: checksOf(report) };
  const nextScans = known ? scans : [...scans, recorded].slice(-SCANS_PER_SITE);
  const next: StoredHistory = { ...history, [site]: { seen: now, scans: nextScans } };
  const oldestFirst = Object.keys(next)
    .filter((one) => one !== site)
    .sort((a, b) => (next[a]?.seen ?? 0) - (next[b]?.seen ?? 0));
  const beyondCount = Math.max(0, oldestFirst.length + 1 - SITES_PER_PART);
  for (const evicted of oldestFirst.splice(0, beyondCount)) delete next[evicted];
  // Only a new scan makes the history bigger.
  if (!known) evictBeyondBytes(next, oldestFirst);
  return next;
}

function evictBeyondBytes(history: StoredHistory, oldestFirst: readonly string[]): void {
  const sizeOf = (site: string) =>
    JSON.stringify(site).length + JSON.stringify(history[site]).length + 2;
  let total = Object.keys(history).reduce((sum, site) => sum + sizeOf(site), 2);
  for (const site of oldestFirst) {
    if (total <= BYTES_PER_PART) return;
    total -= sizeOf(site);
    delete history[site];
  }
}

/** `delta`: rounded current score minus rounded previous score. */
export type ScoreChange = NonNullable<ReturnType<typeof scoreChangeFor>>;

/** From the newest recorded scan before it; null without a score on either side or a scan. */
export function scoreChangeFor(
  scans: readonly Pick<ScoreRecord, 'scannedAt' | 'score'>[],
  report: Pick<ScanReport, 'scanned_at' | 'score'>,
): { delta: number; previousScannedAt: number } | null {
  // Most of the sites page's thousands of rows have no earlier scan: no time to parse.
  if (scans.length === 0 || report.score === null) return null;
  const current = parseTime(report.scanned_at);
  const previous = current === null ? null : newestBefore(scans, current, (scan) => scan.score);
  if (previous === null) return null;
  return {
    delta: Math.round(report.score) - Math.round(previous.kept),
    previousScannedAt: previous.at,
  };
}

const scansBySite = (history: StoredHistory): Record<string, ScoreRecord[]> =>
  Object.fromEntries(Object.entries(history).map(([site, entry]) => [site, entry.scans]));

export const readAllScans = async () => scansBySite(await readWholeHistory(readItems));

export type ScoreHistory = ReturnType<typeof createScoreHistory>;

export function createScoreHistory(deps: { store: Store; now: () => number }) {
  return {
    /** A history cleared `since` stays cleared. */
    async record(site: string, report: ScanReport, since?: Epoch): Promise<void> {
      await deps.store.update(
        SCORE_HISTORY_RECORD,
        (part) => withScan(part, site, report, deps.now()),
        { id: historyPartOf(site), since },
      );
    },
    /** Every site's scans: a site's changes are told apart from the service's by the others'. */
    allScans: async () => scansBySite(await readWholeHistory(deps.store.readItems)),
  };
}
