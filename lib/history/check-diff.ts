/**
 * What changed, check by check, between two scans of a site: the checks fixed (listed before,
 * not now), new (not listed before, listed now), worse (partial, now failed) and better (failed,
 * now partial). A report lists only the checks a site did not pass, so a check that leaves the
 * list passed and one that joins it stopped passing.
 *
 * The comparison is with the newest earlier scan whose checks are known: a scan recorded before
 * the history kept checks (version 1) has none to compare with, and is skipped.
 */
import type { ScanReport } from '../contract/report-schema';
import { parseTime } from '../locale/format-time';
import {
  checksOf,
  type ListedCheck,
  type RecordedReport,
  type ScanChecks,
  type ScoreRecord,
} from './score-history';

/** What the changes are, in the order the current report lists its checks (fixed: the earlier). */
export interface CheckChanges {
  fixed: ListedCheck[];
  new: ListedCheck[];
  worse: ListedCheck[];
  better: ListedCheck[];
}

export type CheckDiff =
  /** No earlier scan with known checks: nothing to compare with. */
  | { kind: 'first-scan' }
  /** The current scan's checks are not known (a report beyond the history's bounds). */
  | { kind: 'unknown' }
  /** The service counts checks differently now: a list of changes would mislead. */
  | { kind: 'methodology-moved'; previousScannedAt: number }
  | ({ kind: 'changes'; previousScannedAt: number } & CheckChanges);

/**
 * Whether the service changed how it counts checks between two scans, so that checks leaving
 * or joining the list say more about the service than about the site. The rule: a tier scored
 * in one scan and not in the other, or the number of eligible checks moved by more than a
 * fifth of the earlier number (any move from none). A check or two added to or retired from
 * the service's list stays within it; a new family of checks or a tier switched on does not.
 */
export function methodologyMoved(previous: ScanChecks, current: ScanChecks): boolean {
  const before = new Set(previous.tiers);
  const after = new Set(current.tiers);
  if (before.size !== after.size || [...before].some((tier) => !after.has(tier))) return true;
  return Math.abs(current.eligible - previous.eligible) * 5 > previous.eligible;
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

/** True when nothing changed, check by check. */
export function noChanges(changes: CheckChanges): boolean {
  return (
    changes.fixed.length + changes.new.length + changes.worse.length + changes.better.length === 0
  );
}

/** The diff between two scans' checks, the earlier one scanned at `previousScannedAt`. */
export function diffChecks(
  previous: { checks: ScanChecks; scannedAt: number } | null,
  current: ScanChecks | null,
): CheckDiff {
  if (current === null) return { kind: 'unknown' };
  if (previous === null) return { kind: 'first-scan' };
  if (methodologyMoved(previous.checks, current)) {
    return { kind: 'methodology-moved', previousScannedAt: previous.scannedAt };
  }
  return {
    kind: 'changes',
    previousScannedAt: previous.scannedAt,
    ...checkChanges(previous.checks, current),
  };
}

/**
 * The diff from the newest recorded scan before this report whose checks are known to the
 * report itself. The report need not be recorded yet: its checks are taken from it.
 */
export function checkDiffFor(
  scans: readonly ScoreRecord[],
  report: RecordedReport & Pick<ScanReport, 'scanned_at'>,
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
  return diffChecks(previous, checksOf(report));
}
