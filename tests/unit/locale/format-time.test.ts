/**
 * fixed dates: the clock this test passes to the formatters, and the times they parse and
 * format; nothing here reads the real clock.
 */
import { describe, expect, it } from 'vitest';
import {
  formatClockTime,
  formatExactTime,
  formatRelativeTime,
  parseTime,
} from '../../../lib/locale/format-time';

const NOW = Date.parse('2026-11-22T09:30:00Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const en = { locale: 'en' };

describe('formatRelativeTime', () => {
  it.each([
    [0, 'now'],
    [-30 * SECOND, '30 seconds ago'],
    [-1 * MINUTE, '1 minute ago'],
    [-59 * MINUTE, '59 minutes ago'],
    [-2 * HOUR - 59 * MINUTE, '2 hours ago'],
    [-1 * DAY, 'yesterday'],
    [-3 * DAY, '3 days ago'],
    [-3 * DAY - 23 * HOUR, '3 days ago'],
    [-14 * DAY, '2 weeks ago'],
    [-95 * DAY, '3 months ago'],
    [-800 * DAY, '2 years ago'],
    [5 * MINUTE, 'in 5 minutes'],
    [2 * HOUR, 'in 2 hours'],
  ])('puts an offset of %i ms as %j', (offset, expected) => {
    expect(formatRelativeTime(NOW + offset, NOW, en)).toBe(expected);
  });

  it('reads the scan time of the fixtures as three days before the test clock', () => {
    expect(formatRelativeTime(Date.parse('2026-11-19T09:30:00Z'), NOW, en)).toBe('3 days ago');
  });

  it('follows the locale it is given', () => {
    expect(formatRelativeTime(NOW - 3 * DAY, NOW, { locale: 'de' })).toBe('vor 3 Tagen');
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY]])('returns null for %s', (time) => {
    expect(formatRelativeTime(time, NOW, en)).toBeNull();
  });
});

describe('formatExactTime', () => {
  it('gives the date and time in the given zone', () => {
    expect(formatExactTime(NOW, { locale: 'en-US', timeZone: 'UTC' })).toBe(
      'Nov 22, 2026, 9:30 AM',
    );
    expect(formatExactTime(NOW, { locale: 'en-GB', timeZone: 'Europe/Berlin' })).toBe(
      '22 Nov 2026, 10:30',
    );
  });

  it('returns null for an invalid time', () => {
    expect(formatExactTime(Number.NaN)).toBeNull();
  });
});

describe('formatClockTime', () => {
  const utc = { locale: 'en-US', timeZone: 'UTC' };

  it.each([
    [5 * MINUTE, '09:35'],
    [5 * HOUR, '14:30'],
    [12 * HOUR, '21:30'],
  ])('shows a time %i ms ahead as HH:MM (%s)', (offset, expected) => {
    expect(formatClockTime(NOW + offset, NOW, utc)).toBe(expected);
  });

  it('adds the date when the time is more than 12 hours away', () => {
    expect(formatClockTime(NOW + 15 * HOUR, NOW, utc)).toBe('Nov 23, 00:30');
  });

  it('returns null for an invalid time', () => {
    expect(formatClockTime(Number.NaN, NOW, utc)).toBeNull();
  });
});

describe('parseTime', () => {
  it('reads ISO date-times with an offset', () => {
    expect(parseTime('2026-11-19T09:30:00Z')).toBe(Date.UTC(2026, 10, 19, 9, 30));
    expect(parseTime('2026-11-19T10:30:00+01:00')).toBe(Date.UTC(2026, 10, 19, 9, 30));
  });

  it('reads every form the contract allows, a leap second and a lower-case t and z included', () => {
    expect(parseTime('2016-12-31T23:59:60Z')).toBe(Date.UTC(2016, 11, 31, 23, 59, 59, 999));
    expect(parseTime('2026-11-19t09:30:00z')).toBe(Date.UTC(2026, 10, 19, 9, 30));
    expect(parseTime('2026-11-19T10:30:00+01')).toBe(Date.UTC(2026, 10, 19, 9, 30));
  });

  it('returns null for text that is not a date', () => {
    expect(parseTime('yesterday')).toBeNull();
  });
});
