import { useEffect, useRef } from 'preact/hooks';
import { t } from '../../lib/locale/i18n';
import { markWords } from '../../lib/markdown/comparison';
import { tierWords } from '../../lib/markdown/fix-list';
import type {
  CheckMark,
  ComparedCheck,
  Comparison,
  RowWithReport,
} from '../../lib/sites/site-comparison';
import { TierBuckets } from '../report/TierBuckets';
import { ScoreChip } from './SitesTable';
import type { SiteComparisonState } from './use-site-comparison';

/** `count`: how many sites are compared, for the heading while the comparison itself loads. */
export type CompareViewProps = Pick<SiteComparisonState, 'comparison' | 'onClose' | 'onExport'> & {
  count: number;
};

/** A symbol beside each mark's words: the words carry the meaning, the symbol and colour help. */
const MARK_SYMBOL: Record<CheckMark, string> = {
  failed: '✕',
  partial: '◐',
  'not-listed': '–',
  'no-report': '?',
};

function MarkCell({ mark, cell: Cell }: { mark: CheckMark; cell: 'td' | 'dd' }) {
  return (
    <Cell class={`mark mark-${mark}`}>
      <span class="mark-symbol" aria-hidden="true">
        {MARK_SYMBOL[mark]}
      </span>{' '}
      {markWords(mark)}
    </Cell>
  );
}

function CheckName({ check }: { check: ComparedCheck }) {
  return (
    <>
      <span class="check-name">{check.name}</span>{' '}
      {check.differs ? <span class="differs-mark">{t('sitesCompareDiffers')}</span> : null}
      <code class="check-id">{check.id}</code>
    </>
  );
}

function SiteCard({ site, index }: { site: RowWithReport; index: number }) {
  return (
    <li class="compare-site">
      <h4 id={`compare-site-${index}`}>{site.host}</h4>
      {site.report === null ? (
        <p class="compare-no-report">{t('sitesNoKeptReport')}</p>
      ) : (
        <>
          <p class="compare-score">
            <ScoreChip score={site.score} none={t('sitesNoScore')} /> {site.label}
          </p>
          <TierBuckets
            breakdown={site.report.score_breakdown}
            eligibleChecks={site.report.eligible_checks}
            heading={{ id: `compare-buckets-${index}`, level: 5, under: `compare-site-${index}` }}
          />
        </>
      )}
    </li>
  );
}

/** Wide screens: one row per check, one column per site. */
function CheckTable({ comparison }: { comparison: Comparison }) {
  return (
    <div class="compare-table-wrap">
      <table class="compare-table">
        <caption>{t('sitesCompareChecksCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('sitesCompareColumnCheck')}</th>
            <th scope="col">{t('sitesCompareColumnTier')}</th>
            {comparison.sites.map((site) => (
              <th key={site.site} scope="col">
                {site.host}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {comparison.checks.map((check) => (
            <tr key={check.id} class={check.differs ? 'differs' : undefined} data-check={check.id}>
              <th scope="row">
                <CheckName check={check} />
              </th>
              <td>{tierWords(check.tier)}</td>
              {check.marks.map((mark, index) => (
                <MarkCell key={comparison.sites[index]?.site} cell="td" mark={mark} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Narrow screens: one card per check, each site's mark under the site's name. */
function CheckCards({ comparison }: { comparison: Comparison }) {
  return (
    <div class="compare-cards">
      <h3 id="compare-cards-title">{t('sitesCompareChecksCaption')}</h3>
      <ol class="compare-card-list" aria-labelledby="compare-cards-title">
        {comparison.checks.map((check) => (
          <li key={check.id} class={`compare-card${check.differs ? ' differs' : ''}`}>
            <p class="compare-card-name">
              <CheckName check={check} />
            </p>
            <p class="muted small">{tierWords(check.tier)}</p>
            <dl class="compare-card-marks">
              {comparison.sites.map((site, index) => (
                <div key={site.site}>
                  <dt>{site.host}</dt>
                  <MarkCell cell="dd" mark={check.marks[index] ?? 'no-report'} />
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Each ticked site's score and buckets, then the checks; the heading takes the focus at first. */
export function CompareView({ count, comparison, onClose, onExport }: CompareViewProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section class="compare-view" aria-labelledby="compare-title">
      <div class="compare-head">
        <h2 id="compare-title" tabIndex={-1} ref={heading}>
          {t('sitesCompareTitle', String(count))}
        </h2>
        <button type="button" class="button" onClick={onClose}>
          {t('sitesCompareBack')}
        </button>
      </div>
      {comparison === null ? (
        <p class="muted">{t('sitesCompareLoading')}</p>
      ) : (
        <>
          <div class="export-actions">
            <button type="button" class="button" onClick={() => onExport('csv')}>
              {t('sitesCompareExportCsv')}
            </button>
            <button type="button" class="button" onClick={() => onExport('markdown')}>
              {t('sitesCompareExportMarkdown')}
            </button>
            <p class="muted small">{t('sitesCompareExportNote')}</p>
          </div>
          <h3>{t('sitesCompareSitesTitle')}</h3>
          <ul class="compare-sites">
            {comparison.sites.map((site, index) => (
              <SiteCard key={site.site} site={site} index={index} />
            ))}
          </ul>
          {comparison.checks.length === 0 ? (
            <p>{t('sitesCompareNoChecks')}</p>
          ) : (
            <>
              <CheckTable comparison={comparison} />
              <CheckCards comparison={comparison} />
              <p class="muted small">{t('sitesCompareNotListedNote')}</p>
            </>
          )}
        </>
      )}
    </section>
  );
}
