/**
 * Figure 3: how many requests a browse cost, against the fewest it could have cost.
 *
 * Every moment the extension needed a site's answer (a tab of that site became active, or the
 * active tab loaded it) is a need. One request answers every need for its origin until the
 * answer goes stale, so the fewest requests are the distinct (origin, freshness window) pairs:
 * the first need of an origin opens a window of the answer's lifetime, and a need after that
 * window closes opens the next. A perfect extension makes exactly one request per window.
 */

export interface Need {
  origin: string;
  /** When the need arose (ms, any clock shared by all needs). */
  at: number;
}

export interface FreshnessWindow {
  origin: string;
  opensAt: number;
  closesAt: number;
}

/** The windows the needs open, per origin in time order, given how long an answer is fresh. */
export function freshnessWindows(needs: readonly Need[], lifetimeMs: number): FreshnessWindow[] {
  if (!(lifetimeMs > 0)) throw new Error(`Lifetime must be positive: ${lifetimeMs}`);
  const windows: FreshnessWindow[] = [];
  const open = new Map<string, FreshnessWindow>();
  for (const need of [...needs].sort((a, b) => a.at - b.at)) {
    const current = open.get(need.origin);
    if (current !== undefined && need.at < current.closesAt) continue;
    const window = { origin: need.origin, opensAt: need.at, closesAt: need.at + lifetimeMs };
    open.set(need.origin, window);
    windows.push(window);
  }
  return windows;
}

export interface RequestAccount {
  requests: number;
  windows: number;
  /** requests ÷ windows: 1.00 is one request per window, above it waste, below it staleness. */
  ratio: number;
  /** Origins asked for more often than they had windows, with both counts. */
  overAsked: { origin: string; requests: number; windows: number }[];
  /** Origins asked for less often than they had windows: a need was answered by an old copy. */
  underAsked: { origin: string; requests: number; windows: number }[];
}

/** Compares the origins the service was asked for with the windows the needs opened. */
export function accountRequests(
  requestedOrigins: readonly string[],
  windows: readonly FreshnessWindow[],
): RequestAccount {
  const requestsBy = countBy(requestedOrigins);
  const windowsBy = countBy(windows.map((window) => window.origin));
  const overAsked = [...requestsBy]
    .filter(([origin, requests]) => requests > (windowsBy.get(origin) ?? 0))
    .map(([origin, requests]) => ({ origin, requests, windows: windowsBy.get(origin) ?? 0 }));
  const underAsked = [...windowsBy]
    .filter(([origin, windows]) => (requestsBy.get(origin) ?? 0) < windows)
    .map(([origin, windows]) => ({ origin, requests: requestsBy.get(origin) ?? 0, windows }));
  return {
    requests: requestedOrigins.length,
    windows: windows.length,
    ratio: windows.length === 0 ? Number.NaN : requestedOrigins.length / windows.length,
    overAsked,
    underAsked,
  };
}

function countBy(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}
