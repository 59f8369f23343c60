/**
 * Asking the service: at most one request per site at a time, shared by every tab and page that
 * wants that site meanwhile. The retry gate admits each request; what follows the answer runs
 * through answer-handlers.ts. Requests in flight die with the worker; what they learnt is in
 * the cache and the retry gate before they are forgotten.
 */
import type { CachedAnswer } from '../cache/report-cache';
import { isFailure, type LookupOutcome } from '../service/lookup-outcome';
import type { AnswerHandler, LookupRequest } from './answer-handlers';
import { canStandIn, type LookupResult } from './lookup-result';
import type { LookupDeps } from './ports';

interface LookupOptions {
  /** The user's Refresh: the cache is skipped, the retry gate still honoured. */
  force: boolean;
  /** What the caller's cache read found (null: nothing usable). */
  cached: CachedAnswer | null;
  /** When the cache read began (`readMark()`): an answer that came after it is used. */
  readFrom: number;
  /** Called when a request is under way for the caller: it left, or one is joined. */
  onAsking?: (() => void) | undefined;
}

/** How many finished lookups are remembered for callers whose cache read began before them. */
const REMEMBERED = 64;

export function createSharedLookups(deps: LookupDeps) {
  const inFlight = new Map<string, Promise<LookupResult>>();
  const finished = new Map<string, { mark: number; result: LookupResult }>();
  let marks = 0;
  const keyOf = (baseUrl: string, origin: string) => `${baseUrl}|${origin}`;

  async function settle(request: LookupRequest, outcome: LookupOutcome): Promise<number | null> {
    const answer = { request, outcome, receivedAt: deps.now() };
    const run = (handler: AnswerHandler) => Promise.resolve().then(() => handler.answered(answer));
    const before = deps.handlers.filter((handler) => handler.beforeShown);
    for (const handler of deps.handlers) {
      if (!handler.beforeShown) run(handler).catch(deps.onError);
    }
    let retryAt: number | null = null;
    for (const done of await Promise.allSettled(before.map(run))) {
      // A failed write is reported; the answer is still shown.
      if (done.status !== 'fulfilled') deps.onError(done.reason);
      else retryAt = (done.value as { retryAt?: number | null } | undefined)?.retryAt ?? retryAt;
    }
    return retryAt;
  }

  async function run(
    baseUrl: string,
    origin: string,
    options: LookupOptions,
  ): Promise<LookupResult> {
    const request: LookupRequest = { baseUrl, origin, since: deps.epoch() };
    const standIn = canStandIn(options.cached);
    const access = await deps.access(baseUrl);
    if (!access.permitted) {
      // Nothing leaves and nothing is recorded: the permission, not the service, is missing.
      const outcome: LookupOutcome = { kind: 'service-not-permitted', serviceHost: access.host };
      return { kind: 'answer', outcome, receivedAt: deps.now(), retryAt: null, standIn: null };
    }
    // Admitting spends one lookup of the service's stated quota before the request is sent.
    const pause = await deps.retryGate.admit(baseUrl, origin, deps.now());
    if (pause !== null) return { kind: 'blocked', retryAt: pause.until, busy: pause.busy, standIn };
    options.onAsking?.();
    for (const handler of deps.handlers) handler.sent?.(request);
    let outcome: LookupOutcome;
    try {
      outcome = await deps.ask(baseUrl, origin);
    } catch (error) {
      // The client never rejects; should it ever, the tab must still leave "loading".
      outcome = { kind: 'network-failure', message: String(error) };
    }
    const receivedAt = deps.now();
    const retryAt = await settle(request, outcome);
    if (!isFailure(outcome)) {
      const freshUntil = deps.cache.freshUntilOf(baseUrl, origin, outcome, receivedAt);
      return { kind: 'answer', outcome, receivedAt, retryAt: null, standIn: null, freshUntil };
    }
    return { kind: 'answer', outcome, receivedAt, retryAt, standIn };
  }

  return {
    inFlight: (baseUrl: string, origin: string) => inFlight.has(keyOf(baseUrl, origin)),
    /** Taken before a cache read: see LookupOptions.readFrom. */
    readMark: () => marks,

    lookup(baseUrl: string, origin: string, options: LookupOptions): Promise<LookupResult> {
      const key = keyOf(baseUrl, origin);
      const pending = inFlight.get(key);
      // A forced lookup (Refresh) joins a request still waiting for its answer.
      if (pending) {
        options.onAsking?.();
        return pending;
      }
      // A lookup that finished since the caller's cache read began answered it already.
      const recent = finished.get(key);
      if (!options.force && recent !== undefined && recent.mark > options.readFrom) {
        return Promise.resolve(recent.result);
      }
      const running = run(baseUrl, origin, options);
      inFlight.set(key, running);
      const forget = (result?: LookupResult) => {
        if (inFlight.get(key) === running) inFlight.delete(key);
        if (result === undefined) return;
        finished.delete(key);
        finished.set(key, { mark: ++marks, result });
        if (finished.size > REMEMBERED) finished.delete(finished.keys().next().value as string);
      };
      running.then(forget, () => forget());
      return running;
    },
  };
}
