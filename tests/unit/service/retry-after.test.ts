/**
 * fixed dates: HTTP dates, and the clock this test passes to their parser; nothing here reads
 * the real clock.
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_RETRY_DELAY_MS,
  parseHttpDate,
  retryAtFromHeader,
} from '../../../lib/service/retry-after';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0, 250);

describe('retryAtFromHeader', () => {
  it.each<[string, string | null | undefined, number | null]>([
    ['absent', null, null],
    ['undefined', undefined, null],
    ['empty', '', null],
    ['blank', '   ', null],
    ['delta-seconds', '120', NOW + 120_000],
    ['delta-seconds with surrounding space', ' 5 ', NOW + 5_000],
    ['zero seconds', '0', NOW],
    ['exactly the cap', String(MAX_RETRY_DELAY_MS / 1000), NOW + MAX_RETRY_DELAY_MS],
    ['one second over the cap', String(MAX_RETRY_DELAY_MS / 1000 + 1), NOW + MAX_RETRY_DELAY_MS],
    ['a number too long for a double', '9'.repeat(400), NOW + MAX_RETRY_DELAY_MS],
    ['a negative number', '-5', null],
    ['a fraction', '1.5', null],
    ['an exponent', '1e3', null],
    ['a sign', '+30', null],
    ['two values joined by a proxy', '120, 60', null],
    ['a word', 'soon', null],
    ['an IMF-fixdate ahead', 'Fri, 20 Nov 2026 12:05:00 GMT', Date.UTC(2026, 10, 20, 12, 5)],
    ['an RFC 850 date ahead', 'Friday, 20-Nov-26 12:05:00 GMT', Date.UTC(2026, 10, 20, 12, 5)],
    ['an asctime date ahead', 'Fri Nov 20 12:05:00 2026', Date.UTC(2026, 10, 20, 12, 5)],
    ['a date in the current second', 'Fri, 20 Nov 2026 12:00:00 GMT', NOW],
    ['a date a second in the past', 'Fri, 20 Nov 2026 11:59:59 GMT', null],
    ['a date long past', 'Sun, 06 Nov 1994 08:49:37 GMT', null],
    ['a date years ahead', 'Mon, 01 Jan 2035 00:00:00 GMT', NOW + MAX_RETRY_DELAY_MS],
    ['a date in another zone', 'Fri, 20 Nov 2026 12:05:00 +0100', null],
    ['an ISO date', '2026-11-20T12:05:00Z', null],
    ['a day that does not exist', 'Mon, 31 Feb 2027 00:00:00 GMT', null],
    ['an hour that does not exist', 'Fri, 20 Nov 2026 24:00:00 GMT', null],
    ['a leap second outside the last minute of a day', 'Fri, 20 Nov 2026 12:05:60 GMT', null],
  ])('%s', (_case, header, expected) => {
    expect(retryAtFromHeader(header, NOW)).toBe(expected);
  });
});

describe('parseHttpDate', () => {
  it('reads the three formats of RFC 9110 as the same instant', () => {
    const instant = Date.UTC(1994, 10, 6, 8, 49, 37);
    const now = Date.UTC(2026, 0, 1);
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT', now)).toBe(instant);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', now)).toBe(instant);
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994', now)).toBe(instant);
  });

  it('puts a two-digit year more than 50 years ahead in the previous century', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(parseHttpDate('Thursday, 01-Jan-76 00:00:00 GMT', now)).toBe(Date.UTC(2076, 0, 1));
    expect(parseHttpDate('Saturday, 01-Jan-77 00:00:00 GMT', now)).toBe(Date.UTC(1977, 0, 1));
  });

  it('takes a leap second as the last second of the minute', () => {
    expect(parseHttpDate('Sat, 31 Dec 2016 23:59:60 GMT', 0)).toBe(
      Date.UTC(2016, 11, 31, 23, 59, 59),
    );
  });

  it('reads what Date#toUTCString writes', () => {
    const instant = Date.UTC(2026, 10, 20, 12, 34, 56);
    expect(parseHttpDate(new Date(instant).toUTCString(), 0)).toBe(instant);
  });
});
