/**
 * How long a lookup's answer may be reused without asking the service again.
 *
 * A deliberately small reading of Cache-Control (max-age, no-store, no-cache, Age); the full
 * HTTP caching rules replace it later. Answers that describe the site are kept: a report
 * (200) and "no report" (404). "Unavailable" (503) is kept only until its Retry-After, so the
 * service is not asked again, by any tab, before it said it could answer. Other errors are
 * never kept.
 */
import type { LookupOutcome } from './lookup-outcome';

/** Nothing is trusted for longer than a day, whatever the server says. */
export const MAX_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A 404 without caching headers is kept this long, so a site without a report is not asked
 * for again on every tab switch. */
export const NO_REPORT_FLOOR_MS = 5 * 60 * 1000;

export function cacheLifetimeMs(outcome: LookupOutcome, receivedAt: number): number {
  if (outcome.kind === 'unavailable') {
    const wait = outcome.retryAt === null ? 0 : outcome.retryAt - receivedAt;
    return Math.min(Math.max(wait, 0), MAX_LIFETIME_MS);
  }
  if (outcome.kind !== 'report' && outcome.kind !== 'no-report') return 0;
  const directives = parseCacheControl(outcome.response.headers['cache-control']);
  if (directives.has('no-store') || directives.has('no-cache')) return 0;

  const maxAge = directives.get('max-age');
  const maxAgeSeconds = maxAge === undefined ? Number.NaN : Number(maxAge);
  if (!Number.isFinite(maxAgeSeconds) || maxAgeSeconds < 0) {
    return outcome.kind === 'no-report' ? NO_REPORT_FLOOR_MS : 0;
  }
  const ageSeconds = Number(outcome.response.headers.age ?? 0);
  const remainingSeconds = maxAgeSeconds - (Number.isFinite(ageSeconds) ? ageSeconds : 0);
  return Math.min(Math.max(remainingSeconds, 0) * 1000, MAX_LIFETIME_MS);
}

function parseCacheControl(header: string | undefined): Map<string, string | true> {
  const directives = new Map<string, string | true>();
  for (const part of (header ?? '').split(',')) {
    const [rawName, ...rawValue] = part.split('=');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    directives.set(
      name,
      rawValue.length > 0 ? rawValue.join('=').trim().replace(/^"|"$/g, '') : true,
    );
  }
  return directives;
}
