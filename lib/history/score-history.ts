/** Each site's previous scans ("+8 since 3 Oct", the timeline), bounded (README). */
import type { ScanReport } from '../contract/report-schema';
import { parseTime } from '../locale/format-time';
import { readRecord } from '../storage/record';
import type { Epoch, Store } from '../storage/store';
import {
  checksOf,
  type RecordedReport,
  SCORE_HISTORY_RECORD,
  type ScoreRecord,
  type StoredHistory,
} from './scan-record';

/** Scans kept per site: enough for a trend, and small enough to keep for many sites. */
export const SCANS_PER_SITE = 10;
export const MAX_SITES = 200;
/**
 * Beside the cache's limit it keeps local storage within the browser's quota, so a settings
 * write never fails for lack of room, and pages read a bounded record.
 */
export const MAX_HISTORY_BYTES = 1_000_000;
/**
 * How stale a site's "last seen" may get before a lookup of a scan already recorded notes it
 * again: eviction only needs a rough order, and the whole history is rewritten to note it.
 */
export const SEEN_REFRESH_MS = 24 * 60 * 60 * 1000;

/** `delta`: rounded current score minus rounded previous score. */
export interface ScoreChange {
  delta: number;
  previousScannedAt: number;
}

/** The history itself when nothing worth a write changed. */
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
  const beyondCount = Math.max(0, oldestFirst.length + 1 - MAX_SITES);
  for (const evicted of oldestFirst.splice(0, beyondCount)) delete next[evicted];
  // Only a new scan makes the history bigger.
  if (!known) evictBeyondBytes(next, oldestFirst);
  return next;
}

/** Within every bound a write keeps; what a backup brings is held to the same. */
export function boundedHistory(history: StoredHistory): StoredHistory {
  const newestFirst = Object.entries(history).sort(([, a], [, b]) => b.seen - a.seen);
  const kept: StoredHistory = Object.fromEntries(
    newestFirst
      .slice(0, MAX_SITES)
      .map(([site, { seen, scans }]) => [site, { seen, scans: scans.slice(-SCANS_PER_SITE) }]),
  );
  evictBeyondBytes(kept, Object.keys(kept).reverse());
  return kept;
}

function evictBeyondBytes(history: StoredHistory, oldestFirst: readonly string[]): void {
  const sizeOf = (site: string) =>
    JSON.stringify(site).length + JSON.stringify(history[site]).length + 2;
  let total = Object.keys(history).reduce((sum, site) => sum + sizeOf(site), 2);
  for (const site of oldestFirst) {
    if (total <= MAX_HISTORY_BYTES) return;
    total -= sizeOf(site);
    delete history[site];
  }
}

/** From the newest recorded scan before it; null without a score on either side or a scan. */
export function scoreChangeFor(
  scans: readonly Pick<ScoreRecord, 'scannedAt' | 'score'>[],
  report: Pick<ScanReport, 'scanned_at' | 'score'>,
): ScoreChange | null {
  const current = parseTime(report.scanned_at);
  if (report.score === null || current === null) return null;
  let previous: { at: number; score: number } | null = null;
  for (const scan of scans) {
    const at = parseTime(scan.scannedAt);
    if (at === null || at >= current || scan.score === null) continue;
    if (previous === null || at > previous.at) previous = { at, score: scan.score };
  }
  if (previous === null) return null;
  return {
    delta: Math.round(report.score) - Math.round(previous.score),
    previousScannedAt: previous.at,
  };
}

const scansBySite = (history: StoredHistory): Record<string, ScoreRecord[]> =>
  Object.fromEntries(Object.entries(history).map(([site, entry]) => [site, entry.scans]));

export const readAllScans = async () => scansBySite(await readRecord(SCORE_HISTORY_RECORD));

export interface ScoreHistory {
  /** A history cleared `since` stays cleared. */
  record(site: string, report: ScanReport, since?: Epoch): Promise<void>;
  /** Every site's scans: a site's changes are told apart from the service's by the others'. */
  allScans(): Promise<Record<string, ScoreRecord[]>>;
}

export function createScoreHistory(deps: { store: Store; now: () => number }): ScoreHistory {
  return {
    async record(site, report, since) {
      await deps.store.update(
        SCORE_HISTORY_RECORD,
        (history) => withScan(history, site, report, deps.now()),
        { since },
      );
    },
    allScans: async () => scansBySite(await deps.store.read(SCORE_HISTORY_RECORD)),
  };
}
