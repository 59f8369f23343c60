/**
 * The contract's `format: date-time` (RFC 3339, section 5.6), read exactly as the OpenAPI
 * document's validator (ajv-formats, "full" mode) reads it, so the extension never refuses a
 * report the document allows. zod's own `iso.datetime` is narrower: it refuses the lower-case
 * `t` and `z` RFC 3339 permits and leap seconds, and `Date.parse` cannot read a leap second.
 *
 * Accepted: `YYYY-MM-DD`, then `T`, `t` or one white-space character, then `hh:mm:ss` with
 * optional fractional seconds, then `Z`, `z`, or an offset `±hh`, `±hhmm` or `±hh:mm`. The day
 * must exist, hours 0-23, minutes 0-59, seconds 0-59, or 60 when the UTC time is 23:59 (a
 * leap second).
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2}(?:\.\d+)?)(?:[zZ]|([+-])(\d{2})(?::?(\d{2}))?)$/;
const SEPARATOR = /[tT]|\s/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Epoch milliseconds of a contract date-time, or null when the value is not one. */
export function parseContractDateTime(value: string): number | null {
  const parts = value.split(SEPARATOR);
  if (parts.length !== 2) return null;
  const [dateText = '', timeText = ''] = parts;
  const date = DATE.exec(dateText);
  const time = TIME.exec(timeText);
  if (date === null || time === null) return null;

  const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;

  const [hour, minute, second] = [Number(time[1]), Number(time[2]), Number(time[3])];
  const sign = time[4] === '-' ? -1 : 1;
  const offsetHours = Number(time[5] ?? 0);
  const offsetMinutes = Number(time[6] ?? 0);
  if (offsetHours > 23 || offsetMinutes > 59 || hour > 23 || minute > 59) return null;
  const offsetMs = sign * (offsetHours * 60 + offsetMinutes) * 60_000;
  if (second >= 60 && !(second < 61 && isLastMinuteOfUtcDay(hour, minute, offsetMs))) {
    return null;
  }

  // JavaScript time has no leap seconds: 23:59:60 counts as the end of 23:59:59.
  const wholeSeconds = Math.min(Math.floor(second), 59);
  const milliseconds = second >= 60 ? 999 : Math.floor((second - Math.floor(second)) * 1000);
  // setUTCFullYear rather than Date.UTC, which maps the years 0-99 to 1900-1999.
  const local = new Date(0);
  local.setUTCFullYear(year, month - 1, day);
  local.setUTCHours(hour, minute, wholeSeconds, milliseconds);
  return local.getTime() - offsetMs;
}

export function isContractDateTime(value: string): boolean {
  return parseContractDateTime(value) !== null;
}

function daysInMonth(year: number, month: number): number {
  const leapYear = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leapYear ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

function isLastMinuteOfUtcDay(hour: number, minute: number, offsetMs: number): boolean {
  const minutesOfDay = (((hour * 60 + minute - offsetMs / 60_000) % 1440) + 1440) % 1440;
  return minutesOfDay === 23 * 60 + 59;
}
