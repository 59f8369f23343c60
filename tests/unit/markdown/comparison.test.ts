import { describe, expect, it } from 'vitest';
import type { ScanIssue, ScanReport } from '../../../lib/contract/report-schema';
import { DEFAULT_SERVICE_BASE_URL } from '../../../lib/contract/service-base-url';
import { comparisonMarkdown } from '../../../lib/markdown/comparison';
import { buildComparison, type RowWithReport } from '../../../lib/sites/site-comparison';
import { emptyRow } from '../../../lib/sites/site-rows';
import { fixtureReports, issue } from '../../../reference-server/fixtures/reports';
import { fixtureRowsWithReports } from '../../fixtures/site-rows';

// fixed date: the clock this test gives the fixture reports; their scans are ages before it
const NOW = Date.parse('2026-11-22T09:30:00Z');

const reports = fixtureReports(DEFAULT_SERVICE_BASE_URL, NOW);
const rowsOf = (...names: (keyof typeof reports)[]): RowWithReport[] =>
  fixtureRowsWithReports(names, { now: NOW });

const markdownOf = (rows: RowWithReport[]) =>
  comparisonMarkdown(buildComparison(rows), { locale: 'en' });

/** A table's rows as cells, split on the pipes that are not escaped. */
const cellsOf = (line: string) =>
  line
    .slice(2, -2)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());

describe('the comparison as Markdown', () => {
  it('has a table of the sites and a table of the checks, differing checks first', () => {
    const lines = markdownOf(rowsOf('high', 'mid', 'low')).split('\n');
    expect(lines[0]).toBe('# Agent readiness comparison');
    expect(lines.slice(2, 7)).toEqual([
      '| Site | Score | Label | Essential | Recommended | Bonus |',
      '| --- | --- | --- | --- | --- | --- |',
      '| high.readiness-fixtures.com | 92 | A | 76 / 80 | 18 / 20 | +6 |',
      '| mid.readiness-fixtures.com | 75 | B | 58 / 80 | 12.5 / 20 | +4 |',
      '| low.readiness-fixtures.com | 23 | F | 20 / 80 | 3.4 / 20 | +0 |',
    ]);
    const checks = lines.slice(lines.indexOf(lines.find((l) => l.startsWith('| Check')) ?? ''));
    expect(checks.slice(0, 3)).toEqual([
      '| Check | ID | Tier | high.readiness-fixtures.com | mid.readiness-fixtures.com | low.readiness-fixtures.com |',
      '| --- | --- | --- | --- | --- | --- |',
      '| **Agent-friendly 404 pages** (differs) | `agent-friendly-404` | Essential | Not listed | Failed | Failed |',
    ]);
    expect(checks.at(-2)).toBe(
      '| Structured data \\(JSON-LD\\) | `json-ld` | Essential | Partial | Partial | Partial |',
    );
    expect(checks.at(-1)).toBe('');
  });

  it('escapes pipes in names and ids so every row keeps its cells', () => {
    const base = rowsOf('mid')[0] as RowWithReport;
    const hostile: ScanIssue[] = [
      issue('a|b', 'essential', 'failed', 'One | two\nthree', null, null),
      issue('`c|d`', 'bonus', 'partial', 'Back\\slash', null, null),
    ];
    const rows = [
      { ...base, report: { ...(base.report as ScanReport), issues: hostile } },
      { ...emptyRow('https://gone.example.com', false), report: null },
    ];
    const lines = markdownOf(rows).split('\n');
    const table = lines.filter((line) => line.startsWith('| ') && line.includes('`'));
    expect(table).toHaveLength(2);
    for (const line of table) expect(cellsOf(line)).toHaveLength(5);
    expect(table[0]).toContain('One \\| two three');
    expect(table[0]).toContain('`a\\|b`');
    expect(table[1]).toContain('Back\\\\slash');
    // The site without a report says so, in the sites table and in each check's cell.
    expect(lines).toContain('| gone.example.com | No report |  |  |  |  |');
    expect(cellsOf(table[0] ?? '').at(-1)).toBe('No report');
  });

  it('says so when no site lists a check', () => {
    const text = markdownOf(rowsOf('noIssues', 'noIssues'));
    expect(text).toContain('None of these sites lists a failed or partial check.');
    expect(text).not.toContain('| Check |');
  });
});
