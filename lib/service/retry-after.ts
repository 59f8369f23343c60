/** When to ask again (README); anything the service could get wrong yields null. */
import { parseContractDateTime } from '../contract/date-time';

/** The furthest ahead a server may push a retry; beyond that a value is more likely a bug. */
export const MAX_RETRY_DELAY_MS = 24 * 60 * 60 * 1000;

export const MAX_QUOTA_WAIT_MS = 15 * 60_000;

/** Retry-After (RFC 9110, 10.2.3: delta-seconds or an HTTP-date) as epoch ms. */
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

/** IMF-fixdate and the obsolete RFC 850 and asctime forms, which Date.parse reads loosely. */
const HTTP_DATE_FORMATS = [
  new RegExp(`^${DAY}, (?<day>\\d\\d) ${MONTH} (?<year>\\d{4}) ${TIME} GMT$`),
  new RegExp(
    `^(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, (?<day>\\d\\d)-${MONTH}-(?<year>\\d\\d) ${TIME} GMT$`,
  ),
  new RegExp(`^${DAY} ${MONTH} (?<day> \\d|\\d\\d) ${TIME} (?<year>\\d{4})$`),
];

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

/** RFC 9110: a two-digit year more than 50 years ahead is the most recent past one. */
function expandTwoDigitYear(twoDigitYear: number, nowMs: number): number {
  const currentYear = new Date(nowMs).getUTCFullYear();
  const candidate = currentYear - (currentYear % 100) + twoDigitYear;
  return candidate > currentYear + 50 ? candidate - 100 : candidate;
}

function wholeNumbers(values: (string | undefined)[]): number[] {
  return values.flatMap((value) => {
    const trimmed = value?.trim() ?? '';
    return /^\d{1,12}$/.test(trimmed) ? [Number(trimmed)] : [];
  });
}

/** Of a structured-field item or dictionary: `"p";r=0;t=30`, `remaining=0, reset=30`. */
function parameters(value: string | undefined): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of value?.split(/[;,]/) ?? []) {
    const equals = part.indexOf('=');
    if (equals === -1) continue;
    const name = part.slice(0, equals).trim().toLowerCase();
    // The first value of a name wins: a list of several policies is read by its first.
    if (name !== '' && !found.has(name)) found.set(name, part.slice(equals + 1).trim());
  }
  return found;
}

/** The quota an answer states, in both dialects (README); the more careful reading wins. */
export function quotaFromHeaders(
  headers: Record<string, string>,
  nowMs: number,
): { remaining: number; resetAt: number } | null {
  const structured = parameters(headers.ratelimit);
  const remaining = wholeNumbers([
    headers['ratelimit-remaining'],
    structured.get('r') ?? structured.get('remaining'),
  ]);
  let resetSeconds = wholeNumbers([
    headers['ratelimit-reset'],
    structured.get('t') ?? structured.get('reset'),
  ]);
  // No reset named: the whole window is the longest the quota can stay spent.
  if (resetSeconds.length === 0) {
    resetSeconds = wholeNumbers([parameters(headers['ratelimit-policy']).get('w')]);
  }
  if (remaining.length === 0 || resetSeconds.length === 0) return null;
  const waitMs = Math.min(Math.max(...resetSeconds) * 1000, MAX_QUOTA_WAIT_MS);
  return { remaining: Math.min(...remaining), resetAt: nowMs + waitMs };
}
