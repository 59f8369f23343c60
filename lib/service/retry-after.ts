/**
 * An HTTP Retry-After header (RFC 9110, section 10.2.3: delta-seconds or an HTTP-date) as an
 * absolute time. Anything the service could get wrong (garbage, a negative number, a date in
 * the past) yields null, so the caller falls back on its own backoff.
 */
import { parseContractDateTime } from '../contract/date-time';

/** The furthest ahead a server may push a retry; beyond that a value is more likely a bug. */
export const MAX_RETRY_DELAY_MS = 24 * 60 * 60 * 1000;

/** Epoch ms, at or after `nowMs` and at most MAX_RETRY_DELAY_MS after it; null: unusable. */
export function retryAtFromHeader(value: string | null | undefined, nowMs: number): number | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return null;
  if (/^\d+$/.test(trimmed)) {
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

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const MONTH = `(?<month>${MONTHS.join('|')})`;
const TIME = '(?<time>\\d\\d:\\d\\d:\\d\\d)';

/**
 * RFC 9110's IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), and the obsolete RFC 850 and
 * asctime forms recipients must still read, which Date.parse reads only by engine-specific
 * rules (and it rolls 31 February over into March).
 */
const HTTP_DATE_FORMATS = [
  new RegExp(`^${DAY}, (?<day>\\d\\d) ${MONTH} (?<year>\\d{4}) ${TIME} GMT$`),
  new RegExp(
    `^(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, (?<day>\\d\\d)-${MONTH}-(?<year>\\d\\d) ${TIME} GMT$`,
  ),
  new RegExp(`^${DAY} ${MONTH} (?<day> \\d|\\d\\d) ${TIME} (?<year>\\d{4})$`),
];

/** Epoch ms of an HTTP-date in any of its three formats, or null. */
export function parseHttpDate(value: string, nowMs: number): number | null {
  const parts = HTTP_DATE_FORMATS.map((format) => format.exec(value)?.groups).find(Boolean);
  if (parts === undefined) return null;
  const { day = '', month = '', year = '', time = '' } = parts;
  const fullYear = year.length === 2 ? expandTwoDigitYear(Number(year), nowMs) : year;
  const monthNumber = String(MONTHS.indexOf(month) + 1).padStart(2, '0');
  // The contract's reader checks that the day and the time exist, leap second included.
  const dateMs = parseContractDateTime(
    `${fullYear}-${monthNumber}-${day.trim().padStart(2, '0')}T${time}Z`,
  );
  // HTTP-dates count whole seconds: a leap second is the last second of its minute.
  return dateMs === null ? null : Math.floor(dateMs / 1000) * 1000;
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
