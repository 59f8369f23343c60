/** How one lookup ended, and the view each ending means: never an error over a good report. */
import type { CachedAnswer } from '../cache/report-cache';
import { isFailure, type LookupOutcome } from '../service/lookup-outcome';
import type { TabView } from '../tabs/tab-view';

export type LookupResult =
  | {
      kind: 'answer';
      outcome: LookupOutcome;
      receivedAt: number;
      /** Until when the origin is blocked after this answer, if it is. */
      retryAt: number | null;
      /** A kept copy allowed to stand in when the answer is a failure. */
      standIn: CachedAnswer | null;
      /** Until when the answer stays fresh, when it was one to keep. */
      freshUntil?: number | undefined;
    }
  /** No request was made: the retry gate said to wait; `busy`: the service is limiting. */
  | { kind: 'blocked'; retryAt: number; busy: boolean; standIn: CachedAnswer | null };

type FreshView = { view: TabView; freshUntil?: number | undefined };

/** A kept copy that may stand in for a failure: one stale-if-error allows, or one still showable. */
export const canStandIn = (cached: CachedAnswer | null) =>
  cached !== null && (cached.verdict.usableOnError || cached.verdict.freshness !== 'needs-lookup')
    ? cached
    : null;

export function viewOfAnswer(origin: string, outcome: LookupOutcome, receivedAt: number): TabView {
  switch (outcome.kind) {
    case 'report':
      return { status: 'report', origin, report: outcome.report, receivedAt, stale: false };
    case 'no-report': {
      const { message, resolution, scanUrl, documentationUrl } = outcome;
      return { status: 'no-report', origin, message, resolution, scanUrl, documentationUrl };
    }
    case 'busy':
      return { status: 'busy', origin, retryAt: outcome.retryAt };
    case 'service-moved': {
      const { message, documentationUrl } = outcome;
      return { status: 'service-moved', origin, message, documentationUrl };
    }
    case 'unavailable':
      return { status: 'unavailable', origin, cause: 'service', retryAt: outcome.retryAt };
    case 'network-failure':
      return { status: 'unavailable', origin, cause: 'network', retryAt: null };
    case 'timeout':
      return { status: 'unavailable', origin, cause: 'timeout', retryAt: null };
    case 'invalid-request':
      return { status: 'rejected', origin, message: outcome.message };
    case 'invalid-response':
      return { status: 'invalid-response', origin, problem: outcome.problem };
    case 'service-not-permitted':
      return { status: 'service-not-permitted', origin, serviceHost: outcome.serviceHost };
  }
}

/**
 * A kept copy as a view. `standingIn`: shown because the service could not answer, so a copy
 * past its freshness is marked stale.
 */
export function viewOfCached(
  origin: string,
  cached: CachedAnswer,
  { standingIn }: { standingIn: boolean },
): FreshView {
  const view = viewOfAnswer(origin, cached.outcome, cached.receivedAt);
  if (view.status === 'report') view.stale = standingIn && cached.verdict.freshness !== 'fresh';
  return { view, freshUntil: standingIn ? undefined : cached.freshUntil };
}

export function viewOfResult(origin: string, result: LookupResult): FreshView {
  const failed = result.kind === 'blocked' || isFailure(result.outcome);
  if (failed && result.standIn) return viewOfCached(origin, result.standIn, { standingIn: true });
  const { retryAt } = result;
  if (result.kind === 'blocked') {
    if (result.busy) return { view: { status: 'busy', origin, retryAt } };
    return { view: { status: 'unavailable', origin, cause: 'service', retryAt } };
  }
  const view = viewOfAnswer(origin, result.outcome, result.receivedAt);
  if (!failed) return { view, freshUntil: result.freshUntil };
  if ('retryAt' in view && retryAt !== null) view.retryAt = retryAt;
  return { view };
}
