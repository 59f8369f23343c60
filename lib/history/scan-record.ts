/** What the score history keeps of each scan, as stored and bounded; version 1 kept only scores. */
import * as v from 'valibot';
import { jsonNumber } from '../contract/json-schemas';
import { ISSUE_RESULTS, ISSUE_TIERS, type ScanReport } from '../contract/report-schema';
import { parseTime } from '../locale/format-time';
import { isObject, parseWith } from '../storage/record';

/**
 * Checks kept per scan. A report listing more (a hostile or broken one) has its checks kept as
 * unknown rather than cut: a cut list would show the checks cut off as fixed.
 */
export const MAX_CHECKS_PER_SCAN = 60;
/** A check's name is cut to this length (with "…"): enough for any name the popup shows. */
export const MAX_CHECK_NAME_LENGTH = 80;
/** A check's id longer than this makes the scan's checks unknown: ids are compared, never cut. */
export const MAX_CHECK_ID_LENGTH = 80;

function listedCheckSchema() {
  return v.object({
    id: v.pipe(v.string(), v.maxLength(MAX_CHECK_ID_LENGTH)),
    name: v.pipe(v.string(), v.maxLength(MAX_CHECK_NAME_LENGTH)),
    tier: v.picklist(ISSUE_TIERS),
    result: v.picklist(ISSUE_RESULTS),
  });
}

const bucketScaleSchema = () => v.object({ available: jsonNumber(), total: jsonNumber() });

/** `buckets`: absent from scans kept before it was (not known, not migrated). */
export function scanChecksSchema() {
  return v.object({
    listed: v.pipe(v.array(listedCheckSchema()), v.maxLength(MAX_CHECKS_PER_SCAN)),
    eligible: jsonNumber(),
    tiers: v.array(v.picklist(ISSUE_TIERS)),
    buckets: v.optional(
      v.object({ essential: bucketScaleSchema(), recommended: bucketScaleSchema() }),
    ),
  });
}

function scoreRecordSchema() {
  return v.object({
    scannedAt: v.string(),
    score: v.nullable(jsonNumber()),
    // Null: not known (a scan recorded by version 1, which kept only the score). Never an empty
    // list, which would claim the scan listed no check.
    checks: v.nullable(scanChecksSchema()),
  });
}

export function siteHistorySchema() {
  return v.object({ seen: jsonNumber(), scans: v.array(scoreRecordSchema()) });
}

export type ListedCheck = v.InferOutput<ReturnType<typeof listedCheckSchema>>;
export type ScanChecks = v.InferOutput<ReturnType<typeof scanChecksSchema>>;
export type ScoreRecord = v.InferOutput<ReturnType<typeof scoreRecordSchema>>;
export type SiteHistory = v.InferOutput<ReturnType<typeof siteHistorySchema>>;
export type StoredHistory = Record<string, SiteHistory>;

const parseScoreRecord = parseWith(scoreRecordSchema);

function scanToVersion2(scan: unknown): unknown {
  return isObject(scan) && !('checks' in scan) ? { ...scan, checks: null } : scan;
}

export function historyToVersion2(older: unknown): unknown {
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

/** Every readable scan (of version 1 too) of every site whose `seen` is readable. */
export function salvageHistory(raw: unknown): StoredHistory | undefined {
  if (!isObject(raw)) return undefined;
  const kept: StoredHistory = {};
  for (const [site, value] of Object.entries(raw)) {
    if (site === '__proto__') continue;
    const { seen, scans } = (value ?? {}) as { seen?: unknown; scans?: unknown };
    if (typeof seen !== 'number' || !Number.isFinite(seen) || !Array.isArray(scans)) continue;
    kept[site] = {
      seen,
      scans: scans.map(scanToVersion2).flatMap((value) => parseScoreRecord(value) ?? []),
    };
  }
  return kept;
}

export type RecordedReport = Pick<
  ScanReport,
  'scanned_at' | 'score' | 'eligible_checks' | 'score_breakdown' | 'issues'
>;

/** The newest of `scans` before `current` with something to keep (not null), and its time. */
export function newestBefore<S extends Pick<ScoreRecord, 'scannedAt'>, K>(
  scans: readonly S[],
  current: number,
  keep: (scan: S) => K | null,
): { kept: K; at: number } | null {
  let newest: { kept: K; at: number } | null = null;
  for (const scan of scans) {
    const at = parseTime(scan.scannedAt);
    const kept = keep(scan);
    if (at === null || at >= current || kept === null) continue;
    if (newest === null || at > newest.at) newest = { kept, at };
  }
  return newest;
}

/** Null (unknown) beyond the bounds; a check listed twice is kept once (the first). */
export function checksOf(report: RecordedReport): ScanChecks | null {
  if (report.issues.length > MAX_CHECKS_PER_SCAN) return null;
  const listed = new Map<string, ListedCheck>();
  for (const { id, name, tier, result } of report.issues) {
    if (id.length > MAX_CHECK_ID_LENGTH) return null;
    const cut =
      name.length <= MAX_CHECK_NAME_LENGTH ? name : `${name.slice(0, MAX_CHECK_NAME_LENGTH - 1)}…`;
    if (!listed.has(id)) listed.set(id, { id, name: cut, tier, result });
  }
  // A tier is scored when its bucket holds checks. The bonus tier counts none (points and
  // positive signals only, which move as a site improves): it never appears or disappears.
  const { essential, recommended } = report.score_breakdown;
  const tiers = (['essential', 'recommended'] as const).filter(
    (tier) => report.score_breakdown[tier].total > 0,
  );
  const scale = ({ available, total }: typeof essential) => ({ available, total });
  const buckets = { essential: scale(essential), recommended: scale(recommended) };
  return { listed: [...listed.values()], eligible: report.eligible_checks, tiers, buckets };
}
