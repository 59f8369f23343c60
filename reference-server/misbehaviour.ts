/**
 * The ways the reference server can be told to break the contract (or bend it) for one origin.
 *
 * A discriminated union on `kind`: every place that acts on a misbehaviour switches over it
 * exhaustively, so adding a case fails to compile until each of them handles it.
 */

export type Misbehaviour =
  /** 503 with an Error body, as when the report store cannot be read; Retry-After when given. */
  | { kind: 'unavailable'; retryAfter?: string }
  /** The normal answer, after a delay: exercises the client's loading state and time limit. */
  | { kind: 'slow'; delayMs: number }
  /** 200 with a JSON content type and a body that is not valid JSON (a truncated report). */
  | { kind: 'malformed-json' }
  /** 200 with a valid report body, but labelled text/html. */
  | { kind: 'wrong-content-type' }
  /**
   * 200 with a JSON content type and a body of exactly `bytes` bytes, streamed in chunks.
   * Sent chunked by default so a client cannot refuse it from the headers alone and has to
   * count what it reads; `announceLength` sends a Content-Length up front instead.
   */
  | { kind: 'huge-body'; bytes: number; announceLength?: boolean }
  /** The normal answer (200 or 404) with this Cache-Control value. */
  | { kind: 'cache-control'; value: string }
  /**
   * An HTML error page, as a crashed application or a proxy in front of the service sends
   * one: with status 200 it pretends to be a success, with 500 or 502 it is honest about it.
   */
  | { kind: 'html-error-page'; status: HtmlErrorStatus }
  /** 200 labelled JSON with no body at all (Content-Length: 0). */
  | { kind: 'empty-body' }
  /** Reads the request and never answers: no status line, no headers, until the client leaves. */
  | { kind: 'never-answers' }
  /** A redirect to `location`; the contract has none, so a client must not follow it. */
  | { kind: 'redirect'; location: string; status?: RedirectStatus }
  /**
   * A contract status labelled JSON with exactly this body text: a report or Error body that
   * bends or breaks the contract (a missing key, score "50", `NaN`, hostile strings...).
   */
  | { kind: 'json-body'; status: JsonBodyStatus; body: string }
  /**
   * The normal answer with a Date header `offsetMs` away from the server's real clock, as from
   * a server whose clock is wrong (or a client's).
   */
  | { kind: 'skewed-clock'; offsetMs: number }
  /**
   * 429, as the live service answers a network that spent its quota: problem details with
   * code `rate_limit_exceeded` in live mode, the contract's Error shape otherwise; Retry-After
   * when given.
   */
  | { kind: 'busy'; retryAfter?: string }
  /**
   * The report route is gone, as the day the deprecated alias is retired: in live mode a 404
   * problem with code `api_route_not_found`, otherwise a plain-text 404 from a server that has
   * no such route.
   */
  | { kind: 'route-gone' };

export type HtmlErrorStatus = 200 | 500 | 502;
export type RedirectStatus = 301 | 302 | 303 | 307 | 308;
/** The statuses the contract gives a body to. */
export type JsonBodyStatus = 200 | 400 | 404 | 503;

export type MisbehaviourKind = Misbehaviour['kind'];

/** The smallest huge-body size: the JSON wrapper around the padding needs this many bytes. */
export const MIN_HUGE_BODY_BYTES = '{"padding":""}'.length;

/** Longest delay a slow answer may have, so a typo cannot leave a test waiting for hours. */
export const MAX_SLOW_DELAY_MS = 10 * 60 * 1000;

/** Furthest a skewed Date header may be off: a year covers every plausible wrong clock. */
export const MAX_CLOCK_SKEW_MS = 366 * 24 * 60 * 60 * 1000;

const HTML_ERROR_STATUSES: readonly number[] = [200, 500, 502] satisfies HtmlErrorStatus[];
const REDIRECT_STATUSES: readonly number[] = [301, 302, 303, 307, 308] satisfies RedirectStatus[];
const JSON_BODY_STATUSES: readonly number[] = [200, 400, 404, 503] satisfies JsonBodyStatus[];

/** Lets an exhaustive switch prove at compile time that it covered every case. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}

/**
 * Throws on a misbehaviour the server could not act on (negative delay, a huge body too small
 * to be one), so a mistake shows up where the misbehaviour is set, not as an odd response.
 */
export function assertValidMisbehaviour(misbehaviour: Misbehaviour): void {
  switch (misbehaviour.kind) {
    case 'unavailable':
    case 'busy':
      if (misbehaviour.retryAfter !== undefined && !isHeaderValue(misbehaviour.retryAfter)) {
        throw new Error(`retryAfter is not a valid header value: ${misbehaviour.retryAfter}`);
      }
      return;
    case 'slow':
      if (
        !Number.isInteger(misbehaviour.delayMs) ||
        misbehaviour.delayMs < 0 ||
        misbehaviour.delayMs > MAX_SLOW_DELAY_MS
      ) {
        throw new Error(
          `delayMs must be a whole number from 0 to ${MAX_SLOW_DELAY_MS}, got ${misbehaviour.delayMs}`,
        );
      }
      return;
    case 'malformed-json':
    case 'wrong-content-type':
      return;
    case 'huge-body':
      if (!Number.isSafeInteger(misbehaviour.bytes) || misbehaviour.bytes < MIN_HUGE_BODY_BYTES) {
        throw new Error(
          `bytes must be a whole number of at least ${MIN_HUGE_BODY_BYTES}, got ${misbehaviour.bytes}`,
        );
      }
      return;
    case 'cache-control':
      if (!isHeaderValue(misbehaviour.value)) {
        throw new Error(`Cache-Control is not a valid header value: ${misbehaviour.value}`);
      }
      return;
    case 'html-error-page':
      requireOneOf('status', misbehaviour.status, HTML_ERROR_STATUSES);
      return;
    case 'empty-body':
    case 'never-answers':
    case 'route-gone':
      return;
    case 'redirect':
      if (misbehaviour.status !== undefined) {
        requireOneOf('status', misbehaviour.status, REDIRECT_STATUSES);
      }
      if (misbehaviour.location === '' || !isHeaderValue(misbehaviour.location)) {
        throw new Error(`location is not a valid header value: ${misbehaviour.location}`);
      }
      return;
    case 'json-body':
      requireOneOf('status', misbehaviour.status, JSON_BODY_STATUSES);
      if (typeof misbehaviour.body !== 'string') throw new Error('body must be a string');
      return;
    case 'skewed-clock':
      if (
        !Number.isInteger(misbehaviour.offsetMs) ||
        Math.abs(misbehaviour.offsetMs) > MAX_CLOCK_SKEW_MS
      ) {
        throw new Error(
          `offsetMs must be a whole number within ±${MAX_CLOCK_SKEW_MS}, got ${misbehaviour.offsetMs}`,
        );
      }
      return;
    default:
      assertNever(misbehaviour);
  }
}

/** What a misbehaving origin answers, in words, for the command line's table of sites. */
export function describeMisbehaviour(misbehaviour: Misbehaviour): string {
  switch (misbehaviour.kind) {
    case 'unavailable':
      return misbehaviour.retryAfter === undefined
        ? '503 unavailable'
        : `503 unavailable, Retry-After: ${misbehaviour.retryAfter}`;
    case 'busy':
      return misbehaviour.retryAfter === undefined
        ? '429 busy (rate limited)'
        : `429 busy (rate limited), Retry-After: ${misbehaviour.retryAfter}`;
    case 'route-gone':
      return '404, the report route is gone (api_route_not_found in live mode)';
    case 'slow':
      return `normal answer after ${misbehaviour.delayMs} ms`;
    case 'malformed-json':
      return '200, application/json, body is not valid JSON';
    case 'wrong-content-type':
      return '200, valid report labelled text/html';
    case 'huge-body':
      return `200, application/json, ${formatBytes(misbehaviour.bytes)} body${
        misbehaviour.announceLength ? ' with Content-Length' : ', chunked'
      }`;
    case 'cache-control':
      return `normal answer, Cache-Control: ${misbehaviour.value}`;
    case 'html-error-page':
      return `${misbehaviour.status}, text/html error page`;
    case 'empty-body':
      return '200, application/json, empty body';
    case 'never-answers':
      return 'never answers';
    case 'redirect':
      return `${misbehaviour.status ?? DEFAULT_REDIRECT_STATUS} redirect to ${misbehaviour.location}`;
    case 'json-body':
      return `${misbehaviour.status}, application/json, ${formatBytes(Buffer.byteLength(misbehaviour.body))} body`;
    case 'skewed-clock': {
      const minutes = Math.round(misbehaviour.offsetMs / 60_000);
      return `normal answer, Date ${minutes >= 0 ? '+' : ''}${minutes} min off`;
    }
    default:
      return assertNever(misbehaviour);
  }
}

/** What a redirect answers with when the misbehaviour names no status. */
export const DEFAULT_REDIRECT_STATUS: RedirectStatus = 302;

function requireOneOf(name: string, value: number, allowed: readonly number[]): void {
  if (!allowed.includes(value)) {
    throw new Error(`${name} must be one of ${allowed.join(', ')}, got ${value}`);
  }
}

/** Visible ASCII and spaces only: what Node's setHeader accepts without throwing mid-response. */
function isHeaderValue(value: string): boolean {
  return /^[\x20-\x7e]*$/.test(value);
}

function formatBytes(bytes: number): string {
  const mebibytes = bytes / (1024 * 1024);
  return mebibytes >= 1 ? `${Number(mebibytes.toFixed(1))} MiB` : `${bytes} bytes`;
}
