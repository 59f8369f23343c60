/**
 * Fetching: asks the service about a site, at most one request per site at a time. Every tab
 * (and the link menu) that wants a site while its request is under way shares that request's
 * result; the cache and the retry gate are consulted first, so no request goes out that a
 * stored answer or a Retry-After makes needless.
 *
 * The requests in flight live in memory and die with the worker; what they learnt is in the
 * cache and the retry gate before they are forgotten.
 */
import type { CachedAnswer } from '../cache/report-cache';
import type { LookupOutcome } from '../service/lookup-outcome';
import type { TabView } from '../tabs/tab-view';
import {
  canStandIn,
  freshUntilOfResult,
  isFailure,
  type LookupResult,
  viewOfResult,
} from './lookup-result';
import type { LookupServiceDeps } from './ports';

/** A view, with until when (epoch ms) it is what a lookup would answer, when known. */
export interface FreshView {
  view: TabView;
  freshUntil: number | undefined;
}

export interface SharedLookups {
  /** Whether a request for `target` is under way. */
  inFlight(target: string): boolean;
  /** The result of a request for `target`, joining one under way; `force` skips the cache. */
  lookup(target: string, force?: boolean): Promise<LookupResult>;
  /** The view while the retry gate keeps `origin` waiting; null when a request may go. */
  blockedView(origin: string, cached: CachedAnswer | null): Promise<TabView | null>;
  /** Asks the service (sharing a request under way) and names what came back. */
  lookedUpView(origin: string, force: boolean): Promise<TabView>;
  /** The same, with until when the view stays fresh (see freshUntilOfResult). */
  lookedUp(origin: string, force: boolean): Promise<FreshView>;
}

type FetchDeps = Pick<
  LookupServiceDeps,
  'lookupReport' | 'serviceAccess' | 'cache' | 'retryGate' | 'now' | 'onError' | 'epoch'
>;

/** A lookup under way: its result, in once what it learnt is stored. */
interface RunningLookup {
  result: Promise<LookupResult>;
}

export function createSharedLookups(deps: FetchDeps): SharedLookups {
  // One per target: the service instance belongs to one base URL, so the target alone is the
  // (base URL, target) key.
  const lookupsInFlight = new Map<string, RunningLookup>();

  async function standInFor(target: string): Promise<CachedAnswer | null> {
    return canStandIn(await deps.cache.get(target));
  }

  function runLookup(target: string, force: boolean): RunningLookup {
    // What this lookup learns is kept only if local data is not cleared before it is written.
    const since = deps.epoch();
    const result = (async (): Promise<LookupResult> => {
      if (!force) {
        // The caller's cache miss may be a moment old: a lookup that answered it may have
        // finished in between, and its answer must not cost a second request.
        const cached = await deps.cache.get(target);
        if (cached && cached.verdict.freshness === 'fresh') return { kind: 'cached', cached };
      }
      const access = await deps.serviceAccess();
      if (!access.permitted) {
        // Nothing leaves and nothing is recorded: the permission, not the service, is missing.
        const outcome: LookupOutcome = { kind: 'service-not-permitted', host: access.host };
        return { kind: 'answer', outcome, receivedAt: deps.now(), retryAt: null, standIn: null };
      }
      // Admitting spends one lookup of the service's stated quota before the request is sent.
      const pause = await deps.retryGate.admit(target, deps.now());
      if (pause !== null) {
        return {
          kind: 'blocked',
          retryAt: pause.until,
          busy: pause.busy,
          standIn: await standInFor(target),
        };
      }
      let outcome: LookupOutcome;
      try {
        outcome = await deps.lookupReport(target);
      } catch (error) {
        // The client never rejects; should it ever, the tab must still leave "loading".
        outcome = { kind: 'network-failure', message: String(error) };
      }
      const receivedAt = deps.now();
      // Two separate records: written side by side.
      const recording = Promise.all([
        deps.retryGate.record(target, outcome, receivedAt, since),
        deps.cache.put(target, outcome, receivedAt, since),
      ]);
      if (!isFailure(outcome)) {
        // The tab gets the answer once both records are written; a failed write is reported
        // and the answer still shown.
        await recording.catch(deps.onError);
        const freshUntil = deps.cache.freshUntilOf(target, outcome, receivedAt);
        return { kind: 'answer', outcome, receivedAt, retryAt: null, standIn: null, freshUntil };
      }
      const [retryAt] = await recording;
      return { kind: 'answer', outcome, receivedAt, retryAt, standIn: await standInFor(target) };
    })();
    return { result };
  }

  function lookup(target: string, force = false): Promise<LookupResult> {
    const pending = lookupsInFlight.get(target);
    // A forced lookup (Refresh) joins a request still waiting for its answer.
    if (pending) return pending.result;
    const running = runLookup(target, force);
    lookupsInFlight.set(target, running);
    // The answer is in the cache before the entry goes, so a later ask finds one or the other.
    // A result that failed has told its callers.
    const forget = () => {
      if (lookupsInFlight.get(target) === running) lookupsInFlight.delete(target);
    };
    running.result.then(forget, forget);
    return running.result;
  }

  async function lookedUp(origin: string, force: boolean): Promise<FreshView> {
    let result = await lookup(origin, force);
    // A forced lookup that joined an ordinary one which found the cache fresh asks anew.
    if (force && result.kind === 'cached') result = await lookup(origin, true);
    return { view: viewOfResult(origin, result), freshUntil: freshUntilOfResult(result) };
  }

  return {
    inFlight: (target) => lookupsInFlight.has(target),
    lookup,

    async blockedView(origin, cached) {
      if (lookupsInFlight.has(origin)) return null;
      const pause = await deps.retryGate.pauseFor(origin, deps.now());
      if (pause === null) return null;
      return viewOfResult(origin, {
        kind: 'blocked',
        retryAt: pause.until,
        busy: pause.busy,
        standIn: canStandIn(cached),
      });
    },

    lookedUp,
    lookedUpView: async (origin, force) => (await lookedUp(origin, force)).view,
  };
}
