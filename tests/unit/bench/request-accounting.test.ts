import { describe, expect, it } from 'vitest';
import { accountRequests, freshnessWindows } from '../../../scripts/bench/request-accounting';

const A = 'http://a.example.com';
const B = 'http://b.example.com';

/** Needs, each an origin and the time it arose. */
const needs = (...pairs: [origin: string, at: number][]) =>
  pairs.map(([origin, at]) => ({ origin, at }));

describe('freshnessWindows', () => {
  it('opens one window per origin for needs inside its lifetime', () => {
    const windows = freshnessWindows(needs([A, 0], [A, 1000], [B, 500], [A, 5999]), 6000);
    expect(windows).toEqual([
      { origin: A, opensAt: 0, closesAt: 6000 },
      { origin: B, opensAt: 500, closesAt: 6500 },
    ]);
  });

  it('opens the next window at the first need after one closes, not at the close', () => {
    const windows = freshnessWindows(needs([A, 0], [A, 6000], [A, 11_000], [A, 12_000]), 6000);
    expect(windows.map((window) => window.opensAt)).toEqual([0, 6000, 12_000]);
  });

  it('orders the needs by time first', () => {
    const windows = freshnessWindows(needs([A, 7000], [A, 0]), 6000);
    expect(windows.map((window) => window.opensAt)).toEqual([0, 7000]);
  });

  it('refuses a lifetime that is not positive', () => {
    expect(() => freshnessWindows([], 0)).toThrow('positive');
  });
});

describe('accountRequests', () => {
  const windows = freshnessWindows(needs([A, 0], [A, 10_000], [B, 0]), 6000);

  it('is 1.00 for exactly one request per window', () => {
    const account = accountRequests([A, B, A], windows);
    expect(account).toEqual({ requests: 3, windows: 3, ratio: 1, overAsked: [], underAsked: [] });
  });

  it('names the origins asked for more often than they had windows', () => {
    const account = accountRequests([A, A, A, B], windows);
    expect(account.ratio).toBeCloseTo(4 / 3, 10);
    expect(account.overAsked).toEqual([{ origin: A, requests: 3, windows: 2 }]);
  });

  it('counts a request for an origin no need asked for as waste', () => {
    const account = accountRequests([A, B, A, 'http://c.example.com'], windows);
    expect(account.overAsked).toEqual([
      { origin: 'http://c.example.com', requests: 1, windows: 0 },
    ]);
  });

  it('falls below 1 when windows went without a request (a stale answer served), and names them', () => {
    const account = accountRequests([A, B], windows);
    expect(account.ratio).toBeCloseTo(2 / 3, 10);
    expect(account.underAsked).toEqual([{ origin: A, requests: 1, windows: 2 }]);
  });
});
