/**
 * The service's quota as its answers state it: how many lookups are left and when the window
 * reopens. Two dialects are read, because the service sends both on every answer:
 *
 * - the older fields `RateLimit-Remaining` and `RateLimit-Reset` (delta seconds);
 * - the IETF structured field `RateLimit` (`"policy";r=0;t=30`, or the earlier draft's
 *   `limit=120, remaining=0, reset=30`), with `RateLimit-Policy` (`"p";q=120;w=60`) giving the
 *   window length when `RateLimit` names no reset.
 *
 * The headers are the service's and not ours: a value that is not a whole number is ignored,
 * and no reset is trusted further ahead than MAX_QUOTA_WAIT_MS. When the dialects disagree the
 * more careful reading wins (fewer left, later reset).
 */

/** The longest wait for a quota window that any header may ask for; the live window is 60 s. */
export const MAX_QUOTA_WAIT_MS = 15 * 60_000;

export interface Quota {
  /** Lookups left in the current window. */
  remaining: number;
  /** When the window reopens (epoch ms), never more than MAX_QUOTA_WAIT_MS ahead. */
  resetAt: number;
}

const WHOLE_NUMBER = /^\d{1,12}$/;

function wholeNumber(value: string | undefined): number | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  return WHOLE_NUMBER.test(trimmed) ? Number(trimmed) : null;
}

/** Parameters of a structured-field item or dictionary, e.g. `"p";r=0;t=30` or `remaining=0, reset=30`. */
function parameters(value: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of value.split(/[;,]/)) {
    const equals = part.indexOf('=');
    if (equals === -1) continue;
    const name = part.slice(0, equals).trim().toLowerCase();
    const raw = part.slice(equals + 1).trim();
    // The first value of a name wins: a list of several policies is read by its first.
    if (name !== '' && !found.has(name)) found.set(name, raw);
  }
  return found;
}

/** Remaining and reset seconds from the headers, in whichever dialects are present. */
function readings(headers: Record<string, string>): {
  remaining: number[];
  resetSeconds: number[];
} {
  const remaining: number[] = [];
  const resetSeconds: number[] = [];
  const push = (list: number[], value: number | null) => {
    if (value !== null) list.push(value);
  };
  push(remaining, wholeNumber(headers['ratelimit-remaining']));
  push(resetSeconds, wholeNumber(headers['ratelimit-reset']));

  const structured = headers.ratelimit;
  if (structured !== undefined) {
    const params = parameters(structured);
    push(remaining, wholeNumber(params.get('r') ?? params.get('remaining')));
    push(resetSeconds, wholeNumber(params.get('t') ?? params.get('reset')));
  }
  if (resetSeconds.length === 0 && headers['ratelimit-policy'] !== undefined) {
    // No reset named: the whole window is the longest the quota can stay spent.
    push(resetSeconds, wholeNumber(parameters(headers['ratelimit-policy']).get('w')));
  }
  return { remaining, resetSeconds };
}

/**
 * The quota an answer states, or null when it states none that can be used (no remaining
 * count, or no way to tell when the window reopens).
 */
export function quotaFromHeaders(headers: Record<string, string>, nowMs: number): Quota | null {
  const { remaining, resetSeconds } = readings(headers);
  if (remaining.length === 0 || resetSeconds.length === 0) return null;
  const waitMs = Math.min(Math.max(...resetSeconds) * 1000, MAX_QUOTA_WAIT_MS);
  return { remaining: Math.min(...remaining), resetAt: nowMs + waitMs };
}
