/**
 * Each site's previous scores, kept locally so the popup can say how a site moved since its
 * previous scan ("+8 since 3 Oct"). Recorded in the background as reports arrive, one entry
 * per scan (a report fetched again adds nothing), bounded per site and in sites, least
 * recently seen site out first.
 *
 * It lives in local storage under its own key, never in `settings`: everything in local
 * storage but the settings is local data, which "clear local data" removes, history included.
 */
import type { ScanReport } from '../contract/report-schema';
import { parseTime } from '../locale/format-time';
import type { LookupOutcome } from '../service/lookup-outcome';
import { createKeyedQueue } from '../storage/keyed-queue';
import { readLocal, writeLocal } from '../storage/local-records';

export const SCORE_HISTORY_KEY = 'score-history';
/** Scans kept per site: enough for a trend, a few hundred bytes a site. */
export const SCANS_PER_SITE = 10;
/** Sites kept: the least recently seen goes first. */
export const MAX_SITES = 200;

export interface ScoreRecord {
  /** The report's `scanned_at`, which tells one scan from another. */
  scannedAt: string;
  score: number | null;
}

interface SiteHistory {
  /** When a report of this site last arrived (epoch ms), for least-recently-seen eviction. */
  seen: number;
  /** Oldest first. */
  scans: ScoreRecord[];
}

type StoredHistory = Record<string, SiteHistory>;

/** The change since the previous scan with a score, as the popup shows it. */
export interface ScoreChange {
  /** Rounded current score minus rounded previous score. */
  delta: number;
  /** When the previous scan happened (epoch ms). */
  previousScannedAt: number;
}

function isScoreRecord(value: unknown): value is ScoreRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<ScoreRecord>;
  return (
    typeof record.scannedAt === 'string' &&
    (record.score === null || (typeof record.score === 'number' && Number.isFinite(record.score)))
  );
}

/** What is stored, with anything malformed (another version, a hand edit) left out. */
function parseHistory(stored: unknown): StoredHistory {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const history: StoredHistory = {};
  for (const [site, value] of Object.entries(stored as Record<string, unknown>)) {
    const entry = value as Partial<SiteHistory> | null;
    if (typeof entry?.seen !== 'number' || !Array.isArray(entry.scans)) continue;
    history[site] = { seen: entry.seen, scans: entry.scans.filter(isScoreRecord) };
  }
  return history;
}

/** The history with this report's scan added (unless already there) and the bounds applied. */
export function withScan(
  history: StoredHistory,
  site: string,
  report: Pick<ScanReport, 'scanned_at' | 'score'>,
  now: number,
): StoredHistory {
  const scans = history[site]?.scans ?? [];
  const known = scans.some((scan) => scan.scannedAt === report.scanned_at);
  const nextScans = known
    ? scans
    : [...scans, { scannedAt: report.scanned_at, score: report.score }].slice(-SCANS_PER_SITE);
  const next: StoredHistory = { ...history, [site]: { seen: now, scans: nextScans } };
  const sites = Object.keys(next);
  if (sites.length <= MAX_SITES) return next;
  const oldestFirst = sites.sort((a, b) => (next[a]?.seen ?? 0) - (next[b]?.seen ?? 0));
  for (const evicted of oldestFirst.slice(0, sites.length - MAX_SITES)) delete next[evicted];
  return next;
}

/**
 * The change from the latest earlier scan to this report: the previous scan is the newest
 * recorded one scanned before this report. Null without a score on either side or without an
 * earlier scan.
 */
export function scoreChangeFor(
  scans: readonly ScoreRecord[],
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

/** Every site's scans at once, for the sites page (one read of the one record). */
export async function readAllScans(): Promise<Record<string, ScoreRecord[]>> {
  const history = parseHistory(await readLocal(SCORE_HISTORY_KEY));
  return Object.fromEntries(Object.entries(history).map(([site, entry]) => [site, entry.scans]));
}

export interface ScoreHistory {
  record(site: string, report: ScanReport): Promise<void>;
  scansOf(site: string): Promise<ScoreRecord[]>;
}

export function createScoreHistory({ now }: { now: () => number }): ScoreHistory {
  // One storage record for all sites: its read-modify-writes must not interleave.
  const queue = createKeyedQueue<string>();
  const read = async () => parseHistory(await readLocal(SCORE_HISTORY_KEY));
  return {
    record: (site, report) =>
      queue.run(SCORE_HISTORY_KEY, async () => {
        await writeLocal(SCORE_HISTORY_KEY, withScan(await read(), site, report, now()));
      }),
    scansOf: async (site) => (await read())[site]?.scans ?? [],
  };
}

/**
 * Wraps a lookup so every report that arrives is recorded in the history. A failure to record
 * is reported to `onError` and never costs the user the report itself.
 */
export function withScoreHistory<Args extends unknown[]>(
  lookup: (target: string, ...rest: Args) => Promise<LookupOutcome>,
  history: Pick<ScoreHistory, 'record'>,
  onError: (error: unknown) => void,
): (target: string, ...rest: Args) => Promise<LookupOutcome> {
  return async (target, ...rest) => {
    const outcome = await lookup(target, ...rest);
    // Recorded beside the report's way to the tab, not before it.
    if (outcome.kind === 'report') history.record(target, outcome.report).catch(onError);
    return outcome;
  };
}
