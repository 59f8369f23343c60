/** A site's timeline for the sites page, by the popup's rules (check-diff.ts). */
import { parseTime } from '../locale/format-time';
import { type CheckDiff, diffChecks, type OtherScans } from './check-diff';
import type { ScanChecks, ScoreRecord } from './scan-record';

/** `first-scan`: the oldest scan; `unknown`: its checks, or every earlier scan's, not kept. */
export type TimelineChanges = CheckDiff;

export interface TimelineStep {
  scannedAt: number;
  score: number | null;
  scoreDelta: number | null;
  changes: TimelineChanges;
}

/** Oldest first; scans whose time cannot be read are left out. */
export function timelineOf(scans: readonly ScoreRecord[], others: OtherScans = []): TimelineStep[] {
  const dated = scans
    .map((scan) => ({ scan, at: parseTime(scan.scannedAt) }))
    .filter((entry): entry is { scan: ScoreRecord; at: number } => entry.at !== null)
    .sort((a, b) => a.at - b.at);
  const steps: TimelineStep[] = [];
  let lastScore: number | null = null;
  let lastChecks: { checks: ScanChecks; scannedAt: number } | null = null;
  for (const [index, { scan, at }] of dated.entries()) {
    const score = scan.score === null ? null : Math.round(scan.score);
    const diff = diffChecks(lastChecks, scan.checks, others);
    // A later scan with nothing known to compare with says "unknown", never "first scan".
    const later = diff.kind === 'first-scan' ? { kind: 'unknown' as const } : diff;
    steps.push({
      scannedAt: at,
      score,
      scoreDelta: score === null || lastScore === null ? null : score - lastScore,
      changes: index === 0 ? { kind: 'first-scan' } : later,
    });
    if (score !== null) lastScore = score;
    if (scan.checks !== null) lastChecks = { checks: scan.checks, scannedAt: at };
  }
  return steps;
}
