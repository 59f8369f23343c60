/**
 * Asking the service: one request per site at a time. Its answer is shown first, then recorded;
 * until the records are written, a lookup of the site gets that answer instead of asking again.
 */
import { CACHE_ENTRY_RECORD, CACHE_INDEX_RECORD } from '../cache/cache-records';
import type { CachedAnswer, ReportCache } from '../cache/report-cache';
import { RETRY_GATE_RECORD, type RetryGate } from '../cache/retry-gate';
import { LOOKUP_LOG_RECORD, type LookupLog } from '../history/lookup-log';
import { SCORE_HISTORY_RECORD, type ScoreHistory } from '../history/score-history';
import { DEPRECATION_NOTICE_RECORD, type DeprecationNotices } from '../service/deprecation-notice';
import { isFailure, type LookupOutcome, outcomeWarning } from '../service/lookup-outcome';
import type { ServiceAccess } from '../settings/service-base-url-choice';
import type { StoredRecord } from '../storage/record';
import type { Epoch } from '../storage/store';
import { TAB_STATE_RECORD } from '../tabs/tab-state';
import { canStandIn, type LookupResult } from './views';

export const LOOKUP_RECORDS = [
  CACHE_ENTRY_RECORD,
  CACHE_INDEX_RECORD,
  RETRY_GATE_RECORD,
  LOOKUP_LOG_RECORD,
  SCORE_HISTORY_RECORD,
  DEPRECATION_NOTICE_RECORD,
  TAB_STATE_RECORD,
] as StoredRecord<unknown>[];

export interface LookupRecords {
  cache: ReportCache;
  retryGate: RetryGate;
  log: Pick<LookupLog, 'sent' | 'settled'>;
  history: Pick<ScoreHistory, 'record'>;
  notices: Pick<DeprecationNotices, 'keep'>;
}

export interface RequestParts {
  lookupReport(baseUrl: string, origin: string): Promise<LookupOutcome>;
  /** Without the host permission for the service nothing is sent, and the tab says why. */
  access(baseUrl: string): Promise<ServiceAccess>;
  records: LookupRecords;
  now(): number;
  /** The store's epoch, taken as a request leaves: nothing of it is kept past a clear. */
  epoch(): Epoch;
  onError(error: unknown): void;
  warn(message: string): void;
}

interface AskOptions {
  force: boolean;
  cached: CachedAnswer | null;
  /** When the cache read began (`recorded()`): an answer that came after it is used. */
  readFrom: number;
  /** Called when a request is under way for the caller: it left, or one is joined. */
  onAsking?: (() => void) | undefined;
  /** Shows the answer of the caller's own request, before it is recorded. */
  show?: ((result: LookupResult) => Promise<unknown>) | undefined;
}

/** Finished lookups remembered for callers whose cache read began before them. */
const REMEMBERED = 64;

export function createRequests(deps: RequestParts) {
  const { cache, retryGate, log, history, notices } = deps.records;
  const inFlight = new Map<string, Promise<LookupResult>>();
  const finished = new Map<string, { mark: number; result: LookupResult }>();
  /** Answers shown and still being recorded: a cache read waits for its site's. */
  const recording = new Map<string, Promise<unknown>>();
  let marks = 0;
  const keyOf = (baseUrl: string, origin: string) => `${baseUrl}|${origin}`;

  /** The result, and how to record it (nothing to record when nothing was asked). */
  async function send(
    baseUrl: string,
    origin: string,
    options: AskOptions,
  ): Promise<{ result: LookupResult; record?: () => Promise<unknown> }> {
    const since = deps.epoch();
    const standIn = canStandIn(options.cached);
    const access = await deps.access(baseUrl);
    if (!access.permitted) {
      // Nothing leaves and nothing is recorded: the permission, not the service, is missing.
      const outcome: LookupOutcome = { kind: 'service-not-permitted', serviceHost: access.host };
      const result = { kind: 'answer', outcome, receivedAt: deps.now(), retryAt: null } as const;
      return { result: { ...result, standIn: null } };
    }
    // Admitting spends one lookup of the service's stated quota before the request is sent.
    const pause = await retryGate.admit(baseUrl, origin, deps.now());
    if (pause !== null) {
      return { result: { kind: 'blocked', retryAt: pause.until, busy: pause.busy, standIn } };
    }
    options.onAsking?.();
    const entry = log.sent(origin, baseUrl);
    let outcome: LookupOutcome;
    try {
      outcome = await deps.lookupReport(baseUrl, origin);
    } catch (error) {
      // The client never rejects; should it ever, the tab must still leave "loading".
      outcome = { kind: 'network-failure', message: String(error) };
    }
    const receivedAt = deps.now();
    const warning = outcomeWarning(origin, outcome);
    if (warning !== null) deps.warn(warning);
    const noteInGate = () =>
      retryGate.record(baseUrl, origin, outcome, receivedAt, since).catch((error: unknown) => {
        deps.onError(error);
        return null;
      });
    let result: LookupResult;
    if (isFailure(outcome)) {
      // A failure's view tells when the gate lets the site be asked again: noted first.
      result = { kind: 'answer', outcome, receivedAt, retryAt: await noteInGate(), standIn };
    } else {
      const freshUntil = cache.freshUntilOf(baseUrl, origin, outcome, receivedAt);
      result = { kind: 'answer', outcome, receivedAt, retryAt: null, standIn: null, freshUntil };
    }
    // Called once the answer is shown. Each write's failure is reported without costing the
    // others; a worker stopped before them loses only what asking again brings back.
    const record = () => {
      entry.then((id) => log.settled(id, outcome)).catch(deps.onError);
      notices.keep(baseUrl, outcome).catch(deps.onError);
      if (outcome.kind === 'report')
        history.record(origin, outcome.report, since).catch(deps.onError);
      return Promise.all([
        isFailure(outcome) ? null : noteInGate(),
        cache.put(baseUrl, origin, outcome, receivedAt, since).catch(deps.onError),
      ]);
    };
    return { result, record };
  }

  return {
    inFlight: (baseUrl: string, origin: string) => inFlight.has(keyOf(baseUrl, origin)),
    /** Once the site's answer shown last is where a cache read finds it: the read's mark. */
    recorded: async (baseUrl: string, origin: string) => {
      await recording.get(keyOf(baseUrl, origin));
      return marks;
    },

    /** The result, once shown through `options.show` when there is one. */
    ask(baseUrl: string, origin: string, options: AskOptions): Promise<LookupResult> {
      const key = keyOf(baseUrl, origin);
      const shown = async (result: LookupResult) => {
        await options.show?.(result).catch(deps.onError);
        return result;
      };
      const pending = inFlight.get(key);
      // A forced lookup (Refresh) joins a request still waiting for its answer.
      if (pending) {
        options.onAsking?.();
        return pending.then(shown);
      }
      // A lookup that finished since the caller's cache read began answered it already.
      const recent = finished.get(key);
      if (!options.force && recent !== undefined && recent.mark > options.readFrom) {
        return shown(recent.result);
      }
      const sending = send(baseUrl, origin, options);
      const answered = sending.then(({ result }) => result);
      inFlight.set(key, answered);
      const showing = answered.then(shown);
      const forget = () => inFlight.delete(key);
      sending.then(({ result, record }) => {
        forget();
        finished.delete(key);
        finished.set(key, { mark: ++marks, result });
        if (finished.size > REMEMBERED) finished.delete(finished.keys().next().value as string);
        // The asking tab's badge first: the bookkeeping waits for it, not it for the bookkeeping.
        const written = showing.then(() => record?.());
        recording.set(key, written);
        written.then(() => {
          if (recording.get(key) === written) recording.delete(key);
        });
      }, forget);
      return showing;
    },
  };
}
