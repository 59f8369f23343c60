import { describe, expect, it } from 'vitest';
import {
  assessFreshness,
  type FreshnessVerdict,
  freshUntil,
  NO_REPORT_FLOOR_SECONDS,
  policyForAnswer,
} from '../../../lib/cache/cache-freshness';

const REQUEST_URL = 'http://service.test/api/report?url=http%3A%2F%2Fsite.example';
// fixed date: the clock this test passes to the code under test
const RECEIVED_AT = Date.parse('2026-11-22T10:00:00Z');
const HOUR = 3600;
const DAY = 24 * HOUR;

/** An HTTP-date `seconds` away from the moment the answer was received. */
const httpDate = (seconds: number) => new Date(RECEIVED_AT + seconds * 1000).toUTCString();

const FRESH = { freshness: 'fresh', usableOnError: true, expired: false } as const;
const GONE = { freshness: 'needs-lookup', usableOnError: false, expired: true } as const;
const IN_BACKGROUND = {
  freshness: 'revalidate-in-background',
  usableOnError: false,
  expired: false,
} as const;
const STANDS_IN_ON_ERROR = {
  freshness: 'needs-lookup',
  usableOnError: true,
  expired: false,
} as const;
const LOOK_UP_FIRST = { freshness: 'needs-lookup', usableOnError: false, expired: false } as const;

/** [seconds after the answer arrived, what the copy is good for then] */
type Timeline = [number, FreshnessVerdict][];

/** Stores the answer, then asks at each point of the timeline what the copy is good for. */
function timelineOf(status: number, headers: Record<string, string>, instants: number[]) {
  let clock = RECEIVED_AT;
  const now = () => clock;
  const stored = policyForAnswer(REQUEST_URL, { status, headers }, now);
  if (stored === null) return null;
  // The policy goes through storage as JSON: the round trip must not change the verdicts.
  const roundTripped = JSON.parse(JSON.stringify(stored));
  return instants.map((seconds): [number, FreshnessVerdict] => {
    clock = RECEIVED_AT + seconds * 1000;
    return [seconds, assessFreshness(roundTripped, REQUEST_URL, now)];
  });
}

describe('policyForAnswer and assessFreshness', () => {
  it.each<[string, number, Record<string, string>, Timeline]>([
    [
      'max-age: fresh until it runs out, then gone',
      200,
      { 'cache-control': 'max-age=300' },
      [
        [0, FRESH],
        [299, FRESH],
        [300, GONE],
      ],
    ],
    [
      'max-age less the Age the answer already had',
      200,
      { 'cache-control': 'max-age=300', age: '100' },
      [
        [199, FRESH],
        [200, GONE],
      ],
    ],
    [
      'private answers: this is a single-user cache',
      200,
      { 'cache-control': 'private, max-age=300' },
      [[299, FRESH]],
    ],
    [
      's-maxage is for shared caches only',
      200,
      { 'cache-control': 's-maxage=3600, max-age=60' },
      [
        [59, FRESH],
        [60, GONE],
      ],
    ],
    [
      'a quoted max-age',
      200,
      { 'cache-control': 'max-age="60"' },
      [
        [59, FRESH],
        [60, GONE],
      ],
    ],
    [
      'stale-while-revalidate: shown at once while a new copy is fetched',
      200,
      { 'cache-control': 'max-age=60, stale-while-revalidate=120' },
      [
        [59, FRESH],
        [60, IN_BACKGROUND],
        [179, IN_BACKGROUND],
        [180, GONE],
      ],
    ],
    [
      'stale-if-error: stands in for a failed lookup only',
      200,
      { 'cache-control': 'max-age=60, stale-if-error=300' },
      [
        [59, FRESH],
        [60, STANDS_IN_ON_ERROR],
        [359, STANDS_IN_ON_ERROR],
        [360, GONE],
      ],
    ],
    [
      'max-age=0 with stale-if-error: used only after a new lookup failed',
      200,
      { 'cache-control': 'max-age=0, stale-if-error=600' },
      [
        [0, STANDS_IN_ON_ERROR],
        [599, STANDS_IN_ON_ERROR],
        [600, GONE],
      ],
    ],
    [
      'no-cache with stale-if-error: likewise',
      200,
      { 'cache-control': 'no-cache, stale-if-error=600' },
      [[0, STANDS_IN_ON_ERROR]],
    ],
    [
      'must-revalidate: fresh while fresh, never stale, not even on error',
      200,
      { 'cache-control': 'max-age=60, must-revalidate, stale-if-error=300' },
      [
        [59, FRESH],
        [60, LOOK_UP_FIRST],
        [360, GONE],
      ],
    ],
    [
      'an absurd max-age is clamped to a day',
      200,
      { 'cache-control': 'max-age=31536000' },
      [
        [DAY - 1, FRESH],
        [DAY, GONE],
      ],
    ],
    [
      'an absurd stale-if-error is clamped to a day since receipt',
      200,
      { 'cache-control': 'max-age=0, stale-if-error=31536000' },
      [
        [DAY - 1, STANDS_IN_ON_ERROR],
        [DAY, GONE],
      ],
    ],
    [
      'an absurd stale-while-revalidate likewise',
      200,
      { 'cache-control': 'max-age=60, stale-while-revalidate=31536000' },
      [
        [DAY - 1, IN_BACKGROUND],
        [DAY, GONE],
      ],
    ],
    [
      'Expires counts from the server Date, so a skewed local clock does not matter',
      200,
      { date: httpDate(-HOUR), expires: httpDate(-HOUR + 120) },
      [
        [119, FRESH],
        [120, GONE],
      ],
    ],
    [
      'a Date in the past does not shorten max-age (the clocks may disagree)',
      200,
      { date: httpDate(-HOUR), 'cache-control': 'max-age=300' },
      [
        [299, FRESH],
        [300, GONE],
      ],
    ],
    [
      'max-age wins over Expires',
      200,
      { 'cache-control': 'max-age=60', date: httpDate(0), expires: httpDate(3600) },
      [
        [59, FRESH],
        [60, GONE],
      ],
    ],
    [
      'a 404 without any caching headers: the short floor',
      404,
      {},
      [
        [NO_REPORT_FLOOR_SECONDS - 1, FRESH],
        [NO_REPORT_FLOOR_SECONDS, GONE],
      ],
    ],
    [
      'a 404 whose Cache-Control says nothing about how long: the floor',
      404,
      { 'cache-control': 'public' },
      [
        [NO_REPORT_FLOOR_SECONDS - 1, FRESH],
        [NO_REPORT_FLOOR_SECONDS, GONE],
      ],
    ],
    [
      'a 404 with max-age: the server decides',
      404,
      { 'cache-control': 'max-age=60' },
      [
        [59, FRESH],
        [60, GONE],
      ],
    ],
    [
      'a 404 with Expires: the server decides',
      404,
      { date: httpDate(0), expires: httpDate(30) },
      [
        [29, FRESH],
        [30, GONE],
      ],
    ],
  ])('%s', (_name, status, headers, timeline) => {
    const instants = timeline.map(([seconds]) => seconds);
    expect(timelineOf(status, headers, instants)).toEqual(timeline);
  });

  it.each<[string, number, Record<string, string>]>([
    ['no-store', 200, { 'cache-control': 'no-store, max-age=300' }],
    ['no-cache without a stale window', 200, { 'cache-control': 'no-cache' }],
    ['max-age=0 without a stale window', 200, { 'cache-control': 'max-age=0' }],
    ['an Age past max-age', 200, { 'cache-control': 'max-age=300', age: '900' }],
    ['an Age past a day', 200, { 'cache-control': 'max-age=31536000', age: String(2 * DAY) }],
    ['no caching headers on a report', 200, {}],
    ['a garbled max-age', 200, { 'cache-control': 'max-age=soon' }],
    ['Expires before Date', 200, { date: httpDate(0), expires: httpDate(-60) }],
    ['an invalid Expires', 200, { expires: '0' }],
    ['a 404 with no-store', 404, { 'cache-control': 'no-store' }],
    ['a 404 with max-age=0', 404, { 'cache-control': 'max-age=0' }],
    ['a 400', 400, { 'cache-control': 'max-age=300' }],
    ['a 503', 503, { 'cache-control': 'max-age=300', 'retry-after': '120' }],
    ['a 500', 500, { 'cache-control': 'max-age=300' }],
  ])('does not store %s', (_name, status, headers) => {
    expect(timelineOf(status, headers, [0])).toBeNull();
  });

  it('keeps nothing longer than a day, whatever a typo of a few zeros asks for', () => {
    expect(timelineOf(200, { 'cache-control': 'max-age=31536000' }, [DAY - 1, DAY])).toEqual([
      [DAY - 1, FRESH],
      [DAY, GONE],
    ]);
  });
});

describe('freshUntil', () => {
  const storedAt = (headers: Record<string, string>) => {
    const stored = policyForAnswer(REQUEST_URL, { status: 200, headers }, () => RECEIVED_AT);
    if (stored === null) throw new Error('not stored');
    return stored;
  };

  it('is the moment max-age runs out, judged at any time while fresh', () => {
    const stored = storedAt({ 'cache-control': 'max-age=600' });
    expect(freshUntil(stored, () => RECEIVED_AT)).toBe(RECEIVED_AT + 600_000);
    expect(freshUntil(stored, () => RECEIVED_AT + 100_000)).toBe(RECEIVED_AT + 600_000);
  });

  it('counts the Age the answer arrived with', () => {
    const stored = storedAt({ 'cache-control': 'max-age=600', age: '100' });
    expect(freshUntil(stored, () => RECEIVED_AT)).toBe(RECEIVED_AT + 500_000);
  });

  it('never reaches past a day, whatever max-age says', () => {
    const stored = storedAt({ 'cache-control': `max-age=${10 * DAY}` });
    expect(freshUntil(stored, () => RECEIVED_AT)).toBe(RECEIVED_AT + DAY * 1000);
  });

  it('is undefined once stale, even where stale-while-revalidate still shows the copy', () => {
    const stored = storedAt({ 'cache-control': 'max-age=60, stale-while-revalidate=600' });
    expect(freshUntil(stored, () => RECEIVED_AT + 61_000)).toBeUndefined();
  });
});
