/**
 * What changed, check by check, between two scans of a site: checks fixed, new, worse (partial,
 * now failed) and better (failed, now partial). A report lists only the checks a site did not
 * pass, so a check that leaves the list passed. The comparison is with the newest earlier scan
 * whose checks are known (a version 1 scan has none).
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

export type CheckDiff =
  /** No earlier scan with known checks: nothing to compare with. */
  | { kind: 'first-scan' }
  /** The current scan's checks are not known (a report beyond the history's bounds). */
  | { kind: 'unknown' }
  /** The service counts checks differently now: a list of changes would mislead. */
  | { kind: 'methodology-moved'; previousScannedAt: number }
  | ({ kind: 'changes'; previousScannedAt: number } & CheckChanges);

/**
 * Whether the service changed how it counts checks, so checks leaving or joining the list say
 * more about the service than the site: a tier scored in one scan only, or eligible checks moved
 * by more than a fifth (any move from none). A check or two added or retired stays within it.
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

/** The diff between two scans' checks, the earlier one scanned at `previousScannedAt`. */
export function diffChecks(
  previous: { checks: ScanChecks; scannedAt: number } | null,
  current: ScanChecks | null,
): CheckDiff {
  if (current === null) return { kind: 'unknown' };
  if (previous === null) return { kind: 'first-scan' };
  const previousScannedAt = previous.scannedAt;
  if (methodologyMoved(previous.checks, current))
    return { kind: 'methodology-moved', previousScannedAt };
  return { kind: 'changes', previousScannedAt, ...checkChanges(previous.checks, current) };
}

/** The diff to this report (recorded or not) from the newest earlier scan with known checks. */
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
