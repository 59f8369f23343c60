/**
 * The ways the reference server can be told to break the contract (or bend it) for one origin.
 *
 * A discriminated union on `kind`: every place that acts on a misbehaviour switches over it
 * exhaustively, so adding a case (a 500, a redirect, an HTML error page, an empty body, a
 * request that is never answered...) fails to compile until each of them handles it.
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
  | { kind: 'cache-control'; value: string };

export type MisbehaviourKind = Misbehaviour['kind'];

/** The smallest huge-body size: the JSON wrapper around the padding needs this many bytes. */
export const MIN_HUGE_BODY_BYTES = '{"padding":""}'.length;

/** Longest delay a slow answer may have, so a typo cannot leave a test waiting for hours. */
export const MAX_SLOW_DELAY_MS = 10 * 60 * 1000;

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
    default:
      return assertNever(misbehaviour);
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
