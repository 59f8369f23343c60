/**
 * How long an answer may be reused, read from its HTTP caching headers by http-cache-semantics
 * as a private cache, with rules of our own the headers cannot express:
 * - nothing is usable longer than MAX_LIFETIME_SECONDS after it was received, whatever the
 *   server says (a typo of a few zeros must not pin a report for a year);
 * - a 404 that says nothing about freshness is kept for a short floor, so a site without a
 *   report is not asked for again on every tab switch;
 * - only 200 and 404 are stored; a 400 is our bug, a 503 is the retry gate's.
 *
 * The library is given plain objects with lower-case header names: on a fetch `Headers` it
 * silently finds none (kornelski/http-cache-semantics#37). Its clock is injected.
 */
import CachePolicy from 'http-cache-semantics';
import type { ResponseMeta } from '../service/lookup-outcome';

/** The longest an answer is fresh, and the oldest it may be when used at all. */
export const MAX_LIFETIME_SECONDS = 24 * 60 * 60;

export const NO_REPORT_FLOOR_SECONDS = 5 * 60;

export type StoredPolicy = CachePolicy.CachePolicyObject;

export type Freshness =
  /** Reuse it; ask nobody. */
  | 'fresh'
  /** Stale, but the server allows showing it while a new copy is fetched (stale-while-revalidate). */
  | 'revalidate-in-background'
  /** Ask the service before showing anything; the copy may still serve if the service fails. */
  | 'needs-lookup';

export interface FreshnessVerdict {
  freshness: Freshness;
  /** True while the server allows this copy to stand in for a failed lookup (stale-if-error). */
  usableOnError: boolean;
  /** True once the copy can serve no purpose any more: storage may drop it. */
  expired: boolean;
}

/** The request every lookup of one origin makes; the policy is matched against it. */
const lookupRequest = (url: string): CachePolicy.Request => ({ url, method: 'GET', headers: {} });

/** The library reading time from `now` and never trusting a lifetime beyond a day. */
function policyClass(now: () => number) {
  return class ClampedPolicy extends CachePolicy {
    // Not in the library's type declarations, but documented as the one place it reads time.
    now(): number {
      return now();
    }
    override maxAge(): number {
      return Math.min(super.maxAge(), MAX_LIFETIME_SECONDS);
    }
  };
}

/** Directives that say how long a 404 may be kept (`private`, `public` and the like do not). */
const FRESHNESS_DIRECTIVES = /(?:^|,)\s*(?:max-age|s-maxage|no-cache|no-store|must-revalidate)\b/i;

/** The response as the cache should judge it: a silent 404 gets the floor as its max-age. */
function withNoReportFloor(response: ResponseMeta): ResponseMeta {
  if (response.status !== 404) return response;
  const cacheControl = response.headers['cache-control'];
  const saysHowLong =
    (cacheControl !== undefined && FRESHNESS_DIRECTIVES.test(cacheControl)) ||
    response.headers.expires !== undefined;
  if (saysHowLong) return response;
  const floor = `max-age=${NO_REPORT_FLOOR_SECONDS}`;
  const withFloor = cacheControl === undefined ? floor : `${cacheControl}, ${floor}`;
  return { status: response.status, headers: { ...response.headers, 'cache-control': withFloor } };
}

/**
 * The policy to store with an answer received at `now`; null for a status other than 200 or
 * 404, `no-store`, or a copy that could never be used (stale, with no window left to serve).
 */
export function policyForAnswer(
  requestUrl: string,
  response: ResponseMeta,
  now: () => number,
): StoredPolicy | null {
  if (response.status !== 200 && response.status !== 404) return null;
  const request = lookupRequest(requestUrl);
  const policy = new (policyClass(now))(request, withNoReportFloor(response), { shared: false });
  if (!policy.storable()) return null;
  const stored = policy.toObject();
  return assessFreshness(stored, requestUrl, now).expired ? null : stored;
}

/** Until when a stored copy stays fresh, judged at `now`; undefined when it is not fresh now. */
export function freshUntil(stored: StoredPolicy, now: () => number): number | undefined {
  const policy = policyClass(now).fromObject(stored);
  if (policy.stale() || policy.age() >= MAX_LIFETIME_SECONDS) return undefined;
  const left = Math.min(policy.maxAge(), MAX_LIFETIME_SECONDS) - policy.age();
  return left > 0 ? now() + Math.floor(left * 1000) : undefined;
}

/**
 * Until when a stored copy can serve at all (assessFreshness says expired from then on). Age
 * grows with the clock and nothing else moves, so the time holds whenever it is read.
 */
export function usableUntil(stored: StoredPolicy, now: () => number): number {
  const policy = policyClass(now).fromObject(stored);
  const left = Math.min(policy.timeToLive(), (MAX_LIFETIME_SECONDS - policy.age()) * 1000);
  return now() + Math.max(0, Math.floor(left));
}

export function assessFreshness(
  stored: StoredPolicy,
  requestUrl: string,
  now: () => number,
): FreshnessVerdict {
  const policy = policyClass(now).fromObject(stored);
  const request = lookupRequest(requestUrl);

  // Age included: nothing the headers say keeps it usable beyond that.
  const tooOld = policy.age() >= MAX_LIFETIME_SECONDS;
  const expired = tooOld || policy.timeToLive() <= 0;

  // The library's evaluateRequest() refuses a must-revalidate copy even while it is fresh;
  // RFC 9111 only forbids reusing it once stale, so freshness is read from stale() instead.
  let freshness: Freshness = 'needs-lookup';
  if (!tooOld && !policy.stale()) {
    freshness = 'fresh';
  } else if (!tooOld) {
    const evaluation = policy.evaluateRequest(request);
    if (evaluation.response !== undefined && evaluation.revalidation?.synchronous === false) {
      freshness = 'revalidate-in-background';
    }
  }

  // revalidatedPolicy() with an error response keeps the old policy, unmodified, exactly when
  // stale-if-error allows it. must-revalidate forbids any stale use (RFC 9111 5.2.2.2).
  const { modified } = policy.revalidatedPolicy(request, { status: 503, headers: {} });
  const staleUseAllowed = !modified && stored.rescc['must-revalidate'] === undefined;
  const usableOnError = freshness === 'fresh' || (!tooOld && staleUseAllowed);

  return { freshness, usableOnError, expired };
}

/**
 * A kept policy judged at `now`; null when it has expired, or cannot be judged at all (the
 * record's schema checks the fields the policy reads back, not every combination of values).
 */
export function judgedAt(
  stored: StoredPolicy,
  requestUrl: string,
  now: number,
): FreshnessVerdict | null {
  try {
    const verdict = assessFreshness(stored, requestUrl, () => now);
    return verdict.expired ? null : verdict;
  } catch {
    return null;
  }
}
