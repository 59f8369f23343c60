/**
 * The service's quota as its answers state it, in both dialects it sends: `RateLimit-Remaining`
 * and `RateLimit-Reset` (delta seconds), and the IETF structured field `RateLimit`
 * (`"policy";r=0;t=30`, or the earlier draft's `limit=120, remaining=0, reset=30`), with
 * `RateLimit-Policy`'s window (`w=60`) when it names no reset. A value that is not a whole
 * number is ignored, and when the dialects disagree the more careful reading wins.
 */

/** The longest wait for a quota window that any header may ask for. */
export const MAX_QUOTA_WAIT_MS = 15 * 60_000;

function wholeNumbers(values: (string | undefined)[]): number[] {
  return values.flatMap((value) => {
    const trimmed = value?.trim() ?? '';
    return /^\d{1,12}$/.test(trimmed) ? [Number(trimmed)] : [];
  });
}

/** Parameters of a structured-field item or dictionary, e.g. `"p";r=0;t=30` or `remaining=0, reset=30`. */
function parameters(value: string | undefined): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of value?.split(/[;,]/) ?? []) {
    const equals = part.indexOf('=');
    if (equals === -1) continue;
    const name = part.slice(0, equals).trim().toLowerCase();
    // The first value of a name wins: a list of several policies is read by its first.
    if (name !== '' && !found.has(name)) found.set(name, part.slice(equals + 1).trim());
  }
  return found;
}

/** The quota an answer states (`resetAt` in epoch ms), or null when it states no usable one. */
export function quotaFromHeaders(
  headers: Record<string, string>,
  nowMs: number,
): { remaining: number; resetAt: number } | null {
  const structured = parameters(headers.ratelimit);
  const remaining = wholeNumbers([
    headers['ratelimit-remaining'],
    structured.get('r') ?? structured.get('remaining'),
  ]);
  let resetSeconds = wholeNumbers([
    headers['ratelimit-reset'],
    structured.get('t') ?? structured.get('reset'),
  ]);
  // No reset named: the whole window is the longest the quota can stay spent.
  if (resetSeconds.length === 0) {
    resetSeconds = wholeNumbers([parameters(headers['ratelimit-policy']).get('w')]);
  }
  if (remaining.length === 0 || resetSeconds.length === 0) return null;
  const waitMs = Math.min(Math.max(...resetSeconds) * 1000, MAX_QUOTA_WAIT_MS);
  return { remaining: Math.min(...remaining), resetAt: nowMs + waitMs };
}
