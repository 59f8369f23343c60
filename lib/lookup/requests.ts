/**
 * Asking the service: one request per site at a time. Its answer is shown first, then recorded;
 * until the records are written, a lookup of the site joins the request instead of missing them.
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
  /** When the cache read began (`readMark()`): an answer that came after it is used. */
  readFrom: number;
  /** Called when a request is under way for the caller: it left, or one is joined. */
  onAsking?: (() => void) | undefined;
}

/** Finished lookups remembered for callers whose cache read began before them. */
const REMEMBERED = 64;

export function createRequests(deps: RequestParts) {
  const { cache, retryGate, log, history, notices } = deps.records;
  const inFlight = new Map<string, Promise<LookupResult>>();
  /** `mark`: set once the answer's records are written; until then every caller may use it. */
  const finished = new Map<string, { result: LookupResult; mark?: number }>();
  let marks = 0;
  const keyOf = (baseUrl: string, origin: string) => `${baseUrl}|${origin}`;
  const reported =
    <T>(fallback: T) =>
    (error: unknown) => {
      deps.onError(error);
      return fallback;
    };

  /** The result, and the writes of what the next lookup reads (nothing when nothing was asked). */
  async function send(
    baseUrl: string,
    origin: string,
    options: AskOptions,
  ): Promise<{ result: LookupResult; written?: Promise<unknown> }> {
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
    // Bookkeeping nobody waits for; a failure of one is reported, never costing the others.
    entry.then((id) => log.settled(id, outcome)).catch(deps.onError);
    notices.keep(baseUrl, outcome).catch(deps.onError);
    if (outcome.kind === 'report')
      history.record(origin, outcome.report, since).catch(deps.onError);
    const warning = outcomeWarning(origin, outcome);
    if (warning !== null) deps.warn(warning);
    // A failed write is reported and the answer still shown; a worker stopped before the
    // writes loses only what asking again brings back.
    const gate = retryGate.record(baseUrl, origin, outcome, receivedAt, since).catch(reported(null));
    const written = Promise.all([
      gate,
      cache.put(baseUrl, origin, outcome, receivedAt, since).catch(reported(undefined)),
    ]);
    if (!isFailure(outcome)) {
      const freshUntil = cache.freshUntilOf(baseUrl, origin, outcome, receivedAt);
      const result = { kind: 'answer', outcome, receivedAt, retryAt: null, freshUntil } as const;
      return { result: { ...result, standIn: null }, written };
    }
    // A failure's view tells when the gate lets the site be asked again.
    return { result: { kind: 'answer', outcome, receivedAt, retryAt: await gate, standIn }, written };
  }

  return {
    inFlight: (baseUrl: string, origin: string) => inFlight.has(keyOf(baseUrl, origin)),
    readMark: () => marks,

    ask(baseUrl: string, origin: string, options: AskOptions): Promise<LookupResult> {
      const key = keyOf(baseUrl, origin);
      const pending = inFlight.get(key);
      // A forced lookup (Refresh) joins a request still waiting for its answer.
      if (pending) {
        options.onAsking?.();
        return pending;
      }
      // A lookup that finished since the caller's cache read began answered it already.
      const recent = finished.get(key);
      if (!options.force && recent !== undefined && (recent.mark ?? marks + 1) > options.readFrom) {
        return Promise.resolve(recent.result);
      }
      const sending = send(baseUrl, origin, options);
      const running = sending.then(({ result }) => result);
      inFlight.set(key, running);
      const forget = () => {
        if (inFlight.get(key) === running) inFlight.delete(key);
      };
      sending.then(({ result, written }) => {
        forget();
        const recent: { result: LookupResult; mark?: number } = { result };
        finished.delete(key);
        finished.set(key, recent);
        if (finished.size > REMEMBERED) finished.delete(finished.keys().next().value as string);
        const note = () => {
          recent.mark = ++marks;
        };
        if (written === undefined) note();
        else written.then(note);
      }, forget);
      return running;
    },
  };
}

export type Requests = ReturnType<typeof createRequests>;
