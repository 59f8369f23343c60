import { describe, expect, it } from 'vitest';
import { AHEAD_TOLERANCE_MS, reportAge } from '../../../lib/tabs/report-age';
import { scannedBefore } from '../../../reference-server/fixtures/scan-times';

// fixed date: the clock this test passes to the code under test; every scan time is an age before it
const NOW = Date.parse('2026-11-22T09:30:00Z');
const DAY = 86_400_000;
const agedBy = (ms: number) => new Date(NOW - ms).toISOString();

describe('reportAge', () => {
  it.each([
    ['7', 7 * DAY, 'recent'],
    ['7', 7 * DAY + 1000, 'old'],
    ['30', 7 * DAY + 1000, 'recent'],
    ['30', 30 * DAY, 'recent'],
    ['30', 30 * DAY + 1000, 'old'],
    ['90', 89 * DAY, 'recent'],
    ['90', 90 * DAY + 1000, 'old'],
    ['never', 3650 * DAY, 'recent'],
  ] as const)('with %s days, a scan %i ms before the clock is %s', (days, age, expected) => {
    expect(reportAge(agedBy(age), NOW, days)).toBe(expected);
  });

  it('reads a scan a little ahead of the clock as recent, one further ahead as ahead', () => {
    expect(reportAge(agedBy(-AHEAD_TOLERANCE_MS), NOW, '30')).toBe('recent');
    expect(reportAge(agedBy(-AHEAD_TOLERANCE_MS - 1000), NOW, '30')).toBe('ahead');
    expect(reportAge(agedBy(-30 * DAY), NOW, 'never')).toBe('ahead');
  });

  it('follows the clock it is given, not the one it runs under', () => {
    const scanned = scannedBefore(NOW, { days: 31 });
    expect(reportAge(scanned, NOW, '30')).toBe('old');
    expect(reportAge(scanned, NOW - 2 * DAY, '30')).toBe('recent');
  });

  it('says unknown for a scan time it cannot read', () => {
    expect(reportAge('yesterday-ish', NOW, '30')).toBe('unknown');
  });
});
