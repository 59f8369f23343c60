import { describe, expect, it } from 'vitest';
import { emptyRow, type SiteRow } from '../../../lib/sites/site-rows';
import { filterRows, nextSort, sortRows } from '../../../lib/sites/site-table';

function row(host: string, change: Partial<SiteRow> = {}): SiteRow {
  return { ...emptyRow(`https://${host}`, false), status: 'fresh', ...change };
}

const rows = [
  row('b.example.com', { score: 55, band: 'fair', label: 'C', scannedAtMs: 3 }),
  row('a.example.com', { score: 91, band: 'strong', label: 'A', scannedAtMs: 1 }),
  row('c.example.com', { score: null, band: null, label: null, status: 'no-report' }),
  row('d.example.org', { score: 12, band: 'weak', label: 'F', scannedAtMs: 2, age: 'old' }),
];
const hosts = (list: SiteRow[]) => list.map((item) => item.host);

describe('sorting the sites table', () => {
  it('sorts by score both ways, rows without a score always last', () => {
    expect(hosts(sortRows(rows, { column: 'score', direction: 'ascending' }))).toEqual([
      'd.example.org',
      'b.example.com',
      'a.example.com',
      'c.example.com',
    ]);
    expect(hosts(sortRows(rows, { column: 'score', direction: 'descending' }))).toEqual([
      'a.example.com',
      'b.example.com',
      'd.example.org',
      'c.example.com',
    ]);
  });

  it('sorts by site and by scan time, and ties go by host', () => {
    expect(hosts(sortRows(rows, { column: 'site', direction: 'descending' }))).toEqual([
      'd.example.org',
      'c.example.com',
      'b.example.com',
      'a.example.com',
    ]);
    expect(hosts(sortRows(rows, { column: 'scanned', direction: 'ascending' }))).toEqual([
      'a.example.com',
      'd.example.org',
      'b.example.com',
      'c.example.com',
    ]);
    const tied = [row('z.example.com', { score: 50 }), row('y.example.com', { score: 50 })];
    expect(hosts(sortRows(tied, { column: 'score', direction: 'descending' }))).toEqual([
      'y.example.com',
      'z.example.com',
    ]);
  });

  it('starts a new column ascending and turns the same one around', () => {
    const first = nextSort({ column: 'site', direction: 'ascending' }, 'score');
    expect(first).toEqual({ column: 'score', direction: 'ascending' });
    expect(nextSort(first, 'score')).toEqual({ column: 'score', direction: 'descending' });
  });
});

describe('filtering the sites table', () => {
  it('matches text in the host or the label, ignoring case', () => {
    expect(hosts(filterRows(rows, { text: 'EXAMPLE.ORG', band: 'all' }))).toEqual([
      'd.example.org',
    ]);
    expect(hosts(filterRows(rows, { text: ' a ', band: 'all' }))).toEqual([
      'b.example.com',
      'a.example.com',
      'c.example.com',
      'd.example.org',
    ]);
    expect(hosts(filterRows(rows, { text: 'f', band: 'all' }))).toEqual(['d.example.org']);
  });

  it('filters by band, and "none" keeps the sites without a report', () => {
    expect(hosts(filterRows(rows, { text: '', band: 'strong' }))).toEqual(['a.example.com']);
    expect(hosts(filterRows(rows, { text: '', band: 'none' }))).toEqual(['c.example.com']);
  });

  it('filters old reports by the age each row was read with', () => {
    expect(hosts(filterRows(rows, { text: '', band: 'old' }))).toEqual(['d.example.org']);
    expect(hosts(filterRows(rows, { text: 'example.com', band: 'old' }))).toEqual([]);
  });

  it('arranges thousands of rows in one pass, all of them', () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      row(`site-${i}.example.com`, { score: i % 101, band: 'fair' }),
    );
    const arranged = sortRows(filterRows(many, { text: 'site-4', band: 'all' }), {
      column: 'score',
      direction: 'descending',
    });
    expect(arranged.length).toBe(many.filter((r) => r.host.includes('site-4')).length);
    for (let i = 1; i < arranged.length; i++) {
      expect((arranged[i - 1]?.score ?? 0) >= (arranged[i]?.score ?? 0)).toBe(true);
    }
  });
});
