/** The sites table as the user arranges it: filtered, sorted, and cut to the rows rendered. */
import type { ScoreBandId } from '../tabs/score-band';
import type { SiteRow } from './site-rows';

/** Failed checks weigh more than partial ones: 2 failed + 0 partial sorts after 1 + 5. */
const issueWeight = (tier: 'essential' | 'recommended' | 'bonus') => (row: SiteRow) => {
  const counts = row.issues?.[tier];
  return counts === undefined ? null : counts.failed * 1000 + counts.partial;
};

/** Each column, in the table's order, and what it sorts by. */
const SORT_VALUE = {
  site: (row: SiteRow) => row.host,
  score: (row: SiteRow) => row.score,
  label: (row: SiteRow) => row.label,
  change: (row: SiteRow) => row.change,
  scanned: (row: SiteRow) => row.scannedAtMs,
  essential: issueWeight('essential'),
  recommended: issueWeight('recommended'),
  bonus: issueWeight('bonus'),
  status: (row: SiteRow) => row.status,
} satisfies Record<string, (row: SiteRow) => string | number | null>;

export type SiteColumn = keyof typeof SORT_VALUE;
export const SITE_COLUMNS = Object.keys(SORT_VALUE) as SiteColumn[];

export interface SiteSort {
  column: SiteColumn;
  direction: 'ascending' | 'descending';
}

/** `none`: sites without a report; `old`: reports old by the user's setting (report-age.ts). */
export type BandFilter = 'all' | ScoreBandId | 'none' | 'old';

export interface SiteFilter {
  text: string;
  band: BandFilter;
}

/** Rows rendered at once: every kept site is sorted and filtered, only the rendering is cut. */
export const ROWS_PER_PAGE = 50;

/** As `localeCompare` orders text, with one collator for the whole sort instead of one a call. */
const compareText = new Intl.Collator().compare;

/**
 * Rows without a value in the column (no score, no scan) go last in either direction, so
 * "highest score first" never starts with sites without one; ties go by host.
 */
export function sortRows(rows: readonly SiteRow[], sort: SiteSort): SiteRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const value = SORT_VALUE[sort.column];
  return [...rows].sort((left, right) => {
    const [a, b] = [value(left), value(right)];
    if (a === null || b === null) {
      if (a !== b) return a === null ? 1 : -1;
    } else {
      const order =
        typeof a === 'number' && typeof b === 'number' ? a - b : compareText(String(a), String(b));
      if (order !== 0) return sign * order;
    }
    return compareText(left.host, right.host);
  });
}

export function filterRows(rows: readonly SiteRow[], filter: SiteFilter): SiteRow[] {
  const text = filter.text.trim().toLowerCase();
  const band = filter.band === 'none' ? null : filter.band;
  return rows.filter(
    (row) =>
      (band === 'all' || row.band === band || (band === 'old' && row.age === 'old')) &&
      (row.host.toLowerCase().includes(text) || (row.label ?? '').toLowerCase().includes(text)),
  );
}

/** A new column starts ascending. */
export function nextSort(current: SiteSort, column: SiteColumn): SiteSort {
  if (current.column !== column) return { column, direction: 'ascending' };
  return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}
