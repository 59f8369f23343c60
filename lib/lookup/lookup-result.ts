/**
 * How one shared lookup ended, and the view each ending means for a tab: a failure with a
 * stored copy to stand in shows that copy (marked stale), never an error over a good report.
 */
import type { CachedAnswer, ReportCache } from '../cache/report-cache';
import type { LookupOutcome } from '../service/lookup-outcome';
import type { TabView } from '../tabs/tab-view';
import { viewFromOutcome } from '../tabs/view-from-outcome';

/** How one shared lookup ended, for every tab that waited for it. */
export type LookupResult =
  | {
      kind: 'answer';
      outcome: LookupOutcome;
      receivedAt: number;
      /** Until when the origin is blocked after this answer, if it is. */
      retryAt: number | null;
      /** A stored copy allowed to stand in when the answer is a failure. */
      standIn: CachedAnswer | null;
      /** Until when the answer stays fresh, when it was one to keep. */
      freshUntil?: number | undefined;
    }
  /**
   * No request was made: Retry-After, the service's backoff or its quota said to wait; `busy`
   * when the service is limiting lookups rather than failing.
   */
  | { kind: 'blocked'; retryAt: number; busy: boolean; standIn: CachedAnswer | null }
  /** No request was needed: another lookup stored a usable answer just before this one began. */
  | { kind: 'cached'; cached: CachedAnswer };

/**
 * The service could not or would not answer now (as opposed to answering "no report" or
 * "invalid"): a stored report may stand in, marked stale.
 */
export function isFailure(outcome: LookupOutcome): boolean {
  return (
    outcome.kind === 'unavailable' ||
    outcome.kind === 'busy' ||
    outcome.kind === 'timeout' ||
    outcome.kind === 'network-failure'
  );
}

/**
 * A stored copy that may be shown when the service cannot answer: one stale-if-error allows,
 * or one that could be shown anyway (fresh, or within stale-while-revalidate).
 */
export function canStandIn(cached: CachedAnswer | null): CachedAnswer | null {
  if (cached === null) return null;
  const showable = cached.verdict.usableOnError || cached.verdict.freshness !== 'needs-lookup';
  return showable ? cached : null;
}

/**
 * A stored copy as a view. `standingInForFailure`: shown because the service could not answer,
 * so a report past its freshness is marked stale; otherwise it is shown as a current answer.
 */
export function viewOfCached(
  origin: string,
  cached: CachedAnswer,
  { standingInForFailure }: { standingInForFailure: boolean },
): TabView {
  const view = viewFromOutcome(origin, cached.outcome, cached.receivedAt);
  if (view.status !== 'report') return view;
  return { ...view, stale: standingInForFailure && cached.verdict.freshness !== 'fresh' };
}

/**
 * Until when (epoch ms) the view of a result is what a lookup would answer: a fresh answer's
 * lifetime. Undefined for anything shown in place of an answer (a stand-in, a failure).
 */
export function freshUntilOfResult(result: LookupResult): number | undefined {
  if (result.kind === 'cached') return result.cached.freshUntil;
  if (result.kind === 'answer' && !isFailure(result.outcome)) return result.freshUntil;
  return undefined;
}

export function viewOfResult(origin: string, result: LookupResult): TabView {
  if (result.kind === 'cached') {
    return viewOfCached(origin, result.cached, { standingInForFailure: false });
  }
  if (result.kind === 'blocked') {
    if (result.standIn) return viewOfCached(origin, result.standIn, { standingInForFailure: true });
    if (result.busy) return { status: 'busy', target: origin, retryAt: result.retryAt };
    return { status: 'unavailable', target: origin, cause: 'service', retryAt: result.retryAt };
  }
  if (isFailure(result.outcome) && result.standIn) {
    return viewOfCached(origin, result.standIn, { standingInForFailure: true });
  }
  const view = viewFromOutcome(origin, result.outcome, result.receivedAt);
  if ((view.status === 'unavailable' || view.status === 'busy') && result.retryAt !== null) {
    return { ...view, retryAt: result.retryAt };
  }
  return view;
}

/** An origin's stored answer, and its view when it may be shown without asking. */
export interface CachedLookup {
  cached: CachedAnswer | null;
  /** Null when there is no stored answer or it needs a lookup before it may be shown. */
  shown: { view: TabView; freshUntil: number | undefined; revalidate: boolean } | null;
}

/** Reads an origin's stored answer and judges whether it may be shown without asking. */
export async function readCached(
  cache: Pick<ReportCache, 'get'>,
  origin: string,
): Promise<CachedLookup> {
  const cached = await cache.get(origin);
  if (cached === null || cached.verdict.freshness === 'needs-lookup') {
    return { cached, shown: null };
  }
  const view = viewOfCached(origin, cached, { standingInForFailure: false });
  const revalidate = cached.verdict.freshness === 'revalidate-in-background';
  return { cached, shown: { view, freshUntil: cached.freshUntil, revalidate } };
}
