/**
 * The sites page's data: every kept answer of the service in effect (its row, not its report),
 * the score history and the watch list, as rows (lib/sites/site-rows.ts). Read when the page
 * opens and again whenever a record they come from changes (a lookup in another tab, a
 * scheduled round, "clear local data"), at most once per READ_SPACING_MS so a burst of writes
 * costs one read. The full report is read only for the sites the page shows in full.
 */
import { useCallback, useEffect, useLayoutEffect, useState } from 'preact/hooks';
import { listCachedSites, readKeptReport } from '../../lib/cache/cache-listing';
import { CACHE_INDEX_RECORD } from '../../lib/cache/cache-records';
import type { ScanReport } from '../../lib/contract/report-schema';
import { configuredServiceBaseUrl } from '../../lib/contract/service-base-url';
import { SCORE_HISTORY_RECORD, type ScoreRecord } from '../../lib/history/scan-record';
import { readAllScans } from '../../lib/history/score-history';
import { logError } from '../../lib/page/page-actions';
import { POLICY_COPY_RECORD } from '../../lib/settings/managed-policy';
import {
  DEFAULT_SETTINGS,
  type OldReportDays,
  readSettings,
  serviceBaseUrlOf,
} from '../../lib/settings/settings';
import { SETTINGS_RECORD } from '../../lib/settings/settings-record';
import { buildSiteRows, keepsReport, type SiteRow } from '../../lib/sites/site-rows';
import { readWatchList, WATCH_LIST_RECORD } from '../../lib/sites/watch-list';
import { watchKeys } from '../../lib/storage/record';

const READ_SPACING_MS = 500;

/** The records the rows are made of. */
const ROW_SOURCES = [
  CACHE_INDEX_RECORD,
  SCORE_HISTORY_RECORD,
  WATCH_LIST_RECORD,
  SETTINGS_RECORD,
  POLICY_COPY_RECORD,
];

async function readSitesData() {
  const now = Date.now();
  const reading = readSettings();
  // Side by side: of all the reads, only which service's answers are listed needs the settings.
  const [settings, answers, scans, watched] = await Promise.all([
    reading,
    listCachedSites({ baseUrl: reading.then(serviceBaseUrlOf), now }),
    readAllScans(),
    readWatchList(),
  ]);
  const { oldReportDays } = settings;
  const serviceBaseUrl = serviceBaseUrlOf(settings);
  const rows = buildSiteRows({ answers, scans, watched, now, oldReportDays });
  return { rows, scans, now, serviceBaseUrl, oldReportDays };
}

export function useSites() {
  const [data, setData] = useState<{
    /** Null until first read. */
    rows: SiteRow[] | null;
    scans: Record<string, ScoreRecord[]>;
    now: number;
    /** The service the answers came from: links in them are judged against it. */
    serviceBaseUrl: string;
    oldReportDays: OldReportDays;
  }>({
    rows: null,
    scans: {},
    now: Date.now(),
    serviceBaseUrl: configuredServiceBaseUrl(),
    oldReportDays: DEFAULT_SETTINGS.oldReportDays,
  });

  // Before the first frame is painted rather than after it: the rows are what the page is for.
  useLayoutEffect(() => {
    const read = () => readSitesData().then(setData, logError);
    read();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stop = watchKeys('local', ROW_SOURCES, () => {
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        read();
      }, READ_SPACING_MS);
    });
    return () => {
      stop();
      if (timer !== null) clearTimeout(timer);
    };
  }, []);
  return data;
}

/** One kept answer of one site: a newer answer is a new version. */
const versionOf = (row: SiteRow) => `${row.site}\n${row.receivedAt ?? ''}`;

/**
 * The kept reports of the sites the page shows in full (the chosen site, the compared ones),
 * read when a site is shown and again when its row says a newer answer was kept; only those
 * are held, never all. A row's report is null when none is kept, undefined while it is read.
 */
export function useKeptReports(serviceBaseUrl: string, rows: readonly SiteRow[]) {
  const [read, setRead] = useState<ReadonlyMap<string, ScanReport | null>>(new Map());
  const wanted = rows.filter(keepsReport);
  const wantedKey = wanted.map(versionOf).join('\n\n');

  useEffect(() => {
    let current = true;
    const reading = wanted.map(async (row) => {
      const report = await readKeptReport(serviceBaseUrl, row.site, Date.now());
      return [versionOf(row), report] as const;
    });
    Promise.all(reading).then((reports) => {
      if (current) setRead(new Map(reports));
    }, logError);
    return () => {
      current = false;
    };
    // `wantedKey` stands for `wanted`: the same versions, whatever the array's identity.
  }, [serviceBaseUrl, wantedKey]);

  return useCallback(
    (row: SiteRow): ScanReport | null | undefined =>
      keepsReport(row) ? read.get(versionOf(row)) : null,
    [read],
  );
}
