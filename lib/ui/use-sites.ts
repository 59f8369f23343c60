/**
 * The sites page's data: every kept answer of the service in effect (its row, not its report),
 * the score history and the watch list, as rows (lib/sites/site-rows.ts). Read once when the
 * page opens and again whenever a record they come from changes (a lookup in another tab, a
 * scheduled round, "clear local data"), at most once per READ_SPACING_MS so a burst of writes
 * costs one read. A cache entry changing alone is a read marking its last use: no row shows it.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { listCachedSites } from '../cache/cache-listing';
import { readAllScans, type ScoreRecord } from '../history/score-history';
import { configuredServiceBaseUrl } from '../service/service-base-url';
import { readSettings, serviceBaseUrlOf } from '../settings/settings';
import { buildSiteRows, type SiteRow } from '../sites/site-rows';
import { readWatchList } from '../sites/watch-list';
import {
  CACHE_ROWS_RECORD,
  CACHE_TOTALS_RECORD,
  POLICY_COPY_RECORD,
  SCORE_HISTORY_RECORD,
  SETTINGS_RECORD,
  WATCH_LIST_RECORD,
} from '../storage/records';
import { ownsKey } from '../storage/stored-record';

const READ_SPACING_MS = 500;

/** The records the rows are made of. */
const ROW_SOURCES = [
  CACHE_ROWS_RECORD,
  CACHE_TOTALS_RECORD,
  SCORE_HISTORY_RECORD,
  WATCH_LIST_RECORD,
  SETTINGS_RECORD,
  POLICY_COPY_RECORD,
];

const changesRows = (changes: Record<string, unknown>) =>
  Object.keys(changes).some((key) => ROW_SOURCES.some((record) => ownsKey(record, key)));

export interface SitesData {
  /** Null until first read. */
  rows: SiteRow[] | null;
  scans: Record<string, ScoreRecord[]>;
  now: number;
  /** The service the answers came from: links in them are judged against it. */
  serviceBaseUrl: string;
}

export async function readSitesData(): Promise<SitesData> {
  const settings = await readSettings();
  const serviceBaseUrl = serviceBaseUrlOf(settings);
  const now = Date.now();
  const [answers, scans, watched] = await Promise.all([
    listCachedSites({ baseUrl: serviceBaseUrl, now: () => now }),
    readAllScans(),
    readWatchList(),
  ]);
  return { rows: buildSiteRows({ answers, scans, watched }), scans, now, serviceBaseUrl };
}

export function useSites(onError: (error: unknown) => void): SitesData {
  const [data, setData] = useState<SitesData>({
    rows: null,
    scans: {},
    now: Date.now(),
    serviceBaseUrl: configuredServiceBaseUrl(),
  });
  const read = useCallback(() => {
    readSitesData().then(setData, onError);
  }, [onError]);

  useEffect(() => {
    read();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const listener = (changes: Record<string, unknown>, area: string) => {
      if (area !== 'local' || timer !== null || !changesRows(changes)) return;
      timer = setTimeout(() => {
        timer = null;
        read();
      }, READ_SPACING_MS);
    };
    browser.storage.onChanged.addListener(listener);
    return () => {
      browser.storage.onChanged.removeListener(listener);
      if (timer !== null) clearTimeout(timer);
    };
  }, [read]);
  return data;
}
