/** What changed, check by check, between two scans of a site, by three rules (README). */
import type { ScanReport } from '../contract/report-schema';
import { parseTime } from '../locale/format-time';
import {
  checksOf,
  type ListedCheck,
  newestBefore,
  type RecordedReport,
  type ScanChecks,
  type ScoreRecord,
} from './scan-record';

/** In the order the current report lists its checks (fixed: the earlier report's order). */
export type CheckChanges = Record<'fixed' | 'new' | 'worse' | 'better', ListedCheck[]>;

/** The service's part of a change (rules 1 and 3): the checks it began and stopped listing. */
export type MethodChange = Record<'began' | 'stopped', ListedCheck[]>;

export type CheckDiff =
  /** No earlier scan with known checks: nothing to compare with. */
  | { kind: 'first-scan' }
  /** The current scan's checks are not known (a report beyond the history's bounds). */
  | { kind: 'unknown' }
  /** Rule 2: a list of changes would mislead. */
  | { kind: 'methodology-moved'; previousScannedAt: number }
  /** `method`: null when the service's method did not change. */
  | ({ kind: 'changes'; previousScannedAt: number; method: MethodChange | null } & CheckChanges);

export type OtherScans = readonly (readonly ScoreRecord[])[];

/** Rule 2: a tier scored in one scan only, or eligible checks moved by more than a fifth. */
export function methodologyMoved(previous: ScanChecks, current: ScanChecks): boolean {
  const before = new Set(previous.tiers);
  const after = new Set(current.tiers);
  if (before.size !== after.size || [...before].some((tier) => !after.has(tier))) return true;
  return Math.abs(current.eligible - previous.eligible) * 5 > previous.eligible;
}

/** Rule 1: eligible checks, or a tier's points available or checks in total, moved. */
function countsMoved(previous: ScanChecks, current: ScanChecks): boolean {
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

/** Rule 3, from the other sites' known scans on either side of `since` (the earlier scan). */
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

export function checkChanges(previous: ScanChecks, current: ScanChecks): CheckChanges {
  const before = new Map(previous.listed.map((check) => [check.id, check]));
  const now = new Set(current.listed.map((check) => check.id));
  const fixed = previous.listed.filter((check) => !now.has(check.id));
  const changes: CheckChanges = { fixed, new: [], worse: [], better: [] };
  for (const check of current.listed) {
    const earlier = before.get(check.id);
    if (earlier === undefined) changes.new.push(check);
    else if (earlier.result === 'partial' && check.result === 'failed') changes.worse.push(check);
    else if (earlier.result === 'failed' && check.result === 'partial') changes.better.push(check);
  }
  return changes;
}

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

export const otherSites = (
  history: Readonly<Record<string, readonly ScoreRecord[]>>,
  site: string,
): OtherScans =>
  Object.entries(history).flatMap(([other, scans]) => (other === site ? [] : [scans]));

/** From the newest earlier scan with known checks (a version 1 scan has none). */
export function checkDiffFor(
  scans: readonly ScoreRecord[],
  report: RecordedReport & Pick<ScanReport, 'scanned_at'>,
  others: OtherScans = [],
): CheckDiff {
  const current = parseTime(report.scanned_at);
  if (current === null) return { kind: 'unknown' };
  const previous = newestBefore(scans, current, (scan) => scan.checks);
  return diffChecks(
    previous && { checks: previous.kept, scannedAt: previous.at },
    checksOf(report),
    others,
  );
}
