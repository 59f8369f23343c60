/** The contract's `format: date-time` (RFC 3339) as ajv-formats reads it, leap seconds too. */
const DATE_TIME =
  /^(\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]))[tT\s]((?:[01]\d|2[0-3]):[0-5]\d):([0-5]\d|60)(?:\.(\d+))?(?:[zZ]|([+-](?:[01]\d|2[0-3]))(?::?([0-5]\d))?)$/;

const DAY_MS = 86_400_000;
const LAST_MINUTE_MS = DAY_MS - 60_000;

export function parseContractDateTime(value: string): number | null {
  const parts = DATE_TIME.exec(value);
  if (parts === null) return null;
  const [, date = '', hourMinute, second, fraction = '', offsetHours, offsetMinutes = '00'] = parts;
  const leapSecond = second === '60';
  // JavaScript time has no leap seconds: 23:59:60 counts as the end of 23:59:59.
  const seconds = leapSecond ? '59.999' : `${second}.${fraction.padEnd(3, '0').slice(0, 3)}`;
  const asUtc = Date.parse(`${date}T${hourMinute}:${seconds}Z`);
  // Some engines roll 30 February over into March rather than refuse it.
  if (Number.isNaN(asUtc) || new Date(asUtc).getUTCDate() !== Number(date.slice(8))) return null;
  // Parsed once, as UTC, then moved by the offset: the sites page reads thousands of these.
  const offset =
    offsetHours === undefined
      ? 0
      : (offsetHours.startsWith('-') ? -1 : 1) *
        (Number(offsetHours.slice(1)) * 60 + Number(offsetMinutes));
  const time = asUtc - offset * 60_000;
  if (leapSecond && ((time % DAY_MS) + DAY_MS) % DAY_MS < LAST_MINUTE_MS) return null;
  return time;
}

export function isContractDateTime(value: string): boolean {
  return parseContractDateTime(value) !== null;
}
