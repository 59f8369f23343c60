import { scoreBandFor } from '../../lib/badge/score-band';
import { t } from '../../lib/locale/i18n';
import { formatChange } from '../../lib/locale/locale-format';
import type { SiteRow } from '../../lib/sites/site-rows';
import { SITE_COLUMNS, type SiteColumn, type SiteSort } from '../../lib/sites/site-table';
import { siteStateText } from './site-state-text';

export interface SitesTableProps {
  rows: readonly SiteRow[];
  sort: SiteSort;
  selected: string | null;
  onSort(column: SiteColumn): void;
  onSelect(site: string): void;
  formatScanned(row: SiteRow): string;
  /** The boxes that tick sites for the comparison; without it the table has none. */
  pick?: SitePick;
}

export interface SitePick {
  picked: readonly string[];
  onPick(site: string, options: { picked: boolean }): void;
}

const columnTitle = (column: SiteColumn) => t(`sitesColumn_${column}`);
const TIER_COLUMNS: ReadonlySet<SiteColumn> = new Set(['essential', 'recommended', 'bonus']);

/**
 * The table of sites. Each column header is a button that sorts by it (aria-sort says how);
 * each row's site is a button that selects it. Up and Down move between those buttons, Home
 * and End to the first and last row, so the list is usable from the keyboard alone.
 */
export function SitesTable({
  rows,
  sort,
  selected,
  onSort,
  onSelect,
  formatScanned,
  pick,
}: SitesTableProps) {
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (!target.matches('button.row-select')) return;
    const buttons = [
      ...(target.closest('tbody')?.querySelectorAll<HTMLElement>('button.row-select') ?? []),
    ];
    const index = buttons.indexOf(target);
    const next =
      event.key === 'ArrowDown'
        ? buttons[index + 1]
        : event.key === 'ArrowUp'
          ? buttons[index - 1]
          : event.key === 'Home'
            ? buttons[0]
            : event.key === 'End'
              ? buttons[buttons.length - 1]
              : undefined;
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
                {columnTitle(column)}
                <span aria-hidden="true" class="sort-mark">
                  {sort.column === column ? (sort.direction === 'ascending' ? '▲' : '▼') : ''}
                </span>
                {TIER_COLUMNS.has(column) ? (
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
              {pick ? <PickBox pick={pick} row={row} /> : null}
              <button
                type="button"
                class="row-select"
                aria-pressed={row.site === selected}
                onClick={() => onSelect(row.site)}
              >
                {row.host}
              </button>
              {row.watched ? <span class="watched-mark">{t('sitesWatched')}</span> : null}
            </th>
            <td class="col-score">
              {row.score === null ? (
                <span class="muted">{row.band === null ? '–' : t('sitesNoScore')}</span>
              ) : (
                <span class="score-chip" style={{ '--band': scoreBandFor(row.score).color }}>
                  {row.score}
                </span>
              )}
            </td>
            <td class="col-label">{row.label ?? ''}</td>
            <td class="col-change">{row.change === null ? '' : formatChange(row.change)}</td>
            <td class="col-scanned">{formatScanned(row)}</td>
            {(['essential', 'recommended', 'bonus'] as const).map((tier) => {
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
            <td class={`col-state state-${row.state}`}>{siteStateText(row.state)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A site's box for the comparison. Named by its own label, not by text in the cell, so the
 * row's header still reads as the site alone. Checked only while the site is ticked: a
 * refused tick (a fifth site) shows unticked at the next render.
 */
function PickBox({ pick, row }: { pick: SitePick; row: SiteRow }) {
  return (
    <label class="compare-pick">
      <input
        type="checkbox"
        checked={pick.picked.includes(row.site)}
        aria-label={t('sitesComparePick', row.host)}
        onChange={(event) => pick.onPick(row.site, { picked: event.currentTarget.checked })}
      />
    </label>
  );
}
