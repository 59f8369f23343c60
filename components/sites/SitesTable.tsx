import { t } from '../../lib/locale/i18n';
import { formatChange } from '../../lib/locale/locale-format';
import { TIERS } from '../../lib/sites/site-rows';
import { SITE_COLUMNS } from '../../lib/sites/site-table';
import { scoreBandFor } from '../../lib/tabs/score-band';
import { siteWordsOf } from '../../lib/tabs/status-traits';
import type { useSitesPage } from './use-sites-page';

type SitesTableProps = Pick<
  ReturnType<typeof useSitesPage>,
  'rows' | 'sort' | 'onSort' | 'onSelect' | 'formatScanned' | 'compare'
> & { selected: string | null };

const ROW_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index) => index + 1,
  ArrowUp: (index) => index - 1,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/** The sites: a header button sorts (aria-sort says how), a row's button selects, keys move. */
export function SitesTable(props: SitesTableProps) {
  const { rows, sort, onSort, selected } = props;
  const { picked, onPick } = props.compare;
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (!target.matches('button.row-select')) return;
    const buttons = [
      ...(target.closest('tbody')?.querySelectorAll<HTMLElement>('button.row-select') ?? []),
    ];
    const move = ROW_KEYS[event.key];
    const next = move && buttons[move(buttons.indexOf(target), buttons.length)];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };
  return (
    <table class="sites-table" aria-describedby="sites-legend">
      <thead>
        <tr>
          {SITE_COLUMNS.map((column) => (
            <th
              key={column}
              scope="col"
              class={`col-${column}`}
              aria-sort={sort.column === column ? sort.direction : undefined}
            >
              <button type="button" class="sort-button" onClick={() => onSort(column)}>
                {t(`sitesColumn_${column}`)}
                <span aria-hidden="true" class="sort-mark">
                  {sort.column === column ? (sort.direction === 'ascending' ? '▲' : '▼') : ''}
                </span>
                {(TIERS as readonly string[]).includes(column) ? (
                  <>
                    {' '}
                    <span class="col-sub">{t('sitesColumnCounts')}</span>
                  </>
                ) : null}
              </button>
            </th>
          ))}
        </tr>
      </thead>
      <tbody onKeyDown={onKeyDown}>
        {rows.map((row) => (
          <tr
            key={row.site}
            class={row.site === selected ? 'selected' : undefined}
            data-site={row.site}
          >
            <th scope="row" class="col-site">
              {/* Named by its own label, not by text in the cell, so the row's header still reads
                  as the site alone. Checked only while the site is ticked: a refused tick (a
                  fifth site) shows unticked at the next render. */}
              <label class="compare-pick">
                <input
                  type="checkbox"
                  checked={picked.includes(row.site)}
                  aria-label={t('sitesComparePick', row.host)}
                  onChange={(event) => onPick(row.site, { picked: event.currentTarget.checked })}
                />
              </label>
              <button
                type="button"
                class="row-select"
                aria-pressed={row.site === selected}
                onClick={() => props.onSelect(row.site)}
              >
                {row.host}
              </button>
              {row.watched ? <span class="watched-mark">{t('sitesWatched')}</span> : null}
            </th>
            <td class="col-score">
              <ScoreChip score={row.score} none={row.band === null ? '–' : t('sitesNoScore')} />
            </td>
            <td class="col-label">{row.label ?? ''}</td>
            <td class="col-change">{row.change === null ? '' : formatChange(row.change)}</td>
            <td class="col-scanned">{props.formatScanned(row)}</td>
            {TIERS.map((tier) => {
              const counts = row.issues?.[tier];
              return (
                <td key={tier} class={`col-${tier}`}>
                  {counts ? (
                    <span
                      title={t('sitesIssueCounts', [String(counts.failed), String(counts.partial)])}
                    >
                      <span class="count-failed">{counts.failed}</span> /{' '}
                      <span class="count-partial">{counts.partial}</span>
                    </span>
                  ) : null}
                </td>
              );
            })}
            <td class={`col-status status-${row.status}`}>{t(siteWordsOf(row.status))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ScoreChip({ score, none }: { score: number | null; none: string }) {
  if (score === null) return <span class="muted">{none}</span>;
  return (
    <span class="score-chip" style={{ '--band': scoreBandFor(score).color }}>
      {score}
    </span>
  );
}
