/**
 * Reads an HTTP Retry-After header (RFC 9110, section 10.2.3) into an absolute time.
 *
 * The value is either delta-seconds or an HTTP-date. Anything the service could get wrong
 * (garbage, a negative number, a date in the past) yields null, so the caller falls back on
 * its own backoff instead of retrying at once or never.
 */

/** The furthest ahead a server may push a retry; beyond that a value is more likely a bug. */
export const MAX_RETRY_DELAY_MS = 24 * 60 * 60 * 1000;

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const LONG_DAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];
const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

const DAY = `(?:${DAY_NAMES.join('|')})`;
const LONG_DAY = `(?:${LONG_DAY_NAMES.join('|')})`;
const MONTH = `(${MONTH_NAMES.join('|')})`;
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';

/** `Sun, 06 Nov 1994 08:49:37 GMT`, the format servers are required to send. */
const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`);
/** `Sunday, 06-Nov-94 08:49:37 GMT`, obsolete but recipients must still accept it. */
const RFC850_DATE = new RegExp(`^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`);
/** `Sun Nov  6 08:49:37 1994`, C's asctime(), likewise obsolete but accepted. */
const ASCTIME_DATE = new RegExp(`^${DAY} ${MONTH} ( \\d|\\d{2}) ${TIME} (\\d{4})$`);

const DELTA_SECONDS = /^\d+$/;

/**
 * The epoch milliseconds at which a retry may happen, or null when the header is absent or
 * unusable. Always at or after `nowMs` and at most MAX_RETRY_DELAY_MS after it.
 */
export function retryAtFromHeader(value: string | null | undefined, nowMs: number): number | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;

  if (DELTA_SECONDS.test(trimmed)) {
    // A long digit string becomes a huge (or infinite) number: the clamp below handles both.
    const delayMs = Number(trimmed) * 1000;
    return nowMs + Math.min(delayMs, MAX_RETRY_DELAY_MS);
  }

  const dateMs = parseHttpDate(trimmed, nowMs);
  if (dateMs === null) return null;
  // HTTP-dates have whole-second precision, so a date within the current second still means
  // "now"; anything older says the server's clock disagrees with ours and is not trusted.
  if (dateMs <= nowMs - 1000) return null;
  return Math.min(Math.max(dateMs, nowMs), nowMs + MAX_RETRY_DELAY_MS);
}

/** Epoch milliseconds of an HTTP-date in any of its three formats, or null. */
export function parseHttpDate(value: string, nowMs: number): number | null {
  const fixdate = IMF_FIXDATE.exec(value);
  if (fixdate) {
    const [, day, month, year, hour, minute, second] = fixdate;
    return utcTime(Number(year), month, day, hour, minute, second);
  }
  const rfc850 = RFC850_DATE.exec(value);
  if (rfc850) {
    const [, day, month, twoDigitYear, hour, minute, second] = rfc850;
    return utcTime(
      expandTwoDigitYear(Number(twoDigitYear), nowMs),
      month,
      day,
      hour,
      minute,
      second,
    );
  }
  const asctime = ASCTIME_DATE.exec(value);
  if (asctime) {
    const [, month, day, hour, minute, second, year] = asctime;
    return utcTime(Number(year), month, day, hour, minute, second);
  }
  return null;
}

/**
 * RFC 9110: a two-digit year that would lie more than 50 years in the future means the most
 * recent past year with those last two digits.
 */
function expandTwoDigitYear(twoDigitYear: number, nowMs: number): number {
  const currentYear = new Date(nowMs).getUTCFullYear();
  const candidate = currentYear - (currentYear % 100) + twoDigitYear;
  return candidate > currentYear + 50 ? candidate - 100 : candidate;
}

function utcTime(
  year: number,
  monthName: string | undefined,
  dayText: string | undefined,
  hourText: string | undefined,
  minuteText: string | undefined,
  secondText: string | undefined,
): number | null {
  const month = MONTH_NAMES.indexOf(monthName ?? '');
  const day = Number(dayText);
  const hour = Number(hourText);
  const minute = Number(minuteText);
  // 60 is a leap second; JavaScript time has none, so it counts as the last second.
  const second = Math.min(Number(secondText), 59);
  if (month < 0 || hour > 23 || minute > 59 || Number(secondText) > 60) return null;

  // setUTCFullYear rather than Date.UTC: Date.UTC maps years 0-99 to 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  date.setUTCHours(hour, minute, second, 0);
  // Date rolls 31 Feb over into March; a day that does not exist makes the value garbage.
  if (date.getUTCMonth() !== month || date.getUTCDate() !== day) return null;
  return date.getTime();
}
