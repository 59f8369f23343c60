/**
 * What changed, check by check, between two scans of a site: checks fixed, new, worse (partial,
 * now failed) and better (failed, now partial). A report lists only the checks a site did not
 * pass, so a check that leaves the list passed. The comparison is with the newest earlier scan
 * whose checks are known (a version 1 scan has none).
 *
 * What the service changed is told apart from what the site did, by three rules:
 * 1. Its counts moved: eligible checks, or a tier's points available or checks in total (when
 *    both scans kept them). The method changed; the lists are still compared.
 * 2. It moved them far: a tier scored in one scan only, or eligible checks moved by more than a
 *    fifth. The method changed so much that the lists are not compared at all.
 * 3. Its catalogue moved: a check this site lists for the first time that other sites scanned
 *    since all list too, and none did before, is a check the service began; one this site no
 *    longer lists that other sites all listed before, and none since, is one it stopped. Those
 *    are the method's, not the site's fixed or new.
 */
import type { ScanReport } from '../contract/report-schema';
import { parseTime } from '../locale/format-time';
import {
  checksOf,
  type ListedCheck,
  type RecordedReport,
  type ScanChecks,
  type ScoreRecord,
} from './scan-record';

/** What the changes are, in the order the current report lists its checks (fixed: the earlier). */
export interface CheckChanges {
  fixed: ListedCheck[];
  new: ListedCheck[];
  worse: ListedCheck[];
  better: ListedCheck[];
}

/** The service's part of a change (rules 1 and 3): the checks it began and stopped listing. */
export interface MethodChange {
  began: ListedCheck[];
  stopped: ListedCheck[];
}

export type CheckDiff =
  /** No earlier scan with known checks: nothing to compare with. */
  | { kind: 'first-scan' }
  /** The current scan's checks are not known (a report beyond the history's bounds). */
  | { kind: 'unknown' }
  /** The service counts checks so differently now that a list of changes would mislead. */
  | { kind: 'methodology-moved'; previousScannedAt: number }
  /** `method`: null when the service's method did not change. */
  | ({ kind: 'changes'; previousScannedAt: number; method: MethodChange | null } & CheckChanges);

/** Every other site's scans: what rule 3 reads. */
export type OtherScans = readonly (readonly ScoreRecord[])[];

/** Rule 2: a tier scored in one scan only, or eligible checks moved by more than a fifth. */
export function methodologyMoved(previous: ScanChecks, current: ScanChecks): boolean {
  const before = new Set(previous.tiers);
  const after = new Set(current.tiers);
  if (before.size !== after.size || [...before].some((tier) => !after.has(tier))) return true;
  return Math.abs(current.eligible - previous.eligible) * 5 > previous.eligible;
}

/** Rule 1: eligible checks, or a tier's points available or checks in total, moved. */
export function countsMoved(previous: ScanChecks, current: ScanChecks): boolean {
  const [before, after] = [previous.buckets, current.buckets];
  const bucketsMoved =
    before !== undefined &&
    after !== undefined &&
    (['essential', 'recommended'] as const).some(
      (tier) =>
        before[tier].available !== after[tier].available ||
        before[tier].total !== after[tier].total,
    );
  return bucketsMoved || previous.eligible !== current.eligible;
}

/**
 * Rule 3, from the other sites' known scans on either side of `since` (the earlier scan):
 * whether the service began listing a check (every other site's newest scan since lists it,
 * none before), or stopped (every other site's newest scan before lists it, none since).
 */
function catalogueMoves(others: OtherScans, since: number) {
  const newest: Record<'before' | 'after', Set<string>[]> = { before: [], after: [] };
  const ever = { before: new Set<string>(), after: new Set<string>() };
  for (const scans of others) {
    const last: Partial<Record<'before' | 'after', { at: number; ids: Set<string> }>> = {};
    for (const { scannedAt, checks } of scans) {
      const at = parseTime(scannedAt);
      if (at === null || checks === null) continue;
      const side = at <= since ? 'before' : 'after';
      const ids = new Set(checks.listed.map((check) => check.id));
      for (const id of ids) ever[side].add(id);
      if ((last[side]?.at ?? -Infinity) < at) last[side] = { at, ids };
    }
    if (last.before) newest.before.push(last.before.ids);
    if (last.after) newest.after.push(last.after.ids);
  }
  const everyOne = (sets: Set<string>[], id: string) =>
    sets.length > 0 && sets.every((ids) => ids.has(id));
  return {
    began: (check: ListedCheck) => everyOne(newest.after, check.id) && !ever.before.has(check.id),
    stopped: (check: ListedCheck) =>
      everyOne(newest.before, check.id) && newest.after.length > 0 && !ever.after.has(check.id),
  };
}

/** The changes from one known list of checks to another. */
export function checkChanges(previous: ScanChecks, current: ScanChecks): CheckChanges {
  const before = new Map(previous.listed.map((check) => [check.id, check]));
  const now = new Set(current.listed.map((check) => check.id));
  const changes: CheckChanges = { fixed: [], new: [], worse: [], better: [] };
  for (const check of current.listed) {
    const earlier = before.get(check.id);
    if (earlier === undefined) changes.new.push(check);
    else if (earlier.result === 'partial' && check.result === 'failed') changes.worse.push(check);
    else if (earlier.result === 'failed' && check.result === 'partial') changes.better.push(check);
  }
  changes.fixed = previous.listed.filter((check) => !now.has(check.id));
  return changes;
}

/**
 * The diff between two scans' checks, the earlier one scanned at `previousScannedAt`; `others`,
 * the other sites' scans, for rule 3.
 */
export function diffChecks(
  previous: { checks: ScanChecks; scannedAt: number } | null,
  current: ScanChecks | null,
  others: OtherScans = [],
): CheckDiff {
  if (current === null) return { kind: 'unknown' };
  if (previous === null) return { kind: 'first-scan' };
  const previousScannedAt = previous.scannedAt;
  if (methodologyMoved(previous.checks, current))
    return { kind: 'methodology-moved', previousScannedAt };
  const changes = checkChanges(previous.checks, current);
  const moves = catalogueMoves(others, previousScannedAt);
  const began = changes.new.filter(moves.began);
  const stopped = changes.fixed.filter(moves.stopped);
  const method =
    began.length + stopped.length > 0 || countsMoved(previous.checks, current)
      ? { began, stopped }
      : null;
  return {
    kind: 'changes',
    previousScannedAt,
    ...changes,
    new: changes.new.filter((check) => !began.includes(check)),
    fixed: changes.fixed.filter((check) => !stopped.includes(check)),
    method,
  };
}

/** The scans of every site but `site`, for rule 3. */
export const otherSites = (
  history: Readonly<Record<string, readonly ScoreRecord[]>>,
  site: string,
): OtherScans =>
  Object.entries(history).flatMap(([other, scans]) => (other === site ? [] : [scans]));

/** The diff to this report (recorded or not) from the newest earlier scan with known checks. */
export function checkDiffFor(
  scans: readonly ScoreRecord[],
  report: RecordedReport & Pick<ScanReport, 'scanned_at'>,
  others: OtherScans = [],
): CheckDiff {
  const current = parseTime(report.scanned_at);
  if (current === null) return { kind: 'unknown' };
  let previous: { checks: ScanChecks; scannedAt: number } | null = null;
  for (const scan of scans) {
    const at = parseTime(scan.scannedAt);
    if (at === null || at >= current || scan.checks === null) continue;
    if (previous === null || at > previous.scannedAt)
      previous = { checks: scan.checks, scannedAt: at };
  }
  return diffChecks(previous, checksOf(report), others);
}
