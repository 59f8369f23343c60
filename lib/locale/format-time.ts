/** Times as the pages show them; every function takes `now` (or needs none), never the clock. */
import { parseContractDateTime } from '../contract/date-time';
import { cachedFormatter } from './locale-format';

/** The browser's own locale and time zone when absent. */
interface TimeFormatOptions {
  locale?: string | undefined;
  timeZone?: string | undefined;
}

const dateTimeFormat = (
  kind: string,
  { locale, timeZone }: TimeFormatOptions,
  fields: Intl.DateTimeFormatOptions,
) =>
  cachedFormatter(
    `${kind}|${locale ?? ''}|${timeZone ?? ''}`,
    () => new Intl.DateTimeFormat(locale, { ...fields, timeZone }),
  );

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Longest first; a month counts 30 days and a year 365. */
const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', 60_000],
  ['second', 1000],
];

/** "3 days ago", "yesterday", "in 5 minutes", in whole units counted down (47 hours: 1 day). */
export function formatRelativeTime(
  time: number,
  now: number,
  options: TimeFormatOptions = {},
): string | null {
  if (!Number.isFinite(time) || !Number.isFinite(now)) return null;
  const rtf = cachedFormatter(
    `relative|${options.locale ?? ''}`,
    () => new Intl.RelativeTimeFormat(options.locale, { numeric: 'auto' }),
  );
  const diff = time - now;
  const size = Math.abs(diff);
  const [unit, ms] = UNITS.find(([, length]) => size >= length) ?? ['second', 1000];
  const amount = Math.floor(size / ms);
  return rtf.format(diff < 0 ? -amount : amount, unit);
}

/** "Nov 19, 2026, 9:30 AM". */
export function formatExactTime(time: number, options: TimeFormatOptions = {}): string | null {
  if (!Number.isFinite(time)) return null;
  return dateTimeFormat('exact', options, { dateStyle: 'medium', timeStyle: 'short' }).format(time);
}

/** "14:05"; more than 12 hours from `now` with the date too, so it is not taken for today. */
export function formatClockTime(
  time: number,
  now: number,
  options: TimeFormatOptions = {},
): string | null {
  if (!Number.isFinite(time)) return null;
  const withDate = Number.isFinite(now) && Math.abs(time - now) > 12 * HOUR;
  return dateTimeFormat(withDate ? 'clock-with-date' : 'clock', options, {
    ...(withDate ? { month: 'short', day: 'numeric' } : {}),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(time);
}

/** "3 Oct". */
export function formatShortDate(time: number, options: TimeFormatOptions = {}): string {
  return dateTimeFormat('short-date', options, { day: 'numeric', month: 'short' }).format(time);
}

/** Epoch ms: a contract date-time by its own parser (leap seconds), else by Date.parse. */
export function parseTime(iso: string): number | null {
  const contractTime = parseContractDateTime(iso);
  if (contractTime !== null) return contractTime;
  const time = Date.parse(iso);
  return Number.isFinite(time) ? time : null;
}
