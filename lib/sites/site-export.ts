/**
 * The sites table as a file: CSV and JSON, built in the page and saved by the browser's
 * download; nothing is uploaded anywhere. The columns are those docs/user-guide.md lists
 * ("The sites page", "Export").
 *
 * CSV is RFC 4180 (quoted where needed, CRLF line ends). A text cell a spreadsheet could take
 * for a formula (starting with = + - @, a tab or a carriage return) gets a leading apostrophe:
 * site names and labels come from the service, and a label like `=HYPERLINK(…)` must stay text.
 * Numbers are written by this code and are never neutralised, so a change of -3 stays a number.
 */
import type { SiteRow } from './site-rows';

export const EXPORT_COLUMNS = [
  'site',
  'score',
  'band',
  'label',
  'change',
  'scanned_at',
  'essential_failed',
  'essential_partial',
  'recommended_failed',
  'recommended_partial',
  'bonus_failed',
  'bonus_partial',
  'state',
  'watched',
] as const;

export type ExportColumn = (typeof EXPORT_COLUMNS)[number];
export type ExportRecord = Record<ExportColumn, string | number | boolean | null>;

export function exportRecord(row: SiteRow): ExportRecord {
  return {
    site: row.site,
    score: row.score,
    band: row.band,
    label: row.label,
    change: row.change,
    scanned_at: row.scannedAt,
    essential_failed: row.issues?.essential.failed ?? null,
    essential_partial: row.issues?.essential.partial ?? null,
    recommended_failed: row.issues?.recommended.failed ?? null,
    recommended_partial: row.issues?.recommended.partial ?? null,
    bonus_failed: row.issues?.bonus.failed ?? null,
    bonus_partial: row.issues?.bonus.partial ?? null,
    state: row.state,
    watched: row.watched,
  };
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: text neutralised against formulas, then quoted where RFC 4180 needs it. */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function sitesCsv(rows: readonly SiteRow[]): string {
  const lines = [EXPORT_COLUMNS.join(',')];
  for (const row of rows) {
    const record = exportRecord(row);
    lines.push(EXPORT_COLUMNS.map((column) => csvCell(record[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function sitesJson(rows: readonly SiteRow[], exportedAt: number): string {
  return `${JSON.stringify(
    { exported_at: new Date(exportedAt).toISOString(), sites: rows.map(exportRecord) },
    null,
    2,
  )}\n`;
}

/** A file name that sorts by date: agent-readiness-sites-2026-11-23.csv. */
export function exportFileName(kind: 'csv' | 'json', exportedAt: number): string {
  return `agent-readiness-sites-${new Date(exportedAt).toISOString().slice(0, 10)}.${kind}`;
}
