/** The sites table as a CSV or JSON file, with the columns docs/user-guide.md lists (README). */
import type { SiteRow } from './site-rows';

type Cell = string | number | boolean | null;

const CELLS: Record<string, (row: SiteRow) => Cell> = {
  site: (row) => row.site,
  score: (row) => row.score,
  band: (row) => row.band,
  label: (row) => row.label,
  change: (row) => row.change,
  scanned_at: (row) => row.scannedAt,
  essential_failed: (row) => row.issues?.essential.failed ?? null,
  essential_partial: (row) => row.issues?.essential.partial ?? null,
  recommended_failed: (row) => row.issues?.recommended.failed ?? null,
  recommended_partial: (row) => row.issues?.recommended.partial ?? null,
  bonus_failed: (row) => row.issues?.bonus.failed ?? null,
  bonus_partial: (row) => row.issues?.bonus.partial ?? null,
  state: (row) => row.status,
  watched: (row) => row.watched,
};

export const EXPORT_COLUMNS = Object.keys(CELLS);

export const exportRecord = (row: SiteRow): Record<string, Cell> =>
  Object.fromEntries(EXPORT_COLUMNS.map((column) => [column, CELLS[column]?.(row) ?? null]));

/**
 * One RFC 4180 cell: text a spreadsheet could take for a formula (= + - @, tab, CR) gets an
 * apostrophe, then is quoted where needed. Numbers are ours, so a change of -3 stays a number.
 */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvText = (lines: readonly (readonly Cell[])[]): string =>
  `${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;

export const sitesCsv = (rows: readonly SiteRow[]) =>
  csvText([EXPORT_COLUMNS, ...rows.map((row) => Object.values(exportRecord(row)))]);

export function sitesJson(rows: readonly SiteRow[], exportedAt: number): string {
  const file = { exported_at: new Date(exportedAt).toISOString(), sites: rows.map(exportRecord) };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** A file name that sorts by date: agent-readiness-sites-2026-11-23.csv. */
export const exportFileName = (what: string, kind: string, exportedAt: number) =>
  `agent-readiness-${what}-${new Date(exportedAt).toISOString().slice(0, 10)}.${kind}`;
