/**
 * The sites table as a file: CSV and JSON, built in the page and saved by the browser's
 * download; nothing is uploaded. The columns are those docs/user-guide.md lists.
 *
 * CSV is RFC 4180 (quoted where needed, CRLF line ends). A text cell a spreadsheet could take
 * for a formula (starting with = + - @, a tab or a carriage return) gets a leading apostrophe:
 * site names and labels come from the service, and a label like `=HYPERLINK(…)` must stay text.
 * Numbers are written by this code and never neutralised, so a change of -3 stays a number.
 */
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
  state: (row) => row.state,
  watched: (row) => row.watched,
};

export const EXPORT_COLUMNS = Object.keys(CELLS);

export const exportRecord = (row: SiteRow): Record<string, Cell> =>
  Object.fromEntries(EXPORT_COLUMNS.map((column) => [column, CELLS[column]?.(row) ?? null]));

/** One CSV cell: text neutralised against formulas, then quoted where RFC 4180 needs it. */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV file of these lines of cells. */
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
