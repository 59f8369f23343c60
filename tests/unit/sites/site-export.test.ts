import { describe, expect, it } from 'vitest';
import {
  csvCell,
  EXPORT_COLUMNS,
  exportFileName,
  exportRecord,
  sitesCsv,
  sitesJson,
} from '../../../lib/sites/site-export';
import { emptyRow, type SiteRow } from '../../../lib/sites/site-rows';
import { parseCsv } from '../../support/csv-reader';

const row = (change: Partial<SiteRow>): SiteRow => ({
  ...emptyRow('https://a.example.com', false),
  ...change,
});

describe('exporting the sites table', () => {
  it('neutralises text cells a spreadsheet would take for a formula', () => {
    for (const hostile of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx']) {
      expect(csvCell(hostile).replace(/^"/, '').startsWith("'")).toBe(true);
    }
    expect(csvCell('A')).toBe('A');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks so the columns stay put', () => {
    const rows = [
      row({ label: 'Good, "solid"\nwork', score: 80, change: -3, status: 'fresh' }),
      row({ site: 'https://b.example.com', label: '=HYPERLINK("http://x")', status: 'stale' }),
    ];
    const [header, first, second, ...rest] = parseCsv(sitesCsv(rows));
    expect(rest).toEqual([]);
    expect(header).toEqual([...EXPORT_COLUMNS]);
    // The columns docs/user-guide.md lists.
    expect(header?.join(' ')).toBe(
      'site score band label change scanned_at essential_failed essential_partial ' +
        'recommended_failed recommended_partial bonus_failed bonus_partial state watched',
    );
    const value = (record: string[] | undefined, column: string) =>
      record?.[EXPORT_COLUMNS.indexOf(column)];
    expect(value(first, 'label')).toBe('Good, "solid"\nwork');
    expect(value(first, 'change')).toBe('-3');
    expect(value(first, 'score')).toBe('80');
    expect(value(second, 'label')).toBe('\'=HYPERLINK("http://x")');
    expect(value(second, 'state')).toBe('stale');
  });

  it('writes JSON with the same columns and rows', () => {
    const rows = [row({ score: 80, band: 'strong', label: 'B' })];
    // fixed date: the clock this test passes in
    const parsed = JSON.parse(sitesJson(rows, Date.parse('2026-11-23T08:00:00Z')));
    // fixed date: made from the clock this test passes in
    expect(parsed.exported_at).toBe('2026-11-23T08:00:00.000Z');
    expect(parsed.sites).toEqual(rows.map(exportRecord));
    expect(Object.keys(parsed.sites[0])).toEqual([...EXPORT_COLUMNS]);
  });

  it('names the file by kind and date', () => {
    // fixed date: the clock this test passes in
    expect(exportFileName('sites', 'csv', Date.parse('2026-11-23T08:00:00Z'))).toBe(
      // fixed date: made from the clock this test passes in
      'agent-readiness-sites-2026-11-23.csv',
    );
    // fixed date: the clock this test passes in
    expect(exportFileName('badge-backup', 'json', Date.parse('2026-11-22T10:00:00Z'))).toBe(
      // fixed date: made from the clock this test passes in
      'agent-readiness-badge-backup-2026-11-22.json',
    );
  });
});
