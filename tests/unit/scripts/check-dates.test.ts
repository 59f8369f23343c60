/**
 * fixed dates: the checker's cases, texts of made-up files; no date here is compared with a
 * clock.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  CHECKED_FOLDERS,
  checkDates,
  readTexts,
  unexplainedDates,
} from '../../../scripts/check-dates';

const lines = (...text: string[]) => text.join('\n');

describe('scripts/check-dates.ts', () => {
  it('passes the repository as it is', () => {
    const texts = readTexts(process.cwd(), CHECKED_FOLDERS);
    expect(texts.size).toBeGreaterThan(150);
    expect(texts.has('reference-server/fixtures/reports.ts')).toBe(true);
    expect(texts.has('tests/unit/scripts/check-dates.test.ts')).toBe(true);
    expect(checkDates(texts)).toEqual([]);
  });

  it("fails a fixture's scan date with no reason: the date a week later's tests would misread", () => {
    const fixture = lines(
      'function baseReport(origin: string): ScanReport {',
      '  return {',
      '    score: 74.5,',
      "    scanned_at: '2026-11-19T09:30:00Z',",
      '  };',
      '}',
    );
    expect(unexplainedDates('reference-server/fixtures/reports.ts', fixture)).toEqual([
      { file: 'reference-server/fixtures/reports.ts', line: 4, date: '2026-11-19' },
    ]);
  });

  it('passes a date with its reason in a comment above it or on its line', () => {
    const above = lines(
      '// fixed date: the clock this test passes to the view',
      "const NOW = Date.parse('2026-11-22T09:30:00Z');",
    );
    expect(unexplainedDates('a.test.ts', above)).toEqual([]);
    const aboveBlock = lines(
      '/**',
      ' * The clock the view is given.',
      ' * fixed date: the clock this test passes in',
      ' */',
      "const NOW = Date.parse('2026-11-22T09:30:00Z');",
    );
    expect(unexplainedDates('a.test.ts', aboveBlock)).toEqual([]);
    const trailing = "  '2026-02-30T00:00:00Z', // fixed date: no such day, refused as data";
    expect(unexplainedDates('a.test.ts', trailing)).toEqual([]);
  });

  it('explains only the line right under the comment, and needs a reason after the marker', () => {
    const twoLines = lines(
      '// fixed date: the clock this test passes in',
      "const NOW = Date.parse('2026-11-22T09:30:00Z');",
      "const LATER = Date.parse('2026-11-23T09:30:00Z');",
    );
    expect(unexplainedDates('a.test.ts', twoLines)).toEqual([
      { file: 'a.test.ts', line: 3, date: '2026-11-23' },
    ]);
    const blankBetween = lines('// fixed date: the clock', '', "scanned_at: '2026-11-19'");
    expect(unexplainedDates('a.test.ts', blankBetween)).toHaveLength(1);
    expect(unexplainedDates('a.test.ts', "scanned_at: '2026-11-19', // fixed date:")).toHaveLength(
      1,
    );
    // In a string, not a comment: no explanation.
    expect(unexplainedDates('a.test.ts', "const s = 'fixed date: x 2026-11-19';")).toHaveLength(1);
  });

  it('passes a whole file that says why near its top, and only near its top', () => {
    const header = lines(
      '/**',
      ' * fixed dates: cases of a date parser, never compared with the clock.',
      ' */',
      "expect(parse('2026-11-19T09:30:00Z')).toBe(Date.UTC(2026, 10, 19, 9, 30));",
    );
    expect(unexplainedDates('a.test.ts', header)).toEqual([]);
    const late = lines(
      ...Array.from({ length: 15 }, () => ''),
      '// fixed dates: too far down to count',
      '',
      "scanned_at: '2026-11-19T09:30:00Z',",
    );
    expect(unexplainedDates('a.test.ts', late)).toHaveLength(1);
  });

  it('finds every date of the century in ISO form, with or without a time, and years given to Date', () => {
    const found = (text: string) => unexplainedDates('a.ts', text).map((problem) => problem.date);
    expect(found("'2031-01-05'")).toEqual(['2031-01-05']);
    expect(found("'2000-12-31T23:59:59.999+01:00'")).toEqual(['2000-12-31']);
    expect(found('Date.UTC(2026, 10, 19); new Date(2030, 0, 1)')).toEqual([
      'Date.UTC(2026',
      'new Date(2030',
    ]);
    // Not a date of this century, or not a date at all.
    expect(found("'1999-12-31' '2100-01-01' '12026-11-19' 'v1.2026-1-9' Date.UTC(1999)")).toEqual(
      [],
    );
  });

  it('gives the same verdict whatever the day: the rule reads the text alone', () => {
    const text = "scanned_at: '2026-11-19T09:30:00Z',";
    const before = unexplainedDates('a.ts', text);
    vi.useFakeTimers();
    try {
      for (const day of ['2026-11-26T12:00:00Z', '2031-06-01T00:00:00Z', '2001-01-01T00:00:00Z']) {
        vi.setSystemTime(Date.parse(day));
        expect(unexplainedDates('a.ts', text)).toEqual(before);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
