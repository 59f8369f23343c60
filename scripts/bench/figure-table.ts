/**
 * The bench's figures as rows of one table: each figure, its floor, their ratio and the goal,
 * met or missed. Rows are data, so the terminal table and the JSON file say the same thing.
 */
import type { Summary } from './statistics';

export interface FigureRow {
  figure: string;
  /** e.g. "142 ms [113–175] n=20". */
  measured: string;
  floor: string;
  ratio: string;
  goal: string;
  met: boolean;
}

const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));

/** Median with the interquartile range and the sample count. */
export function formatTiming(summary: Summary, unit = 'ms'): string {
  return `${ms(summary.median)} ${unit} [${ms(summary.p25)}–${ms(summary.p75)}] n=${summary.n}`;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(2)} MB`;
  return `${(bytes / 1000).toFixed(1)} KB`;
}

export function renderTable(rows: FigureRow[]): string {
  const header = ['Figure', 'Measured (median [p25–p75])', 'Floor', 'Ratio', 'Goal', ''];
  const cells = rows.map((row) => [
    row.figure,
    row.measured,
    row.floor,
    row.ratio,
    row.goal,
    row.met ? 'met' : 'MISSED',
  ]);
  return textTable(header, cells);
}

/** A plain-text table: each column as wide as its widest cell, a rule of dashes under the header. */
export function textTable(header: string[], cells: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => (line[column] ?? '').length)),
  );
  const line = (values: string[]) =>
    values
      .map((value, column) => value.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join(
    '\n',
  );
}
