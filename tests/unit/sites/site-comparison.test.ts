import { describe, expect, it } from 'vitest';
import type { ScanIssue, ScanReport } from '../../../lib/contract/report-schema';
import { DEFAULT_SERVICE_BASE_URL } from '../../../lib/contract/service-base-url';
import {
  buildComparison,
  type ComparedCheck,
  compareChecks,
  comparisonCsv,
  type RowWithReport,
} from '../../../lib/sites/site-comparison';
import { exportFileName } from '../../../lib/sites/site-export';
import { emptyRow } from '../../../lib/sites/site-rows';
import { FIXTURE_ORIGINS, fixtureReports, issue } from '../../../reference-server/fixtures/reports';
import { fixtureRowsWithReports } from '../../fixtures/site-rows';
import { parseCsv } from '../../support/csv-reader';

// fixed date: the clock this test gives the fixture reports; their scans are ages before it
const NOW = Date.parse('2026-11-22T09:30:00Z');

const reports = fixtureReports(DEFAULT_SERVICE_BASE_URL, NOW);

/** Rows as the sites page builds them, one per fixture report, in the order named. */
const rowsOf = (...names: (keyof typeof reports)[]): RowWithReport[] =>
  fixtureRowsWithReports(names, { now: NOW });

/** A row for a made-up site whose report lists exactly these issues. */
function rowWith(site: string, issues: ScanIssue[]): RowWithReport {
  const base = rowsOf('mid')[0] as RowWithReport;
  return {
    ...base,
    site,
    host: new URL(site).host,
    report: { ...(base.report as ScanReport), issues },
  };
}

describe('building the comparison', () => {
  it('lists every check any site lists, with each site’s mark, differing ones first', () => {
    const comparison = buildComparison(rowsOf('high', 'mid', 'low'));
    expect(comparison.sites.map((site) => [site.host, site.score, site.label])).toEqual([
      ['high.readiness-fixtures.com', 92, 'A'],
      ['mid.readiness-fixtures.com', 75, 'B'],
      ['low.readiness-fixtures.com', 23, 'F'],
    ]);
    expect(
      comparison.checks.map((check) => [check.id, check.tier, check.differs, ...check.marks]),
    ).toEqual([
      ['agent-friendly-404', 'essential', true, 'not-listed', 'failed', 'failed'],
      ['openapi-spec', 'recommended', true, 'not-listed', 'failed', 'failed'],
      ['mcp-server', 'bonus', true, 'not-listed', 'failed', 'failed'],
      ['json-ld', 'essential', false, 'partial', 'partial', 'partial'],
    ]);
    expect(comparison.checks[0]?.name).toBe('Agent-friendly 404 pages');
  });

  it('shows a site without a kept report as such, and does not count it as a difference', () => {
    const comparison = buildComparison([
      ...rowsOf('mid', 'low'),
      { ...emptyRow('https://gone.example.com', false), report: null },
    ]);
    expect(comparison.sites[2]).toMatchObject({ host: 'gone.example.com', report: null });
    expect(comparison.checks.every((check) => check.marks[2] === 'no-report')).toBe(true);
    // mid and low list the same checks the same way: nothing differs.
    expect(comparison.checks.some((check) => check.differs)).toBe(false);
  });

  it('has no checks when no site lists one', () => {
    const comparison = buildComparison(rowsOf('noIssues', 'noIssues'));
    expect(comparison.checks).toEqual([]);
  });

  it('names a check as the first site (in the order chosen) that lists it names it', () => {
    const comparison = buildComparison([
      rowWith('https://a.example.com', [issue('x', 'bonus', 'failed', 'First name', null, null)]),
      rowWith('https://b.example.com', [issue('x', 'bonus', 'partial', 'Other name', null, null)]),
    ]);
    expect(comparison.checks).toEqual([
      { id: 'x', name: 'First name', tier: 'bonus', marks: ['failed', 'partial'], differs: true },
    ]);
  });
});

describe('the order of the checks', () => {
  const check = (change: Partial<ComparedCheck>): ComparedCheck => ({
    id: 'id',
    name: 'Name',
    tier: 'essential',
    marks: [],
    differs: false,
    ...change,
  });

  const cases: { why: string; first: ComparedCheck; second: ComparedCheck }[] = [
    {
      why: 'a differing check before a same one, whatever its tier',
      first: check({ differs: true, tier: 'bonus' }),
      second: check({ differs: false, tier: 'essential' }),
    },
    {
      why: 'essential before recommended',
      first: check({ tier: 'essential', name: 'Z' }),
      second: check({ tier: 'recommended', name: 'A' }),
    },
    {
      why: 'recommended before bonus',
      first: check({ tier: 'recommended', name: 'Z' }),
      second: check({ tier: 'bonus', name: 'A' }),
    },
    {
      why: 'within a tier, by name',
      first: check({ name: 'Alpha', id: 'z' }),
      second: check({ name: 'Beta', id: 'a' }),
    },
    {
      why: 'by id where the names are the same',
      first: check({ id: 'a' }),
      second: check({ id: 'b' }),
    },
    {
      why: 'differing checks among themselves by tier',
      first: check({ differs: true, tier: 'recommended' }),
      second: check({ differs: true, tier: 'bonus' }),
    },
  ];

  it.each(cases)('puts $why', ({ first, second }) => {
    expect(compareChecks(first, second)).toBeLessThan(0);
    expect(compareChecks(second, first)).toBeGreaterThan(0);
    expect([second, first].sort(compareChecks)).toEqual([first, second]);
  });

  it('finds two checks with the same fields equal', () => {
    expect(compareChecks(check({}), check({}))).toBe(0);
  });
});

describe('the comparison as CSV', () => {
  it('has a column per site after the fixed ones, and a row per check in order', () => {
    const comparison = buildComparison(rowsOf('high', 'mid'));
    const text = comparisonCsv(comparison);
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...records] = parseCsv(text);
    expect(header).toEqual([
      'check_id',
      'check_name',
      'tier',
      'differs',
      FIXTURE_ORIGINS.high,
      FIXTURE_ORIGINS.mid,
    ]);
    expect(records).toEqual(
      comparison.checks.map((check) => [
        check.id,
        check.name,
        check.tier,
        String(check.differs),
        ...check.marks,
      ]),
    );
  });

  it('quotes commas, quotes and line breaks, and keeps formulas text', () => {
    const comparison = buildComparison([
      rowWith('https://a.example.com', [
        issue('=cmd|x', 'essential', 'failed', 'Name, "quoted"\nover two lines', null, null),
        issue('plain', 'essential', 'failed', '@SUM(A1)', null, null),
      ]),
      rowWith('https://b.example.com', []),
    ]);
    const [, ...records] = parseCsv(comparisonCsv(comparison));
    const byId = Object.fromEntries(records.map((record) => [record[0], record.slice(1)]));
    expect(byId).toEqual({
      "'=cmd|x": ['Name, "quoted"\nover two lines', 'essential', 'true', 'failed', 'not-listed'],
      plain: ["'@SUM(A1)", 'essential', 'true', 'failed', 'not-listed'],
    });
  });

  it('names the file by date', () => {
    // fixed date: made from the clock this test passes in
    expect(exportFileName('comparison', 'md', Date.parse('2026-11-23T08:00:00Z'))).toBe(
      // fixed date: made from the clock this test passes in
      'agent-readiness-comparison-2026-11-23.md',
    );
  });
});
