/**
 * Times as the popup shows them. Every function takes `now` (or needs none) so views and
 * tests never depend on the clock.
 */
import { parseContractDateTime } from '../contract/date-time';

export interface TimeFormatOptions {
  /** BCP 47 locale; the browser's own when absent. */
  locale?: string | undefined;
  /** IANA time zone; the browser's own when absent (tests pass 'UTC'). */
  timeZone?: string | undefined;
}

/** One formatter per kind, locale and zone: building one costs far more than using it. */
const formatters = new Map<string, Intl.RelativeTimeFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.RelativeTimeFormat | Intl.DateTimeFormat>(
  kind: string,
  options: TimeFormatOptions,
  make: () => T,
): T {
  const key = `${kind}|${options.locale ?? ''}|${options.timeZone ?? ''}`;
  let formatter = formatters.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', YEAR],
  ['month', MONTH],
  ['week', WEEK],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
  ['second', SECOND],
];

/**
 * How long ago (or how far ahead) `time` is from `now`, e.g. "3 days ago", "yesterday",
 * "in 5 minutes". Whole units, counted down (2 days 23 hours is "2 days ago"). Returns null
 * for a time that is not a finite number.
 */
export function formatRelativeTime(
  time: number,
  now: number,
  options: TimeFormatOptions = {},
): string | null {
  if (!Number.isFinite(time) || !Number.isFinite(now)) return null;
  const rtf = cached(
    'relative',
    options,
    () => new Intl.RelativeTimeFormat(options.locale, { numeric: 'auto' }),
  );
  const diff = time - now;
  const size = Math.abs(diff);
  for (const [unit, ms] of UNITS) {
    if (size >= ms || unit === 'second') {
      const amount = Math.floor(size / ms);
      return rtf.format(diff < 0 ? -amount : amount, unit);
    }
  }
  return null;
}

/** The exact date and time, e.g. "Nov 19, 2026, 9:30 AM"; null for an invalid time. */
export function formatExactTime(time: number, options: TimeFormatOptions = {}): string | null {
  if (!Number.isFinite(time)) return null;
  return cached(
    'exact',
    options,
    () =>
      new Intl.DateTimeFormat(options.locale, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: options.timeZone,
      }),
  ).format(time);
}

/**
 * A time of day as HH:MM on a 24-hour clock, e.g. "14:05". More than 12 hours away from `now`,
 * it gets the date as well, so it cannot be mistaken for today. Null for an invalid time.
 */
export function formatClockTime(
  time: number,
  now: number,
  options: TimeFormatOptions = {},
): string | null {
  if (!Number.isFinite(time)) return null;
  const withDate = Number.isFinite(now) && Math.abs(time - now) > 12 * HOUR;
  return cached(
    withDate ? 'clock-with-date' : 'clock',
    options,
    () =>
      new Intl.DateTimeFormat(options.locale, {
        ...(withDate ? { month: 'short', day: 'numeric' } : {}),
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: options.timeZone,
      }),
  ).format(time);
}

/**
 * Milliseconds since the epoch for an ISO date-time string, or null when it does not parse.
 * Every form the contract allows is read by the contract's own parser (Date.parse cannot read
 * a leap second); anything else gets Date.parse's best effort.
 */
export function parseTime(iso: string): number | null {
  const contractTime = parseContractDateTime(iso);
  if (contractTime !== null) return contractTime;
  const time = Date.parse(iso);
  return Number.isFinite(time) ? time : null;
}
