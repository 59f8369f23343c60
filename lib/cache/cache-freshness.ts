/** How long an answer may be reused (README); the library is given plain lower-case headers. */
import CachePolicy from 'http-cache-semantics';
import type { ResponseMeta } from '../service/lookup-outcome';

/** Whatever the server says: a typo of a few zeros must not pin a report for a year. */
const MAX_LIFETIME_SECONDS = 24 * 60 * 60;

/** A 404 silent on freshness is kept this long: no request for it on every tab switch. */
export const NO_REPORT_FLOOR_SECONDS = 5 * 60;

type StoredPolicy = CachePolicy.CachePolicyObject;

export interface FreshnessVerdict {
  /** `revalidate-in-background`: stale-while-revalidate; `needs-lookup`: ask before showing. */
  freshness: 'fresh' | 'revalidate-in-background' | 'needs-lookup';
  /** While the server allows this copy to stand in for a failed lookup (stale-if-error). */
  usableOnError: boolean;
  /** The copy can serve no purpose any more: storage may drop it. */
  expired: boolean;
}

const lookupRequest = (url: string): CachePolicy.Request => ({ url, method: 'GET', headers: {} });

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

/** What says how long a 404 may be kept (`private`, `public` and the like do not). */
const FRESHNESS_DIRECTIVES = /(?:^|,)\s*(?:max-age|s-maxage|no-cache|no-store|must-revalidate)\b/i;

function withNoReportFloor(response: ResponseMeta): ResponseMeta {
  if (response.status !== 404) return response;
  const cacheControl = response.headers['cache-control'];
  const saysHowLong =
    FRESHNESS_DIRECTIVES.test(cacheControl ?? '') || response.headers.expires !== undefined;
  if (saysHowLong) return response;
  const floor = `max-age=${NO_REPORT_FLOOR_SECONDS}`;
  const withFloor = cacheControl === undefined ? floor : `${cacheControl}, ${floor}`;
  return { status: response.status, headers: { ...response.headers, 'cache-control': withFloor } };
}

/**
 * Null for a status other than 200 (a 400 is our bug, a 503 the retry gate's) or 404,
 * `no-store`, or a copy that could never be used (stale, with no window left to serve).
 */
export function policyForAnswer(requestUrl: string, response: ResponseMeta, now: () => number) {
  if (response.status !== 200 && response.status !== 404) return null;
  const request = lookupRequest(requestUrl);
  const policy = new (policyClass(now))(request, withNoReportFloor(response), { shared: false });
  if (!policy.storable()) return null;
  const stored = policy.toObject();
  return assessFreshness(stored, requestUrl, now).expired ? null : stored;
}

/** Undefined when it is not fresh at `now`. */
export function freshUntil(stored: StoredPolicy, now: () => number): number | undefined {
  const policy = policyClass(now).fromObject(stored);
  if (policy.stale() || policy.age() >= MAX_LIFETIME_SECONDS) return undefined;
  const left = Math.min(policy.maxAge(), MAX_LIFETIME_SECONDS) - policy.age();
  return left > 0 ? now() + Math.floor(left * 1000) : undefined;
}

/** Until when a copy can serve at all: age grows with the clock alone, so this time holds. */
export function usableUntil(stored: StoredPolicy, now: () => number): number {
  const policy = policyClass(now).fromObject(stored);
  const left = Math.min(policy.timeToLive(), (MAX_LIFETIME_SECONDS - policy.age()) * 1000);
  return now() + Math.max(0, Math.floor(left));
}

export function assessFreshness(stored: StoredPolicy, requestUrl: string, now: () => number) {
  const policy = policyClass(now).fromObject(stored);
  const request = lookupRequest(requestUrl);

  // Age included: nothing the headers say keeps it usable beyond that.
  const tooOld = policy.age() >= MAX_LIFETIME_SECONDS;
  const expired = tooOld || policy.timeToLive() <= 0;

  // The library's evaluateRequest() refuses a must-revalidate copy even while it is fresh;
  // RFC 9111 only forbids reusing it once stale, so freshness is read from stale() instead.
  let freshness: FreshnessVerdict['freshness'] = 'needs-lookup';
  if (!tooOld && !policy.stale()) freshness = 'fresh';
  else if (!tooOld) {
    const { response, revalidation } = policy.evaluateRequest(request);
    if (response !== undefined && revalidation?.synchronous === false) {
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
 * Null when it has expired or cannot be judged at all (the record's check covers the fields the
 * policy reads back, not every combination of values).
 */
export function judgedAt(stored: StoredPolicy, requestUrl: string, now: number) {
  try {
    const verdict = assessFreshness(stored, requestUrl, () => now);
    return verdict.expired ? null : verdict;
  } catch {
    return null;
  }
}
