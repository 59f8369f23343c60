/**
 * The records of what the extension remembers for the user: the lookup log and each site's
 * score history, with the history's migration from version 1.
 */
import * as z from 'zod/mini';
import type { RecordDefinition } from '../stored-record';
import { isObject, readableItems } from './lenient-reads';

function logEntrySchema() {
  return z.object({
    id: z.number(),
    at: z.number(),
    origin: z.string(),
    service: z.string(),
    // Any outcome name: one a later version adds is still a line in the log.
    outcome: z.string(),
    status: z.catch(z.nullable(z.number()), null),
  });
}

export type StoredLogEntry = z.infer<ReturnType<typeof logEntrySchema>>;

export interface StoredLookupLog {
  nextId: number;
  /** Oldest first. */
  entries: StoredLogEntry[];
}

export const LOOKUP_LOG_RECORD: RecordDefinition<StoredLookupLog> = {
  name: 'lookup-log',
  area: 'local',
  key: 'lookup-log:v1',
  version: 1,
  schema: () => z.object({ nextId: z.number(), entries: z.array(logEntrySchema()) }),
  fallback: () => ({ nextId: 1, entries: [] }),
  // A damaged entry is dropped, not the whole log.
  salvage(raw) {
    if (typeof raw !== 'object' || raw === null) return null;
    const { entries, nextId } = raw as { entries?: unknown; nextId?: unknown };
    const kept = Array.isArray(entries) ? readableItems(entries, logEntrySchema()) : [];
    const next = Math.max(
      typeof nextId === 'number' && Number.isFinite(nextId) ? nextId : 0,
      ...kept.map((value) => value.id + 1),
      1,
    );
    return { nextId: next, entries: kept };
  },
};

/**
 * Checks kept per scan. A report listing more is no report of this service's checks (a hostile
 * or broken one): its checks are kept as unknown rather than cut, since a cut list would show
 * the checks cut off as fixed.
 */
export const MAX_CHECKS_PER_SCAN = 60;
/** A check's name is cut to this length (with "…"): enough for any name the popup shows. */
export const MAX_CHECK_NAME_LENGTH = 80;
/** A check's id longer than this makes the scan's checks unknown: ids are compared, never cut. */
export const MAX_CHECK_ID_LENGTH = 80;

/** At most `max` long: a refinement, as the other bounds here, not zod's own length check. */
const atMost =
  (max: number) =>
  (value: { length: number }): boolean =>
    value.length <= max;

/** A check the report listed as not passed, as the history keeps it. */
function listedCheckSchema() {
  return z.object({
    id: z.string().check(z.refine(atMost(MAX_CHECK_ID_LENGTH))),
    name: z.string().check(z.refine(atMost(MAX_CHECK_NAME_LENGTH))),
    tier: z.enum(['essential', 'recommended', 'bonus']),
    result: z.enum(['failed', 'partial']),
  });
}

/**
 * What a scan checked, beside its score: the checks it listed (each issue of the report), how
 * many checks it could run (`eligible_checks`) and the tiers it scored. Bounded as it is
 * recorded (lib/history/score-history.ts).
 */
export function scanChecksSchema() {
  return z.object({
    listed: z.array(listedCheckSchema()).check(z.refine(atMost(MAX_CHECKS_PER_SCAN))),
    eligible: z.number(),
    tiers: z.array(z.enum(['essential', 'recommended', 'bonus'])),
  });
}

function scoreRecordSchema() {
  return z.object({
    scannedAt: z.string(),
    score: z.nullable(z.number()),
    // Null: not known (a scan recorded by version 1, which kept only the score). Never an empty
    // list, which would claim the scan listed no check.
    checks: z.nullable(scanChecksSchema()),
  });
}

function siteHistorySchema() {
  return z.object({ seen: z.number(), scans: z.array(scoreRecordSchema()) });
}

export type ListedCheck = z.infer<ReturnType<typeof listedCheckSchema>>;
export type ScanChecks = z.infer<ReturnType<typeof scanChecksSchema>>;
export type ScoreRecord = z.infer<ReturnType<typeof scoreRecordSchema>>;
export type SiteHistory = z.infer<ReturnType<typeof siteHistorySchema>>;
export type StoredScoreHistory = Record<string, SiteHistory>;

/** A version 1 scan (`scannedAt`, `score`) as version 2: its checks are not known. */
function scanToVersion2(scan: unknown): unknown {
  return isObject(scan) && !('checks' in scan) ? { ...scan, checks: null } : scan;
}

/** Version 1 kept only each scan's score; version 2 adds what each scan checked. */
function historyToVersion2(older: unknown): unknown {
  if (!isObject(older)) return older;
  return Object.fromEntries(
    Object.entries(older).map(([site, entry]) => [
      site,
      isObject(entry) && Array.isArray(entry.scans)
        ? { ...entry, scans: entry.scans.map(scanToVersion2) }
        : entry,
    ]),
  );
}

/**
 * Keeps every readable scan of every site whose `seen` time is readable. A scan of version 1
 * among them is kept too, its checks unknown.
 */
function salvageHistory(raw: unknown): StoredScoreHistory | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const scan = scoreRecordSchema();
  const kept: StoredScoreHistory = {};
  for (const [site, value] of Object.entries(raw)) {
    if (site === '__proto__') continue;
    const { seen, scans } = (value ?? {}) as { seen?: unknown; scans?: unknown };
    if (typeof seen !== 'number' || !Number.isFinite(seen) || !Array.isArray(scans)) continue;
    kept[site] = {
      seen,
      scans: readableItems(scans.map(scanToVersion2), scan),
    };
  }
  return kept;
}

export const SCORE_HISTORY_RECORD: RecordDefinition<StoredScoreHistory> = {
  name: 'score-history',
  area: 'local',
  key: 'score-history',
  version: 2,
  schema: () => z.record(z.string(), siteHistorySchema()),
  fallback: () => ({}),
  // One damaged scan costs that scan, not the site's whole history.
  salvage: salvageHistory,
  migrations: { 2: historyToVersion2 },
};
