import './sites.css';
import { scoreChangeFor } from '../../lib/history/score-history';
import { type MessageKey, t } from '../../lib/locale/i18n';
import type { BandFilter } from '../../lib/sites/site-table';
import { ReportView } from '../report/ReportView';
import { ServiceBaseUrlContext } from '../shared/service-base-url-context';
import { useLazyComponent } from '../shared/use-lazy-component';
import type { WatchNote } from '../shared/use-watch-site';
import { CompareBar } from './CompareBar';
import type { CompareViewProps } from './CompareView';
import { ScoreChart } from './ScoreChart';
import { SitesTable } from './SitesTable';
import { SiteTimeline } from './SiteTimeline';
import type { useSitesPage } from './use-sites-page';

export type SitesViewProps = ReturnType<typeof useSitesPage>;

const BANDS: readonly BandFilter[] = ['all', 'strong', 'fair', 'weak', 'unscored', 'none', 'old'];

const WATCH_NOTES: Record<WatchNote, MessageKey> = {
  none: 'sitesWatchNote',
  off: 'sitesWatchOff',
  full: 'sitesWatchFull',
  'needs-consent': 'sitesWatchNeedsConsent',
};

/** The sites page: filter and export above, the table, and the chosen site's report beside it. */
export function SitesView(props: SitesViewProps) {
  const { total, rows, matching, filter, selected, compare } = props;
  return (
    <ServiceBaseUrlContext.Provider value={props.serviceBaseUrl}>
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
                  <SitesTable {...props} selected={selected?.site ?? null} />
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
        {compare.open ? <LazyCompareView {...compare} count={compare.picked.length} /> : null}
      </main>
    </ServiceBaseUrlContext.Provider>
  );
}

function SiteDetail(props: SitesViewProps & { row: NonNullable<SitesViewProps['selected']> }) {
  const { row, watchNote, selectedReport: report } = props;
  return (
    <aside class="site-detail" aria-label={row.host}>
      <div class="detail-bar">
        <label class="watch-toggle">
          <input
            type="checkbox"
            checked={row.watched}
            disabled={watchNote === 'off' && !row.watched}
            onChange={() => props.onToggleWatch(row.site)}
          />
          {t('sitesWatch')}
        </label>
        <button type="button" class="button button-quiet" onClick={() => props.onSelect(null)}>
          {t('sitesClose')}
        </button>
      </div>
      <p class="muted small">{t(WATCH_NOTES[watchNote])}</p>
      {/* Nothing for the moment the report is being read. */}
      {report === undefined ? null : report === null || row.receivedAt === null ? (
        <p>{t('sitesNoKeptReport')}</p>
      ) : (
        <ReportView
          report={report}
          stale={row.status === 'stale'}
          receivedAt={row.receivedAt}
          now={props.now}
          onCopyFixList={props.onCopyFixList}
          change={scoreChangeFor(props.selectedScans, report)}
          oldReportDays={props.oldReportDays}
        />
      )}
      <ScoreChart scans={props.selectedScans} />
      <SiteTimeline steps={props.selectedTimeline} formatDate={props.formatDate} />
    </aside>
  );
}

/** The comparison in place of the list, its own chunk: most visits to the page never compare. */
function LazyCompareView(props: CompareViewProps) {
  const View = useLazyComponent(() => import('./CompareView').then((chunk) => chunk.CompareView));
  return View === null ? <p class="muted">{t('sitesCompareLoading')}</p> : <View {...props} />;
}
