/**
 * How the live service answers beyond the contract (../shared/notes/live-service.md), for the
 * reference server's live mode:
 *
 * - every error is RFC 9457 problem details (`application/problem+json`) with the service's
 *   `code`, and the scan link only inside `resolution`;
 * - every answer carries the rate-limit fields in both dialects, and a real limiter counts
 *   lookups per client address in fixed windows (120 per 60 s, policy `public-report`);
 * - `/api/v1/report` is the route, `/api/report` its deprecated alias, marked with
 *   `Deprecation` and a `successor-version` link.
 */
import type { ServerResponse } from 'node:http';
import { type ExtraHeaders, sendBody } from './responses';

export type Dialect = 'contract' | 'live';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** The live service's canonical route; /api/report stays beside it as a deprecated alias. */
export const LIVE_REPORT_PATH = '/api/v1/report';

export type ProblemCode =
  | 'invalid_url'
  | 'report_not_found'
  | 'api_route_not_found'
  | 'method_not_allowed'
  | 'rate_limit_exceeded'
  | 'report_temporarily_unavailable';

const TITLES: Record<ProblemCode, string> = {
  invalid_url: 'Invalid URL',
  report_not_found: 'Completed report not found',
  api_route_not_found: 'API route not found',
  method_not_allowed: 'Method not allowed',
  rate_limit_exceeded: 'Rate limit exceeded',
  report_temporarily_unavailable: 'Report temporarily unavailable',
};

export interface Problem {
  status: number;
  code: ProblemCode;
  detail: string;
  resolution: string;
  /** The request's path and query, as the service echoes it. */
  instance: string;
}

export function sendProblem(
  response: ServerResponse,
  baseUrl: string,
  problem: Problem,
  headers: ExtraHeaders = {},
): void {
  const body = {
    type: `${baseUrl}/docs#${problem.code.replaceAll('_', '-')}`,
    title: TITLES[problem.code],
    status: problem.status,
    detail: problem.detail,
    instance: problem.instance,
    code: problem.code,
    resolution: problem.resolution,
    documentation_url: `${baseUrl}/docs/api`,
  };
  sendBody(response, problem.status, PROBLEM_CONTENT_TYPE, JSON.stringify(body), headers);
}

export interface RateLimit {
  limit: number;
  windowMs: number;
}

/** The live service's quota: 120 lookups per client address per minute. */
export const LIVE_RATE_LIMIT: RateLimit = { limit: 120, windowMs: 60_000 };

export interface RateVerdict {
  allowed: boolean;
  /** Every rate-limit field the live service sends, for this answer. */
  headers: ExtraHeaders;
  /** Seconds until the window reopens. */
  resetSeconds: number;
}

/**
 * Fixed windows per client: the first request opens a window of `windowMs`; up to `limit`
 * requests are answered in it, the rest get 429 (and spend nothing).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; used: number }>();

  constructor(
    private readonly rate: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  take(client: string): RateVerdict {
    const now = this.now();
    let window = this.windows.get(client);
    if (window === undefined || now >= window.start + this.rate.windowMs) {
      window = { start: now, used: 0 };
      this.windows.set(client, window);
    }
    const allowed = window.used < this.rate.limit;
    if (allowed) window.used += 1;
    const remaining = this.rate.limit - window.used;
    const resetSeconds = Math.max(1, Math.ceil((window.start + this.rate.windowMs - now) / 1000));
    const windowSeconds = Math.round(this.rate.windowMs / 1000);
    return {
      allowed,
      resetSeconds,
      headers: {
        'RateLimit-Policy': `"public-report";q=${this.rate.limit};w=${windowSeconds}`,
        RateLimit: `"public-report";r=${remaining};t=${resetSeconds}`,
        'RateLimit-Limit': String(this.rate.limit),
        'RateLimit-Remaining': String(remaining),
        'RateLimit-Reset': String(resetSeconds),
      },
    };
  }
}

/** What the deprecated alias adds to every answer. */
export function deprecationHeaders(baseUrl: string): ExtraHeaders {
  return {
    // RFC 9745: a structured date, @ and epoch seconds. fixed date: the day the live service
    // deprecated the route (2026-08-01T00:00:00Z), an event already past, as it sends it; the
    // extension only shows the date, never compares it with its clock.
    Deprecation: '@1785542400',
    Link: `<${baseUrl}${LIVE_REPORT_PATH}>; rel="successor-version"`,
  };
}
