import './sites.css';
import type { ScanReport } from '../../lib/contract/report-schema';
import type { ScoreRecord } from '../../lib/history/score-history';
import { scoreChangeFor } from '../../lib/history/score-history';
import type { TimelineStep } from '../../lib/history/site-timeline';
import { t } from '../../lib/locale/i18n';
import { configuredServiceBaseUrl } from '../../lib/service/service-base-url';
import type { SiteRow } from '../../lib/sites/site-rows';
import type { BandFilter, SiteColumn, SiteFilter, SiteSort } from '../../lib/sites/site-table';
import type { SiteComparisonState } from '../../lib/ui/use-site-comparison';
import type { WatchNote } from '../../lib/ui/use-watch-site';
import { ServiceBaseUrlContext } from '../popup/service-base-url-context';
import { ReportView } from '../report/ReportView';
import { CompareBar } from './CompareBar';
import { LazyCompareView } from './LazyCompareView';
import { ScoreChart } from './ScoreChart';
import { SitesTable } from './SitesTable';
import { SiteTimeline } from './SiteTimeline';
import { WatchToggle } from './WatchToggle';

const BANDS: readonly BandFilter[] = ['all', 'strong', 'fair', 'weak', 'unscored', 'none'];

export interface SitesViewProps {
  /** The service the answers came from: links in its reports are judged against it. */
  serviceBaseUrl?: string;
  /** Null while reading. */
  total: number | null;
  /** The rows to render (filtered, sorted, cut to the page). */
  rows: readonly SiteRow[];
  /** Rows that match the filter, rendered or not. */
  matching: number;
  filter: SiteFilter;
  sort: SiteSort;
  selected: SiteRow | null;
  /** The selected site's kept report: null when none is kept, undefined while it is read. */
  selectedReport: ScanReport | null | undefined;
  selectedScans: readonly ScoreRecord[];
  /** The selected site's scans with what changed at each, oldest first. */
  selectedTimeline: readonly TimelineStep[];
  now: number;
  watchNote: WatchNote;
  onFilter(filter: SiteFilter): void;
  onSort(column: SiteColumn): void;
  onSelect(site: string | null): void;
  onShowMore(): void;
  onExport(kind: 'csv' | 'json'): void;
  onToggleWatch(site: string): void;
  onCopyFixList(report: ScanReport): Promise<boolean>;
  /** Opens the options page: the sites page's way to Settings where no toolbar menu is. */
  onOpenOptions(): void;
  formatScanned(row: SiteRow): string;
  formatDate(at: number): string;
  /** The sites ticked for the comparison, and the comparison when it is open. */
  compare: SiteComparisonState;
}

/** The sites page: filter and export above, the table, and the chosen site's report beside it. */
export function SitesView(props: SitesViewProps) {
  const { total, rows, matching, filter, sort, selected, compare } = props;
  return (
    <ServiceBaseUrlContext.Provider value={props.serviceBaseUrl ?? configuredServiceBaseUrl()}>
      <main class="sites-page">
        <header class="sites-header">
          <h1>{t('sitesTitle')}</h1>
          <p class="muted">{t('sitesIntro')}</p>
          <button type="button" class="button button-quiet" onClick={props.onOpenOptions}>
            {t('sitesSettings')}
          </button>
        </header>
        {/* Hidden, not removed, while comparing: the list comes back as it was left. */}
        <div class="sites-toolbar" hidden={compare.open}>
          <label class="field">
            <span>{t('sitesFilterText')}</span>
            <input
              type="search"
              value={filter.text}
              onInput={(event) => props.onFilter({ ...filter, text: event.currentTarget.value })}
            />
          </label>
          <label class="field">
            <span>{t('sitesFilterBand')}</span>
            <select
              value={filter.band}
              onChange={(event) =>
                props.onFilter({ ...filter, band: event.currentTarget.value as BandFilter })
              }
            >
              {BANDS.map((band) => (
                <option key={band} value={band}>
                  {t(`sitesBand_${band}`)}
                </option>
              ))}
            </select>
          </label>
          <div class="export-actions">
            <button type="button" class="button" onClick={() => props.onExport('csv')}>
              {t('sitesExportCsv')}
            </button>
            <button type="button" class="button" onClick={() => props.onExport('json')}>
              {t('sitesExportJson')}
            </button>
            <p class="muted small">{t('sitesExportNote')}</p>
          </div>
        </div>
        <div class={`sites-body${selected ? ' with-detail' : ''}`} hidden={compare.open}>
          <section class="sites-list" aria-live="polite">
            {total === null ? null : total === 0 ? (
              <p class="sites-empty">{t('sitesEmpty')}</p>
            ) : (
              <>
                <p class="sites-count muted">
                  {t('sitesCount', [String(rows.length), String(matching)])}
                </p>
                {matching === 0 ? <p class="sites-empty">{t('sitesNoMatch')}</p> : null}
                <CompareBar {...compare} />
                <div class="table-scroll">
                  <SitesTable
                    rows={rows}
                    sort={sort}
                    selected={selected?.site ?? null}
                    onSort={props.onSort}
                    onSelect={props.onSelect}
                    formatScanned={props.formatScanned}
                    pick={compare}
                  />
                </div>
                <p id="sites-legend" class="sites-legend muted small">
                  {t('sitesLegend')}
                </p>
                {rows.length < matching ? (
                  <button type="button" class="button show-more" onClick={props.onShowMore}>
                    {t('sitesShowMore')}
                  </button>
                ) : null}
              </>
            )}
          </section>
          {selected ? <SiteDetail {...props} row={selected} /> : null}
        </div>
        {compare.open ? <CompareRegion compare={compare} /> : null}
      </main>
    </ServiceBaseUrlContext.Provider>
  );
}

function SiteDetail(props: SitesViewProps & { row: SiteRow }) {
  const { row, watchNote } = props;
  return (
    <aside class="site-detail" aria-label={row.host}>
      <div class="detail-bar">
        <WatchToggle
          watched={row.watched}
          locked={watchNote === 'off'}
          onToggle={() => props.onToggleWatch(row.site)}
        />
        <button type="button" class="button button-quiet" onClick={() => props.onSelect(null)}>
          {t('sitesClose')}
        </button>
      </div>
      <WatchNoteText note={watchNote} />
      <KeptReport {...props} row={row} />
      <ScoreChart scans={props.selectedScans} />
      <SiteTimeline steps={props.selectedTimeline} formatDate={props.formatDate} />
    </aside>
  );
}

/** The chosen site's report; nothing for the moment it is being read. */
function KeptReport(props: SitesViewProps & { row: SiteRow }) {
  const { row, selectedReport: report } = props;
  if (report === undefined) return null;
  if (report === null || row.receivedAt === null) return <p>{t('sitesNoKeptReport')}</p>;
  return (
    <ReportView
      report={report}
      stale={row.state === 'stale'}
      receivedAt={row.receivedAt}
      now={props.now}
      onCopyFixList={props.onCopyFixList}
      change={scoreChangeFor(props.selectedScans, report)}
    />
  );
}

function WatchNoteText({ note }: { note: WatchNote }) {
  if (note === 'off') return <p class="muted small">{t('sitesWatchOff')}</p>;
  if (note === 'full') return <p class="muted small">{t('sitesWatchFull')}</p>;
  if (note === 'needs-consent') return <p class="muted small">{t('sitesWatchNeedsConsent')}</p>;
  return <p class="muted small">{t('sitesWatchNote')}</p>;
}

/** The comparison of the ticked sites, in place of the list while it is open. */
function CompareRegion({ compare }: { compare: SiteComparisonState }) {
  return (
    <LazyCompareView
      count={compare.picked.length}
      comparison={compare.comparison}
      onClose={compare.onClose}
      onExport={compare.onExport}
    />
  );
}
