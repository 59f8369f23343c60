/**
 * The sites table as the user arranges it: filtered by text and band, sorted by any column,
 * and cut to the rows the page renders at once.
 *
 * Rows without a value in the sorted column (no score, no scan) always go last, whichever the
 * direction, so "highest score first" never starts with a list of sites without one. Ties go
 * by host, so the order is stable and the same in the page and in the export.
 */
import type { ScoreBandId } from '../badge/score-band';
import type { SiteRow, TIERS } from './site-rows';

export type SiteColumn =
  | 'site'
  | 'score'
  | 'label'
  | 'change'
  | 'scanned'
  | 'essential'
  | 'recommended'
  | 'bonus'
  | 'state';

export const SITE_COLUMNS: readonly SiteColumn[] = [
  'site',
  'score',
  'label',
  'change',
  'scanned',
  'essential',
  'recommended',
  'bonus',
  'state',
];

export type SortDirection = 'ascending' | 'descending';

export interface SiteSort {
  column: SiteColumn;
  direction: SortDirection;
}

/** `none`: sites without a report. */
export type BandFilter = 'all' | ScoreBandId | 'none';

export interface SiteFilter {
  text: string;
  band: BandFilter;
}

/**
 * Rows rendered at once; beyond them the user narrows the filter or asks for the next page of
 * rows ("Show more"). Every site the cache holds (its bounds are in lib/cache/report-cache.ts)
 * is sorted and filtered in memory; only the rendering is limited.
 */
export const ROWS_PER_PAGE = 200;

type SortValue = string | number | null;

/** Failed checks weigh more than partial ones: 2 failed + 0 partial sorts after 1 + 5. */
const issueWeight = (row: SiteRow, tier: (typeof TIERS)[number]): number | null => {
  const counts = row.issues?.[tier];
  return counts === undefined ? null : counts.failed * 1000 + counts.partial;
};

function sortValue(row: SiteRow, column: SiteColumn): SortValue {
  switch (column) {
    case 'site':
      return row.host;
    case 'score':
      return row.score;
    case 'label':
      return row.label;
    case 'change':
      return row.change;
    case 'scanned':
      return row.scannedAtMs;
    case 'essential':
    case 'recommended':
    case 'bonus':
      return issueWeight(row, column);
    case 'state':
      return row.state;
  }
}

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

export function sortRows(rows: readonly SiteRow[], sort: SiteSort): SiteRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((left, right) => {
    const a = sortValue(left, sort.column);
    const b = sortValue(right, sort.column);
    if (a === null || b === null) {
      if (a !== b) return a === null ? 1 : -1;
    } else {
      const order = compareValues(a, b);
      if (order !== 0) return sign * order;
    }
    return left.host.localeCompare(right.host);
  });
}

export function filterRows(rows: readonly SiteRow[], filter: SiteFilter): SiteRow[] {
  const text = filter.text.trim().toLowerCase();
  return rows.filter((row) => {
    if (filter.band === 'none' && row.band !== null) return false;
    if (filter.band !== 'all' && filter.band !== 'none' && row.band !== filter.band) return false;
    if (text === '') return true;
    return row.host.toLowerCase().includes(text) || (row.label ?? '').toLowerCase().includes(text);
  });
}

/** Filtered, then sorted: the table's rows in order, all of them (the export takes these). */
export function arrangeRows(rows: readonly SiteRow[], filter: SiteFilter, sort: SiteSort) {
  return sortRows(filterRows(rows, filter), sort);
}

/** The next direction when a column's header is chosen: a new column starts ascending. */
export function nextSort(current: SiteSort, column: SiteColumn): SiteSort {
  if (current.column !== column) return { column, direction: 'ascending' };
  return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}
