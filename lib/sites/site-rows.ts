/**
 * One row per site, built from what is already kept locally: the cached answer, the score
 * history and the watch list. Nothing here asks the service, and only sites the extension
 * looked up are listed (never private-window, paused or local ones).
 */

import type { ListedSite } from '../cache/cache-listing';
import type { IssueCounts } from '../cache/cache-records';
import { hostOf } from '../contract/http-origin';
import type { IssueTier } from '../contract/report-schema';
import type { ScoreRecord } from '../history/scan-record';
import { scoreChangeFor } from '../history/score-history';
import { parseTime } from '../locale/format-time';
import type { OldReportDays } from '../settings/settings';
import { type ReportAge, reportAge } from '../tabs/report-age';
import { roundScore, type ScoreBandId, scoreBandFor } from '../tabs/score-band';
import { type SiteState, VIEW_STATES } from '../tabs/view-states';
import type { WatchRecord } from './watch-list';

export const TIERS: readonly IssueTier[] = ['essential', 'recommended', 'bonus'];

export interface SiteRow {
  /** The origin, the row's key. */
  site: string;
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
  scannedAtMs: number | null;
  /** How old the report reads by the user's setting; null without one. */
  age: ReportAge | null;
  issues: IssueCounts | null;
  state: SiteState;
  watched: boolean;
  /** When the kept answer arrived; the report itself is read only for the sites shown in full. */
  receivedAt: number | null;
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
  age: null,
  issues: null,
  state: 'not-checked',
  watched,
  receivedAt: null,
});

/** What a watched site's last scheduled lookup ended in, if it ended at all. */
const watchState = (watch: WatchRecord | undefined): SiteState | null =>
  watch?.status === undefined || watch.checkedAt === null
    ? null
    : VIEW_STATES[watch.status].siteState;

/** A row without a kept report has no band. */
export const keepsReport = (row: SiteRow) => row.band !== null;

export function buildSiteRows(input: {
  answers: readonly ListedSite[];
  scans: Readonly<Record<string, readonly ScoreRecord[]>>;
  watched: Readonly<Record<string, WatchRecord>>;
  now: number;
  oldReportDays: OldReportDays;
}): SiteRow[] {
  const rows = new Map<string, SiteRow>();
  for (const answer of input.answers) {
    const watch = input.watched[answer.origin];
    const row = emptyRow(answer.origin, watch !== undefined);
    row.receivedAt = answer.receivedAt;
    row.state = 'no-report';
    const { score, scannedAt } = answer;
    if (answer.kind === 'report') {
      row.score = score === null ? null : roundScore(score);
      row.band = scoreBandFor(score).id;
      row.label = answer.label;
      if (scannedAt !== null) {
        const history = input.scans[answer.origin] ?? [];
        row.change = scoreChangeFor(history, { score, scanned_at: scannedAt })?.delta ?? null;
        row.scannedAtMs = parseTime(scannedAt);
        row.age = reportAge(scannedAt, input.now, input.oldReportDays);
      }
      row.scannedAt = scannedAt;
      row.issues = answer.issues;
      row.state = answer.fresh ? 'fresh' : 'stale';
    }
    // A later scheduled lookup that ended in anything but an answer wins.
    const later = watchState(watch);
    const answered = later === 'fresh' || later === 'no-report';
    if (later && !answered && (watch?.checkedAt ?? 0) > answer.receivedAt) row.state = later;
    rows.set(row.site, row);
  }
  for (const [site, watch] of Object.entries(input.watched)) {
    if (!rows.has(site))
      rows.set(site, { ...emptyRow(site, true), state: watchState(watch) ?? 'not-checked' });
  }
  return [...rows.values()];
}
