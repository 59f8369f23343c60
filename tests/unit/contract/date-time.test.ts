/**
 * fixed dates: cases of the contract's date-time parser, read as text and never compared
 * with the clock.
 */
import { describe, expect, it } from 'vitest';
import { isContractDateTime, parseContractDateTime } from '../../../lib/contract/date-time';
import { openapiValidators } from '../../support/openapi-validators';

const { report: validateReport } = openapiValidators();

/** What the OpenAPI document (ajv-formats) says of `value` as a report's scanned_at. */
function documentAllows(value: string): boolean {
  const probe = structuredClone(REPORT_TEMPLATE);
  probe.scanned_at = value;
  return validateReport(probe) === true;
}

const REPORT_TEMPLATE = {
  target: 'https://example.com/',
  display_target: 'example.com',
  report_url: 'https://is-agentic.com/scan/example.com',
  score: 50,
  score_label: 'C',
  scanned_at: '',
  eligible_checks: 1,
  score_breakdown: {
    essential: { earned: 1, available: 80, passing: 1, total: 1 },
    recommended: { earned: 0, available: 20, passing: 0, total: 0 },
    bonus: { points: 0, positive_signals: 0 },
  },
  issues: [],
};

describe('parseContractDateTime', () => {
  it.each<[string, string, number | null]>([
    ['UTC with Z', '2026-11-19T09:30:00Z', Date.UTC(2026, 10, 19, 9, 30)],
    ['lower-case t and z', '2026-11-19t09:30:00z', Date.UTC(2026, 10, 19, 9, 30)],
    ['a space for the T', '2026-11-19 09:30:00Z', Date.UTC(2026, 10, 19, 9, 30)],
    ['a positive offset', '2026-11-19T10:30:00+01:00', Date.UTC(2026, 10, 19, 9, 30)],
    ['a negative offset', '2026-11-19T04:00:00-05:30', Date.UTC(2026, 10, 19, 9, 30)],
    ['an offset without a colon', '2026-11-19T10:30:00+0100', Date.UTC(2026, 10, 19, 9, 30)],
    ['an offset of hours only', '2026-11-19T10:30:00+01', Date.UTC(2026, 10, 19, 9, 30)],
    ['fractional seconds', '2026-11-19T09:30:00.1239Z', Date.UTC(2026, 10, 19, 9, 30, 0, 123)],
    ['a leap second', '2016-12-31T23:59:60Z', Date.UTC(2016, 11, 31, 23, 59, 59, 999)],
    [
      'a leap second at an offset',
      '2017-01-01T00:59:60+01:00',
      Date.UTC(2016, 11, 31, 23, 59, 59, 999),
    ],
    ['29 February of a leap year', '2024-02-29T00:00:00Z', Date.UTC(2024, 1, 29)],
    ['a year before 100', '0099-01-01T00:00:00Z', -59042995200000],
    ['no time zone', '2026-11-19T09:30:00', null],
    ['no seconds', '2026-11-19T09:30Z', null],
    ['a date only', '2026-11-19', null],
    ['29 February of another year', '2026-02-29T00:00:00Z', null],
    ['30 February', '2024-02-30T00:00:00Z', null],
    ['month 13', '2026-13-01T00:00:00Z', null],
    ['hour 24', '2026-11-19T24:00:00Z', null],
    ['minute 60', '2026-11-19T09:60:00Z', null],
    ['second 60 outside a leap second', '2026-11-19T09:30:60Z', null],
    ['an offset of 24 hours', '2026-11-19T09:30:00+24:00', null],
    ['two separators', '2026-11-19T09:30:00Z T', null],
    ['words', 'yesterday', null],
    ['an empty string', '', null],
    ['non-ASCII digits', '２０２６-11-19T09:30:00Z', null],
  ])('reads %s (%s)', (_case, value, expected) => {
    expect(parseContractDateTime(value)).toBe(expected);
    expect(isContractDateTime(value)).toBe(expected !== null);
  });

  it.each([
    '2026-11-19T09:30:00Z',
    '2026-11-19t09:30:00z',
    '2026-11-19\t09:30:00Z',
    '2026-11-19T10:30:00+0100',
    '2016-12-31T23:59:60Z',
    '2016-12-31T23:59:60.5Z',
    '2017-01-01T00:00:60+00:01',
    '2016-12-31T23:59:60+00:01',
    '2026-11-19T09:30:60Z',
    '2026-02-29T00:00:00Z',
    '2026-11-19T09:30:00',
    '2026-11-19T09:30:00+24:00',
  ])('agrees with the OpenAPI document on %j', (value) => {
    expect(isContractDateTime(value)).toBe(documentAllows(value));
  });
});
