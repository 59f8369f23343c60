/**
 * The kept reports of the sites the sites page shows in full: the chosen site and the compared
 * ones. The list itself reads only each site's row (lib/cache/cache-listing.ts), so a report is
 * read when its site is shown, and read again when the row says a newer answer was kept.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { readKeptReport } from '../cache/cache-listing';
import type { ScanReport } from '../contract/report-schema';
import { keepsReport, type SiteRow } from '../sites/site-rows';
import { logError } from './log-error';

/** A row's report: null when none is kept, undefined while it is being read. */
export type ReportOfRow = (row: SiteRow) => ScanReport | null | undefined;

/** One kept answer of one site: a newer answer is a new version. */
const versionOf = (row: SiteRow) => `${row.site}\n${row.receivedAt ?? ''}`;

export function useKeptReports(serviceBaseUrl: string, rows: readonly SiteRow[]): ReportOfRow {
  const [read, setRead] = useState<ReadonlyMap<string, ScanReport | null>>(new Map());
  const wanted = rows.filter(keepsReport);
  const wantedKey = wanted.map(versionOf).join('\n\n');

  useEffect(() => {
    const missing = wanted.filter((row) => !read.has(versionOf(row)));
    if (missing.length === 0) return;
    let current = true;
    Promise.all(
      missing.map(async (row) => {
        const report = await readKeptReport({
          baseUrl: serviceBaseUrl,
          target: row.site,
          now: Date.now,
        });
        return [versionOf(row), report] as const;
      }),
    ).then((reports) => {
      if (!current) return;
      // Only the versions still wanted are kept: the page holds a few reports, never all.
      const kept = new Set(wanted.map(versionOf));
      setRead((before) => {
        const next = new Map([...before].filter(([version]) => kept.has(version)));
        for (const [version, report] of reports) next.set(version, report);
        return next;
      });
    }, logError);
    return () => {
      current = false;
    };
    // `wantedKey` stands for `wanted`: the same versions, whatever the array's identity.
  }, [serviceBaseUrl, wantedKey]);

  return useCallback((row) => (keepsReport(row) ? read.get(versionOf(row)) : null), [read]);
}
