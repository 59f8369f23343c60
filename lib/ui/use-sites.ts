/**
 * The sites page's data: every kept answer of the service in effect, the score history and the
 * watch list, as rows (lib/sites/site-rows.ts). Read once when the page opens and again
 * whenever local storage changes (a lookup in another tab, a scheduled round, "clear local
 * data"), at most once per READ_SPACING_MS so a burst of writes costs one read.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { listCachedAnswers } from '../cache/report-cache';
import { readAllScans, type ScoreRecord } from '../history/score-history';
import { configuredServiceBaseUrl } from '../service/service-base-url';
import { readSettings, serviceBaseUrlOf } from '../settings/settings';
import { buildSiteRows, type SiteRow } from '../sites/site-rows';
import { readWatchList } from '../sites/watch-list';

const READ_SPACING_MS = 500;

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
    listCachedAnswers({ baseUrl: serviceBaseUrl, now: () => now }),
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
    const listener = (_changes: unknown, area: string) => {
      if (area !== 'local' || timer !== null) return;
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
