/** When the service may be asked again, one record per service base URL (README). */
import * as v from 'valibot';
import { jsonNumber, jsonRecordOf } from '../contract/json-schemas';
import { isFailure, type LookupOutcome } from '../service/lookup-outcome';
import { quotaFromHeaders } from '../service/retry-after';
import { isObject, parseWith, type StoredRecord } from '../storage/record';
import type { Epoch, Store } from '../storage/store';

export const BACKOFF_BASE_MS = 30_000;
export const BACKOFF_CAP_MS = 10 * 60_000;
/** Failures in a row from which the whole service is paused. */
const SERVICE_BACKOFF_FROM_FAILURES = 2;
/** The pause after a 429 that names no time: the live service's rate-limit window. */
export const DEFAULT_BUSY_PAUSE_MS = 60_000;
export const MAX_BUSY_PAUSE_MS = 15 * 60_000;

function gateSchema() {
  const time = v.nullable(jsonNumber());
  return v.object({
    failuresInARow: jsonNumber(),
    serviceNotBefore: time,
    targetNotBefore: jsonRecordOf(v.string(), jsonNumber()),
    busyUntil: time,
    /** What the last answer stated, spent down since. */
    quota: v.nullable(v.object({ remaining: jsonNumber(), resetAt: jsonNumber() })),
  });
}

type GateRecord = v.InferOutput<ReturnType<typeof gateSchema>>;

export const RETRY_GATE_RECORD: StoredRecord<GateRecord> = {
  name: 'retry-gate',
  area: 'local',
  key: 'retry-gate:v1:',
  family: true,
  version: 2,
  parse: parseWith(gateSchema),
  // No pause at all: a damaged record costs at most the one pause it held.
  fallback: () => ({
    failuresInARow: 0,
    serviceNotBefore: null,
    targetNotBefore: {},
    busyUntil: null,
    quota: null,
  }),
  // 0.1.0 left out the busy pause and the quota until the service first stated them.
  migrations: {
    2: (older) => (isObject(older) ? { busyUntil: null, quota: null, ...older } : older),
  },
};

/** `busy`: the service is limiting, not failing. */
type GatePause = { until: number; busy: boolean };

/** Before jitter. */
export function backoffDelayMs(failures: number): number {
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(Math.max(0, failures - 1), 30));
}

const latest = (times: (number | null)[], now: number): number | null => {
  const ahead = times.filter((time): time is number => time !== null && time > now);
  return ahead.length === 0 ? null : Math.max(...ahead);
};

/** Null when a request for `origin` may go now. */
export function pauseIn(record: GateRecord, origin: string, now: number): GatePause | null {
  const { quota } = record;
  const busy = latest(
    [record.busyUntil, quota !== null && quota.remaining <= 0 ? quota.resetAt : null],
    now,
  );
  const failing = latest([record.serviceNotBefore, record.targetNotBefore[origin] ?? null], now);
  if (busy === null && failing === null) return null;
  // The later end rules; being busy is named whenever it is part of the wait.
  return { until: Math.max(busy ?? 0, failing ?? 0), busy: busy !== null };
}

const withoutPast = (targets: Record<string, number>, now: number) =>
  Object.fromEntries(Object.entries(targets).filter(([, time]) => time > now));

export type RetryGate = ReturnType<typeof createRetryGate>;

export function createRetryGate(deps: { store: Store; random?: () => number }) {
  const { store } = deps;
  const random = deps.random ?? Math.random;
  /** Between half and all of `delay`, so many browsers do not come back at the same moment. */
  const jittered = (delay: number) => Math.round(delay / 2 + (random() * delay) / 2);
  const id = encodeURIComponent;

  function next(record: GateRecord, origin: string, outcome: LookupOutcome, now: number) {
    const response = 'response' in outcome ? outcome.response : null;
    const stated = response ? quotaFromHeaders(response.headers, now) : null;
    const known = record.quota && record.quota.resetAt > now ? record.quota : null;
    // Requests sent since this one was admitted have spent from the count the answer states.
    const quota =
      stated && known
        ? { remaining: Math.min(stated.remaining, known.remaining), resetAt: stated.resetAt }
        : (stated ?? known);
    let busyUntil = latest([record.busyUntil], now);
    if (outcome.kind === 'busy') {
      const until = Math.min(
        outcome.retryAt ?? stated?.resetAt ?? now + DEFAULT_BUSY_PAUSE_MS,
        now + MAX_BUSY_PAUSE_MS,
      );
      busyUntil = Math.max(busyUntil ?? 0, until);
    }
    const targets = withoutPast(record.targetNotBefore, now);
    const kept = { ...record, targetNotBefore: targets, quota, busyUntil };
    if (outcome.kind === 'busy' || outcome.kind === 'network-failure') return kept;
    if (!isFailure(outcome)) {
      delete targets[origin];
      return { ...kept, failuresInARow: 0, serviceNotBefore: null };
    }
    const failures = record.failuresInARow + 1;
    // The service's own 503 pauses its site; a timeout says nothing of when to come back.
    if ('retryAt' in outcome)
      targets[origin] = outcome.retryAt ?? now + jittered(backoffDelayMs(1));
    let serviceNotBefore = record.serviceNotBefore;
    if (failures >= SERVICE_BACKOFF_FROM_FAILURES) {
      const pause = jittered(backoffDelayMs(failures - SERVICE_BACKOFF_FROM_FAILURES + 1));
      serviceNotBefore = Math.max(serviceNotBefore ?? 0, now + pause);
    }
    return { ...kept, failuresInARow: failures, serviceNotBefore };
  }

  /** Most answers change nothing: no write then, one storage call less before the badge. */
  const change = (baseUrl: string, update: (record: GateRecord) => GateRecord, since?: Epoch) =>
    store.update(
      RETRY_GATE_RECORD,
      (current) => {
        const after = update(current);
        return JSON.stringify(after) === JSON.stringify(current) ? current : after;
      },
      { id: id(baseUrl), since },
    );

  return {
    /** The pause, or null and one lookup of the known quota spent: just before a request leaves. */
    async admit(baseUrl: string, origin: string, now: number): Promise<GatePause | null> {
      let pause: GatePause | null | undefined;
      try {
        // The next admit waits in the store's queue until the lookup spent here is written.
        await store.update(
          RETRY_GATE_RECORD,
          (record) => {
            pause = pauseIn(record, origin, now);
            const { quota } = record;
            if (pause !== null || quota === null || quota.resetAt <= now) return record;
            return { ...record, quota: { ...quota, remaining: quota.remaining - 1 } };
          },
          { id: id(baseUrl) },
        );
      } catch (error) {
        // A failed write leaves one lookup unspent until the next answer states the quota
        // afresh: no reason to hold the lookup back. Without a decision there is nothing to go on.
        if (pause === undefined) throw error;
      }
      return pause ?? null;
    },

    /** Resolves to until when `origin` is now blocked, or null. */
    async record(
      baseUrl: string,
      origin: string,
      outcome: LookupOutcome,
      now: number,
      since?: Epoch,
    ) {
      const updated = await change(
        baseUrl,
        (current) => next(current, origin, outcome, now),
        since,
      );
      return pauseIn(updated, origin, now)?.until ?? null;
    },

    async purgeExpired(baseUrl: string, now: number) {
      await change(baseUrl, (record) => ({
        ...record,
        targetNotBefore: withoutPast(record.targetNotBefore, now),
      }));
    },
  };
}
