import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { readKeptReport } from '../../lib/cache/cache-listing';
import type { ScanReport } from '../../lib/contract/report-schema';
import { configuredServiceBaseUrl } from '../../lib/contract/service-base-url';
import type { ScoreRecord } from '../../lib/history/scan-record';
import { readAllScans } from '../../lib/history/score-history';
import { logError } from '../../lib/page/page-actions';
import { DEFAULT_SETTINGS } from '../../lib/settings/settings';
import {
  keepsReport,
  ROW_RECORDS,
  readSiteRows,
  type SiteRow,
  withScoreChanges,
} from '../../lib/sites/site-rows';
import { watchKeys } from '../../lib/storage/record';

/** A burst of writes (a watch round, "clear local data") costs one read. */
const READ_SPACING_MS = 500;
/** The longest the score history waits for the page to be idle after the rows are shown. */
const HISTORY_WAIT_MS = 100;

/** The rows are null until first read. */
type SitesRead = Omit<Awaited<ReturnType<typeof readSiteRows>>, 'rows'> & {
  rows: SiteRow[] | null;
};

/** The sites page's rows, read when it opens and again when a record they come from changes. */
export function useSites() {
  const [read, setRead] = useState<SitesRead>(() => ({
    rows: null,
    now: Date.now(),
    serviceBaseUrl: configuredServiceBaseUrl(),
    oldReportDays: DEFAULT_SETTINGS.oldReportDays,
  }));
  /** Every site's scans, once the history is read: the rows' score changes come from it. */
  const [scans, setScans] = useState<Record<string, ScoreRecord[]>>({});

  // Before the first frame is painted rather than after it: the rows are what the page is for.
  useLayoutEffect(() => {
    // The rows first, with the changes the history last gave; the history (the largest read)
    // once they are painted, so that neither its read nor its parse holds them up. A hidden
    // page, which paints nothing, reads it all the same a moment later.
    const readRows = () =>
      readSiteRows(Date.now()).then((rows) => {
        setRead(rows);
        const history = () => readAllScans().then(setScans, logError);
        requestIdleCallback(history, { timeout: HISTORY_WAIT_MS });
      }, logError);
    readRows();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stop = watchKeys('local', ROW_RECORDS, () => {
      timer ??= setTimeout(() => {
        timer = null;
        readRows();
      }, READ_SPACING_MS);
    });
    return () => {
      stop();
      if (timer !== null) clearTimeout(timer);
    };
  }, []);
  const rows = useMemo(() => read.rows && withScoreChanges(read.rows, scans), [read.rows, scans]);
  return { ...read, rows, scans };
}

/** One kept answer of one site: a newer answer is a new version. */
const versionOf = (row: SiteRow) => `${row.site}\n${row.receivedAt ?? ''}`;

/**
 * The kept reports of the sites the page shows in full (the chosen one, the compared ones),
 * read again when a row says a newer answer was kept; never all. A row's report is null when
 * none is kept, undefined while it is read.
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
