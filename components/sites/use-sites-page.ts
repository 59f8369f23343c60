import { useMemo, useState } from 'preact/hooks';
import { isHttpOrigin } from '../../lib/contract/http-origin';
import type { ScanReport } from '../../lib/contract/report-schema';
import { otherSites } from '../../lib/history/check-diff';
import type { ScoreRecord } from '../../lib/history/scan-record';
import { timelineOf } from '../../lib/history/site-timeline';
import { formatExactTime, formatRelativeTime } from '../../lib/locale/format-time';
import { uiLocale } from '../../lib/locale/i18n';
import { fixListMarkdown } from '../../lib/markdown/fix-list';
import { copyText, downloadText, openOptionsPageFromClick } from '../../lib/page/page-actions';
import { exportFileName, sitesCsv, sitesJson } from '../../lib/sites/site-export';
import { rowOf, type SiteRow } from '../../lib/sites/site-rows';
import {
  filterRows,
  nextSort,
  ROWS_PER_PAGE,
  type SiteColumn,
  type SiteFilter,
  type SiteSort,
  sortRows,
} from '../../lib/sites/site-table';
import { useWatchList } from '../shared/use-watch-site';
import { useSiteComparison } from './use-site-comparison';
import { useKeptReports, useSites } from './use-sites';

const NO_SCANS: readonly ScoreRecord[] = [];

/** The sites page: rows as arranged and exported (all, not only those shown), the chosen one. */
export function useSitesPage(initialSite: string | null) {
  const { rows, scans, now, serviceBaseUrl, oldReportDays } = useSites();
  const watch = useWatchList();
  const compare = useSiteComparison({ rows, serviceBaseUrl });
  const [filter, setFilter] = useState<SiteFilter>({ text: '', band: 'all' });
  const [sort, setSort] = useState<SiteSort>({ column: 'site', direction: 'ascending' });
  const [limit, setLimit] = useState(ROWS_PER_PAGE);
  // Only an origin is taken from the address; anything else selects nothing.
  const [selectedSite, setSelectedSite] = useState(
    initialSite !== null && isHttpOrigin(initialSite) ? initialSite : null,
  );

  const arranged = useMemo(
    () => sortRows(filterRows(rows ?? [], filter), sort),
    [rows, filter, sort],
  );
  // A site asked for by address (the popup's "Watch this site…") may have nothing kept yet.
  const selectedRow = rows === null || selectedSite === null ? null : rowOf(rows, selectedSite);
  // The watch list's own listener answers at once; the rows follow a moment later.
  const selected =
    selectedRow && watch.watched
      ? { ...selectedRow, watched: watch.watched.has(selectedRow.site) }
      : selectedRow;
  const reportOf = useKeptReports(serviceBaseUrl, selected ? [selected] : []);
  const selectedScans = (selected && scans[selected.site]) || NO_SCANS;
  const selectedTimeline = useMemo(
    () => timelineOf(selectedScans, selected ? otherSites(scans, selected.site) : []),
    [selectedScans, scans, selected?.site],
  );
  const locale = uiLocale();

  return {
    serviceBaseUrl,
    total: rows?.length ?? null,
    rows: arranged.slice(0, limit),
    matching: arranged.length,
    filter,
    sort,
    selected,
    selectedReport: selected ? reportOf(selected) : null,
    selectedScans,
    selectedTimeline,
    now,
    oldReportDays,
    watchNote: watch.note,
    onFilter: (next: SiteFilter) => {
      setFilter(next);
      setLimit(ROWS_PER_PAGE);
    },
    onSort: (column: SiteColumn) => setSort((current) => nextSort(current, column)),
    onSelect: setSelectedSite,
    onShowMore: () => setLimit((current) => current + ROWS_PER_PAGE),
    onExport: (kind: 'csv' | 'json') => {
      const at = Date.now();
      const file = exportFileName('sites', kind, at);
      if (kind === 'csv') downloadText(file, 'text/csv;charset=utf-8', sitesCsv(arranged));
      else downloadText(file, 'application/json', sitesJson(arranged, at));
    },
    onToggleWatch: watch.toggle,
    onCopyFixList: (report: ScanReport) => copyText(fixListMarkdown(report, { serviceBaseUrl })),
    onOpenOptions: openOptionsPageFromClick,
    // A scan time well ahead of this clock has no age to say: its time (report-age.ts).
    formatScanned: (row: SiteRow) =>
      (row.scannedAtMs !== null &&
        (row.age === 'ahead'
          ? formatExactTime(row.scannedAtMs, { locale })
          : formatRelativeTime(Math.min(row.scannedAtMs, now), now, { locale }))) ||
      '',
    formatDate: (at: number) => formatExactTime(at, { locale }) ?? '',
    compare,
  };
}
