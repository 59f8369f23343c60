/**
 * lib/sites/ — the sites page and the watch list: every site the extension keeps an answer
 * for, as rows to sort, filter and export, and the sites the user asked to have looked up on a
 * schedule. Imports the layers below it only.
 *
 * One row per site, built from what is already kept locally: the cached answer (report or "no
 * report"), the score history and the watch list. Nothing here asks the service; only sites
 * the extension looked up are listed (private-window tabs and paused or local sites never are,
 * so they are never here either).
 *
 * A row's state is the named state of what is kept, through one table (STATE_OF_VIEW): a new
 * view state gets its row state by adding one entry there, and the type check insists on it.
 */

import type { ScoreBandId } from '../badge/score-band';
import { roundScore, scoreBandFor } from '../badge/score-band';
import type { ListedAnswer } from '../cache/report-cache';
import type { IssueTier, ScanReport } from '../contract/report-schema';
import { type ScoreRecord, scoreChangeFor } from '../history/score-history';
import { parseTime } from '../locale/format-time';
import type { TabViewStatus } from '../tabs/tab-view';
import type { WatchRecord } from './watch-list';

/** What a row says about its site. */
export type SiteState =
  | 'fresh'
  | 'stale'
  | 'no-report'
  | 'unavailable'
  /** The service is limiting lookups from this network for a while. */
  | 'busy'
  /** The service no longer answers at the address the extension uses. */
  | 'service-moved'
  /** The extension may not reach the service (no host permission). */
  | 'service-not-permitted'
  | 'invalid'
  | 'rejected'
  | 'not-looked-up'
  | 'checking'
  /** Watched, but not looked up yet. */
  | 'not-checked';

/**
 * The row state of each view state. A view state added to TabView must be named here (the
 * Record type requires it), with a message `sitesState_<state>` in locales/…/sites.json.
 */
export const STATE_OF_VIEW: Record<TabViewStatus, SiteState> = {
  loading: 'checking',
  report: 'fresh',
  'no-report': 'no-report',
  unavailable: 'unavailable',
  busy: 'busy',
  'service-moved': 'service-moved',
  'service-not-permitted': 'service-not-permitted',
  'invalid-response': 'invalid',
  rejected: 'rejected',
  'not-looked-up': 'not-looked-up',
};

export const TIERS: readonly IssueTier[] = ['essential', 'recommended', 'bonus'];

export type IssueCounts = Record<IssueTier, { failed: number; partial: number }>;

export interface SiteRow {
  /** The origin, the row's key. */
  site: string;
  /** What the user reads: the host (with a port when not the default). */
  host: string;
  /** Rounded; null without a report or without a score. */
  score: number | null;
  /** Null without a report. */
  band: ScoreBandId | null;
  label: string | null;
  /** Rounded score minus the previous scan's, from the local history. */
  change: number | null;
  /** The report's `scanned_at`, as the service wrote it. */
  scannedAt: string | null;
  /** `scannedAt` as epoch ms, for sorting. */
  scannedAtMs: number | null;
  issues: IssueCounts | null;
  state: SiteState;
  watched: boolean;
  /** The kept report itself, for the detail view. */
  report: ScanReport | null;
  receivedAt: number | null;
}

export function hostOf(site: string): string {
  try {
    return new URL(site).host;
  } catch {
    return site;
  }
}

export function issueCounts(report: ScanReport): IssueCounts {
  const counts: IssueCounts = {
    essential: { failed: 0, partial: 0 },
    recommended: { failed: 0, partial: 0 },
    bonus: { failed: 0, partial: 0 },
  };
  for (const issue of report.issues) counts[issue.tier][issue.result] += 1;
  return counts;
}

/** A row for a site with nothing kept (a watched site not looked up yet, a site asked for by address). */
export const emptyRow = (site: string, watched: boolean): SiteRow => ({
  site,
  host: hostOf(site),
  score: null,
  band: null,
  label: null,
  change: null,
  scannedAt: null,
  scannedAtMs: null,
  issues: null,
  state: 'not-checked',
  watched,
  report: null,
  receivedAt: null,
});

/** A watched site's last scheduled lookup, when it ended in anything but an answer, wins. */
function stateAfterWatch(state: SiteState, watch: WatchRecord | undefined, receivedAt: number) {
  if (watch?.status === undefined || watch.checkedAt === null) return state;
  const watchState = STATE_OF_VIEW[watch.status] ?? state;
  const answered = watchState === 'fresh' || watchState === 'no-report';
  return !answered && watch.checkedAt > receivedAt ? watchState : state;
}

export function buildSiteRows(input: {
  answers: readonly ListedAnswer[];
  scans: Readonly<Record<string, readonly ScoreRecord[]>>;
  watched: Readonly<Record<string, WatchRecord>>;
}): SiteRow[] {
  const rows = new Map<string, SiteRow>();
  for (const answer of input.answers) {
    const watch = input.watched[answer.target];
    const row = emptyRow(answer.target, watch !== undefined);
    row.receivedAt = answer.receivedAt;
    if (answer.outcome.kind === 'report') {
      const report = answer.outcome.report;
      row.report = report;
      row.score = report.score === null ? null : roundScore(report.score);
      row.band = scoreBandFor(report.score).id;
      row.label = report.score_label;
      row.change = scoreChangeFor(input.scans[answer.target] ?? [], report)?.delta ?? null;
      row.scannedAt = report.scanned_at;
      row.scannedAtMs = parseTime(report.scanned_at);
      row.issues = issueCounts(report);
      row.state = answer.verdict.freshness === 'fresh' ? 'fresh' : 'stale';
    } else {
      row.state = 'no-report';
    }
    row.state = stateAfterWatch(row.state, watch, answer.receivedAt);
    rows.set(row.site, row);
  }
  for (const [site, watch] of Object.entries(input.watched)) {
    if (rows.has(site)) continue;
    const row = emptyRow(site, true);
    if (watch.checkedAt !== null && watch.status !== undefined) {
      row.state = STATE_OF_VIEW[watch.status] ?? 'not-checked';
    }
    rows.set(site, row);
  }
  return [...rows.values()];
}
