/**
 * A site's timeline for the sites page: every scan this browser saw, oldest to newest, each with
 * its score, how the score moved and what changed check by check since the scan before it.
 *
 * Each step follows the same rules as the popup's change line (check-diff.ts): a score change is
 * against the newest earlier scan with a score, a check diff against the newest earlier scan
 * whose checks are known. So the newest step of the timeline says what the popup says.
 */
import { parseTime } from '../locale/format-time';
import { type CheckDiff, diffChecks } from './check-diff';
import type { ScanChecks, ScoreRecord } from './score-history';

export type TimelineChanges =
  /** The oldest scan seen: nothing to compare with. */
  | { kind: 'first-scan' }
  /** This scan's checks, or those of every earlier scan, were not kept. */
  | { kind: 'unknown' }
  | Exclude<CheckDiff, { kind: 'first-scan' } | { kind: 'unknown' }>;

export interface TimelineStep {
  scannedAt: number;
  score: number | null;
  /** Rounded score minus the rounded score of the newest earlier scan with one. */
  scoreDelta: number | null;
  changes: TimelineChanges;
}

/** The steps, oldest first; scans whose time cannot be read are left out. */
export function timelineOf(scans: readonly ScoreRecord[]): TimelineStep[] {
  const dated = scans
    .map((scan) => ({ scan, at: parseTime(scan.scannedAt) }))
    .filter((entry): entry is { scan: ScoreRecord; at: number } => entry.at !== null)
    .sort((a, b) => a.at - b.at);
  const steps: TimelineStep[] = [];
  let lastScore: number | null = null;
  let lastChecks: { checks: ScanChecks; scannedAt: number } | null = null;
  for (const [index, { scan, at }] of dated.entries()) {
    const score = scan.score === null ? null : Math.round(scan.score);
    steps.push({
      scannedAt: at,
      score,
      scoreDelta: score === null || lastScore === null ? null : score - lastScore,
      changes: index === 0 ? { kind: 'first-scan' } : changesSince(lastChecks, scan.checks),
    });
    if (score !== null) lastScore = score;
    if (scan.checks !== null) lastChecks = { checks: scan.checks, scannedAt: at };
  }
  return steps;
}

/** A later scan with nothing known to compare with says "unknown", never "first scan". */
function changesSince(
  previous: { checks: ScanChecks; scannedAt: number } | null,
  current: ScanChecks | null,
): TimelineChanges {
  const diff = diffChecks(previous, current);
  return diff.kind === 'first-scan' ? { kind: 'unknown' } : diff;
}
