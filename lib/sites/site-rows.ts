/** One row per site the extension keeps an answer for or watches (README). */
import { type ListedSite, listCachedSites } from '../cache/cache-listing';
import { CACHE_INDEX_RECORD, type IssueCounts } from '../cache/cache-records';
import { hostOf } from '../contract/http-origin';
import type { IssueTier } from '../contract/report-schema';
import type { ScoreRecord } from '../history/scan-record';
import { SCORE_HISTORY_RECORD, scoreChangeFor } from '../history/score-history';
import { parseTime } from '../locale/format-time';
import { POLICY_COPY_RECORD } from '../settings/managed-policy';
import { type OldReportDays, readSettings, serviceBaseUrlOf } from '../settings/settings';
import { SETTINGS_RECORD } from '../settings/settings-record';
import { type ReportAge, reportAge } from '../tabs/report-age';
import { roundScore, type ScoreBandId, scoreBandFor } from '../tabs/score-band';
import { type SiteStatus, STATUS_TRAITS } from '../tabs/status-traits';
import { readWatchList, WATCH_LIST_RECORD, type WatchRecord } from './watch-list';

export const TIERS: readonly IssueTier[] = ['essential', 'recommended', 'bonus'];

export interface SiteRow {
  site: string;
  host: string;
  /** Rounded; null without a report or without a score. */
  score: number | null;
  band: ScoreBandId | null;
  label: string | null;
  /** Rounded score minus the previous scan's, from the local history. */
  change: number | null;
  scannedAt: string | null;
  scannedAtMs: number | null;
  age: ReportAge | null;
  issues: IssueCounts | null;
  status: SiteStatus;
  watched: boolean;
  /** When the kept answer arrived; the report itself is read only for the sites shown in full. */
  receivedAt: number | null;
}

/** A site with nothing kept: watched but not looked up yet, or asked for by address. */
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
  status: 'not-checked',
  watched,
  receivedAt: null,
});

const watchStatus = (watch: WatchRecord | undefined): SiteStatus | null =>
  watch?.status === undefined || watch.checkedAt === null
    ? null
    : STATUS_TRAITS[watch.status].siteStatus;

/** A site's row, or one with nothing kept: a site asked for by address or ticked may have none. */
export const rowOf = (rows: readonly SiteRow[], site: string) =>
  rows.find((row) => row.site === site) ?? emptyRow(site, false);

export const keepsReport = (row: SiteRow) => row.band !== null;

/** The rows, without their score changes: those come from the history (withScoreChanges). */
export function buildSiteRows(input: {
  answers: readonly ListedSite[];
  watched: Readonly<Record<string, WatchRecord>>;
  now: number;
  oldReportDays: OldReportDays;
}): SiteRow[] {
  const rows = new Map<string, SiteRow>();
  for (const answer of input.answers) {
    const watch = input.watched[answer.origin];
    const row = emptyRow(answer.origin, watch !== undefined);
    row.receivedAt = answer.receivedAt;
    row.status = 'no-report';
    const { score, scannedAt } = answer;
    if (answer.kind === 'report') {
      row.score = score === null ? null : roundScore(score);
      row.band = scoreBandFor(score).id;
      row.label = answer.label;
      if (scannedAt !== null) {
        row.scannedAtMs = parseTime(scannedAt);
        row.age = reportAge(row.scannedAtMs, input.now, input.oldReportDays);
      }
      row.scannedAt = scannedAt;
      row.issues = answer.issues;
      row.status = answer.fresh ? 'fresh' : 'stale';
    }
    // A later scheduled lookup that ended in anything but an answer wins.
    const later = watchStatus(watch);
    const answered = later === 'fresh' || later === 'no-report';
    if (later && !answered && (watch?.checkedAt ?? 0) > answer.receivedAt) row.status = later;
    rows.set(row.site, row);
  }
  for (const [site, watch] of Object.entries(input.watched)) {
    if (!rows.has(site))
      rows.set(site, { ...emptyRow(site, true), status: watchStatus(watch) ?? 'not-checked' });
  }
  return [...rows.values()];
}

export function withScoreChanges(
  rows: readonly SiteRow[],
  scans: Readonly<Record<string, readonly ScoreRecord[]>>,
): SiteRow[] {
  return rows.map((row) => {
    const history = scans[row.site];
    if (history === undefined || row.score === null || row.scannedAt === null) return row;
    const report = { score: row.score, scanned_at: row.scannedAt };
    return { ...row, change: scoreChangeFor(history, report)?.delta ?? null };
  });
}

/** The records the rows are made of: a change to any is a reason to read them again. */
export const ROW_RECORDS = [
  CACHE_INDEX_RECORD,
  SCORE_HISTORY_RECORD,
  WATCH_LIST_RECORD,
  SETTINGS_RECORD,
  POLICY_COPY_RECORD,
];

/**
 * Every site's row, of the answers kept from the service in effect, without score changes: the
 * history they come from is the largest read, and the rows are shown before it is in.
 */
export async function readSiteRows(now: number) {
  const reading = readSettings();
  // Side by side: of all the reads, only which service's answers are listed needs the settings.
  const [settings, answers, watched] = await Promise.all([
    reading,
    listCachedSites({ baseUrl: reading.then(serviceBaseUrlOf), now }),
    readWatchList(),
  ]);
  const { oldReportDays } = settings;
  const rows = buildSiteRows({ answers, watched, now, oldReportDays });
  return { rows, now, serviceBaseUrl: serviceBaseUrlOf(settings), oldReportDays };
}
