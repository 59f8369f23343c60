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
import { readRecord } from '../storage/record-reads';
import type { Epoch, RecordStore } from '../storage/record-store';
import {
  type ListedCheck,
  MAX_CHECK_ID_LENGTH,
  MAX_CHECK_NAME_LENGTH,
  MAX_CHECKS_PER_SCAN,
  SCORE_HISTORY_RECORD,
  type ScanChecks,
  type ScoreRecord,
  type SiteHistory,
  type StoredScoreHistory,
  scanChecksSchema,
} from '../storage/records';

export type { ListedCheck, ScanChecks, ScoreRecord, SiteHistory };
export { MAX_CHECK_ID_LENGTH, MAX_CHECK_NAME_LENGTH, MAX_CHECKS_PER_SCAN, scanChecksSchema };

export const SCORE_HISTORY_KEY = SCORE_HISTORY_RECORD.key;
/** Scans kept per site: enough for a trend, and small enough to keep for many sites. */
export const SCANS_PER_SITE = 10;
/** Sites kept: the least recently seen goes first. */
export const MAX_SITES = 200;
/**
 * The history's size as stored (its JSON), at most: sites whose reports list many checks reach
 * it before MAX_SITES, and the least recently seen go first then too. Beside the cache's own
 * byte limit (lib/cache/report-cache.ts) it keeps local storage well within the browser's quota,
 * so a settings write never fails for lack of room, and the pages that read the whole history
 * (the sites page, the popup's score change) read a bounded record.
 */
export const MAX_HISTORY_BYTES = 1_000_000;
/** What of a report the history keeps. */
export type RecordedReport = Pick<
  ScanReport,
  'scanned_at' | 'score' | 'eligible_checks' | 'score_breakdown' | 'issues'
>;

function cutName(name: string): string {
  return name.length <= MAX_CHECK_NAME_LENGTH
    ? name
    : `${name.slice(0, MAX_CHECK_NAME_LENGTH - 1)}…`;
}

/**
 * What a report checked, within the bounds; null (unknown) when it lists more checks than a
 * scan keeps or an id too long to keep. A check listed twice is kept once (the first).
 */
export function checksOf(report: RecordedReport): ScanChecks | null {
  if (report.issues.length > MAX_CHECKS_PER_SCAN) return null;
  const listed: ListedCheck[] = [];
  const seen = new Set<string>();
  for (const issue of report.issues) {
    if (issue.id.length > MAX_CHECK_ID_LENGTH) return null;
    if (seen.has(issue.id)) continue;
    seen.add(issue.id);
    listed.push({
      id: issue.id,
      name: cutName(issue.name),
      tier: issue.tier,
      result: issue.result,
    });
  }
  const { essential, recommended } = report.score_breakdown;
  // A tier counts as scored when its bucket holds checks. The bonus tier has no count of checks
  // in the report (points and positive signals only, which move as a site improves), so it is
  // never said to appear or disappear.
  const tiers: ScanChecks['tiers'] = [];
  if (essential.total > 0) tiers.push('essential');
  if (recommended.total > 0) tiers.push('recommended');
  return { listed, eligible: report.eligible_checks, tiers };
}

/** The whole history as stored: site → its scans. */
export type StoredHistory = StoredScoreHistory;

/** The change since the previous scan with a score, as the popup shows it. */
export interface ScoreChange {
  /** Rounded current score minus rounded previous score. */
  delta: number;
  /** When the previous scan happened (epoch ms). */
  previousScannedAt: number;
}

/** The history with this report's scan added (unless already there) and the bounds applied. */
export function withScan(
  history: StoredHistory,
  site: string,
  report: RecordedReport,
  now: number,
): StoredHistory {
  const scans = history[site]?.scans ?? [];
  const known = scans.some((scan) => scan.scannedAt === report.scanned_at);
  const recorded: ScoreRecord = {
    scannedAt: report.scanned_at,
    score: report.score,
    checks: checksOf(report),
  };
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

/** Drops sites, in the order given, until the history's JSON is within MAX_HISTORY_BYTES. */
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

/**
 * The change from the latest earlier scan to this report: the previous scan is the newest
 * recorded one scanned before this report. Null without a score on either side or without an
 * earlier scan.
 */
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

/** Every site's scans at once, for the sites page (one read of the one record). */
export async function readAllScans(): Promise<Record<string, ScoreRecord[]>> {
  const history = await readRecord(SCORE_HISTORY_RECORD);
  return Object.fromEntries(Object.entries(history).map(([site, entry]) => [site, entry.scans]));
}

export interface ScoreHistory {
  /** `since`: the epoch the lookup began in; a history cleared meanwhile stays cleared. */
  record(site: string, report: ScanReport, since?: Epoch): Promise<void>;
  scansOf(site: string): Promise<ScoreRecord[]>;
}

/** The score history as the worker keeps it: every change through the store, in order. */
export function createScoreHistory(deps: { store: RecordStore; now: () => number }): ScoreHistory {
  return {
    async record(site, report, since) {
      await deps.store.update(
        SCORE_HISTORY_RECORD,
        (history) => withScan(history, site, report, deps.now()),
        { since },
      );
    },
    scansOf: async (site) => (await deps.store.read(SCORE_HISTORY_RECORD))[site]?.scans ?? [],
  };
}

/** One site's scans, for a page (which only reads). */
export async function readScansOf(site: string): Promise<ScoreRecord[]> {
  return (await readRecord(SCORE_HISTORY_RECORD))[site]?.scans ?? [];
}

/**
 * Wraps a lookup so every report that arrives is recorded in the history. A failure to record
 * is reported to `onError` and never costs the user the report itself.
 */
export function withScoreHistory<Args extends unknown[]>(
  lookup: (target: string, ...rest: Args) => Promise<LookupOutcome>,
  history: Pick<ScoreHistory, 'record'>,
  deps: { epoch: () => Epoch; onError: (error: unknown) => void },
): (target: string, ...rest: Args) => Promise<LookupOutcome> {
  return async (target, ...rest) => {
    // Taken as the request leaves: an answer that comes after "clear all local data" adds
    // nothing to the history.
    const since = deps.epoch();
    const outcome = await lookup(target, ...rest);
    // Recorded beside the report's way to the tab, not before it.
    if (outcome.kind === 'report') {
      history.record(target, outcome.report, since).catch(deps.onError);
    }
    return outcome;
  };
}
