import { describe, expect, it } from 'vitest';
import { MAX_QUOTA_WAIT_MS, quotaFromHeaders } from '../../../lib/service/retry-after';

// fixed date: the clock this test passes to the code under test
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

describe('quotaFromHeaders', () => {
  it('reads RateLimit-Remaining and RateLimit-Reset (delta seconds)', () => {
    expect(
      quotaFromHeaders({ 'ratelimit-remaining': '0', 'ratelimit-reset': '30' }, NOW),
    ).toStrictEqual({ remaining: 0, resetAt: NOW + 30_000 });
  });

  it('reads the IETF structured RateLimit field', () => {
    expect(quotaFromHeaders({ ratelimit: '"public-report";r=7;t=12' }, NOW)).toStrictEqual({
      remaining: 7,
      resetAt: NOW + 12_000,
    });
  });

  it("reads the earlier draft's dictionary form", () => {
    expect(quotaFromHeaders({ ratelimit: 'limit=120, remaining=3, reset=9' }, NOW)).toStrictEqual({
      remaining: 3,
      resetAt: NOW + 9_000,
    });
  });

  it('takes the window from RateLimit-Policy when nothing names a reset', () => {
    expect(
      quotaFromHeaders(
        { ratelimit: '"public-report";r=0', 'ratelimit-policy': '"public-report";q=120;w=60' },
        NOW,
      ),
    ).toStrictEqual({ remaining: 0, resetAt: NOW + 60_000 });
  });

  it('when the dialects disagree, reads the more careful of them', () => {
    expect(
      quotaFromHeaders(
        { 'ratelimit-remaining': '5', 'ratelimit-reset': '10', ratelimit: '"p";r=2;t=20' },
        NOW,
      ),
    ).toStrictEqual({ remaining: 2, resetAt: NOW + 20_000 });
  });

  it('caps a reset far ahead', () => {
    expect(
      quotaFromHeaders({ 'ratelimit-remaining': '0', 'ratelimit-reset': '1790000000' }, NOW),
    ).toStrictEqual({ remaining: 0, resetAt: NOW + MAX_QUOTA_WAIT_MS });
  });

  it.each([
    ['no headers', {}],
    ['remaining without a reset', { 'ratelimit-remaining': '0' }],
    ['a negative count', { 'ratelimit-remaining': '-1', 'ratelimit-reset': '10' }],
    ['a fraction', { 'ratelimit-remaining': '0.5', 'ratelimit-reset': '10' }],
    ['words', { 'ratelimit-remaining': 'none', 'ratelimit-reset': 'soon' }],
    ['a structured field without numbers', { ratelimit: '"p";r=x;t=?' }],
  ])('ignores %s', (_case, headers) => {
    expect(quotaFromHeaders(headers as Record<string, string>, NOW)).toBeNull();
  });
});
