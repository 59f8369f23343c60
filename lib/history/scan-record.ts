/**
 * What the score history keeps of each scan, as stored: its score and what it checked (the
 * checks it listed, how many it could run, the tiers it scored), bounded as it is recorded;
 * with the history's migration from version 1, which kept only scores.
 */
import * as z from 'zod/mini';
import type { ScanReport } from '../contract/report-schema';
import { isObject, parseWith, type StoredRecord } from '../storage/record';

/**
 * Checks kept per scan. A report listing more (a hostile or broken one) has its checks kept as
 * unknown rather than cut: a cut list would show the checks cut off as fixed.
 */
export const MAX_CHECKS_PER_SCAN = 60;
/** A check's name is cut to this length (with "…"): enough for any name the popup shows. */
export const MAX_CHECK_NAME_LENGTH = 80;
/** A check's id longer than this makes the scan's checks unknown: ids are compared, never cut. */
export const MAX_CHECK_ID_LENGTH = 80;

/** At most `max` long: a refinement, as the other bounds here, not zod's own length check. */
const atMost = (max: number) => (value: { length: number }) => value.length <= max;

/** A check the report listed as not passed, as the history keeps it. */
function listedCheckSchema() {
  return z.object({
    id: z.string().check(z.refine(atMost(MAX_CHECK_ID_LENGTH))),
    name: z.string().check(z.refine(atMost(MAX_CHECK_NAME_LENGTH))),
    tier: z.enum(['essential', 'recommended', 'bonus']),
    result: z.enum(['failed', 'partial']),
  });
}

/** A scored tier's points available and checks in total, as the service counted them. */
const bucketScaleSchema = () => z.object({ available: z.number(), total: z.number() });

/**
 * What a scan checked: the checks it listed, how many it could run, the tiers it scored, and
 * how each tier was counted (absent from scans kept before it was: not known, not migrated).
 */
export function scanChecksSchema() {
  return z.object({
    listed: z.array(listedCheckSchema()).check(z.refine(atMost(MAX_CHECKS_PER_SCAN))),
    eligible: z.number(),
    tiers: z.array(z.enum(['essential', 'recommended', 'bonus'])),
    buckets: z.optional(
      z.object({ essential: bucketScaleSchema(), recommended: bucketScaleSchema() }),
    ),
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
export type StoredHistory = Record<string, SiteHistory>;

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

/** Every readable scan (of version 1 too) of every site whose `seen` time is readable. */
function salvageHistory(raw: unknown): StoredHistory | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const scan = scoreRecordSchema();
  const kept: StoredHistory = {};
  for (const [site, value] of Object.entries(raw)) {
    if (site === '__proto__') continue;
    const { seen, scans } = (value ?? {}) as { seen?: unknown; scans?: unknown };
    if (typeof seen !== 'number' || !Number.isFinite(seen) || !Array.isArray(scans)) continue;
    kept[site] = {
      seen,
      scans: scans.map(scanToVersion2).flatMap((value) => {
        const parsed = scan.safeParse(value);
        return parsed.success ? [parsed.data] : [];
      }),
    };
  }
  return kept;
}

export const SCORE_HISTORY_RECORD: StoredRecord<StoredHistory> = {
  name: 'score-history',
  area: 'local',
  key: 'score-history',
  version: 2,
  parse: parseWith(() => z.record(z.string(), siteHistorySchema())),
  fallback: () => ({}),
  // One damaged scan costs that scan, not the site's whole history.
  salvage: salvageHistory,
  migrations: { 2: historyToVersion2 },
};

/** What of a report the history keeps. */
export type RecordedReport = Pick<
  ScanReport,
  'scanned_at' | 'score' | 'eligible_checks' | 'score_breakdown' | 'issues'
>;

/**
 * What a report checked, within the bounds; null (unknown) when it lists more checks than a
 * scan keeps or an id too long to keep. A check listed twice is kept once (the first).
 */
export function checksOf(report: RecordedReport): ScanChecks | null {
  if (report.issues.length > MAX_CHECKS_PER_SCAN) return null;
  const listed = new Map<string, ListedCheck>();
  for (const { id, name, tier, result } of report.issues) {
    if (id.length > MAX_CHECK_ID_LENGTH) return null;
    const cut =
      name.length <= MAX_CHECK_NAME_LENGTH ? name : `${name.slice(0, MAX_CHECK_NAME_LENGTH - 1)}…`;
    if (!listed.has(id)) listed.set(id, { id, name: cut, tier, result });
  }
  // A tier counts as scored when its bucket holds checks. The bonus tier has no count of checks
  // in the report (points and positive signals only, which move as a site improves), so it is
  // never said to appear or disappear.
  const { essential, recommended } = report.score_breakdown;
  const tiers = (['essential', 'recommended'] as const).filter(
    (tier) => report.score_breakdown[tier].total > 0,
  );
  const scale = ({ available, total }: typeof essential) => ({ available, total });
  const buckets = { essential: scale(essential), recommended: scale(recommended) };
  return { listed: [...listed.values()], eligible: report.eligible_checks, tiers, buckets };
}
