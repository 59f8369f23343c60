/**
 * When the service may be asked again after it could not answer.
 *
 * A 503 (or another 5xx) is never stored as a cache entry; instead two records are kept in
 * local storage, per service base URL, so they outlive the worker:
 *
 * - per target, "not before": the 503's Retry-After, or without one a short jittered pause, so
 *   a site whose report store is down costs one request, not one per tab switch;
 * - for the whole service, after repeated failures in a row (503s and timeouts), a capped,
 *   jittered exponential backoff: one struggling service must not get a request per tab
 *   switch from every browser that uses it.
 *
 * A network failure neither counts nor clears: it usually means this computer is offline,
 * and a pause grown while offline would keep lookups away for minutes after it is back.
 * Any real answer (a report, "no report", even a 400) clears the failure count and the
 * target's record.
 *
 * The service's quota is a third record, kept the same way. It is not a failure and never
 * counts as one:
 *
 * - a 429 pauses the whole service until its Retry-After (or the quota's reset, or without
 *   either for DEFAULT_BUSY_PAUSE_MS), capped at MAX_BUSY_PAUSE_MS;
 * - every answer's rate-limit headers (lib/service/rate-limit.ts) say how many lookups are
 *   left until when; each request let through spends one of them before it is sent, and none
 *   is let through once none is left, until the window reopens. So a burst of tabs stops at
 *   the quota instead of earning a 429.
 *
 * A pause of either kind says whether it is the service being busy, so the tab can say so.
 */

import type { LookupOutcome } from '../service/lookup-outcome';
import { quotaFromHeaders } from '../service/rate-limit';
import type { Epoch, RecordStore } from '../storage/record-store';
import { RETRY_GATE_RECORD, type StoredRetryGate } from '../storage/records';

/** The first pause; it doubles with every further failure in a row. */
export const BACKOFF_BASE_MS = 30_000;
/** The longest pause the backoff grows to. */
export const BACKOFF_CAP_MS = 10 * 60_000;
/** Failures in a row from which the whole service is paused. */
export const SERVICE_BACKOFF_FROM_FAILURES = 2;
/** The pause after a 429 that names no time at all: the live service's rate-limit window. */
export const DEFAULT_BUSY_PAUSE_MS = 60_000;
/** The longest a 429 or a spent quota may pause the service, whatever its headers say. */
export const MAX_BUSY_PAUSE_MS = 15 * 60_000;

/**
 * `failuresInARow` over every target; no request for any target before `serviceNotBefore`;
 * none for a target before its `targetNotBefore` (by origin); none before `busyUntil` (the
 * service said it is busy); `quota`: what the last answer stated, spent down since.
 */
type RetryGateRecord = StoredRetryGate;

/** Why and until when requests must wait. */
export interface GatePause {
  /** Epoch ms. */
  until: number;
  /** The service is limiting lookups (a 429 or a spent quota), rather than failing. */
  busy: boolean;
}

export interface RetryGate {
  /** Why and until when a request for `target` must wait, or null when it may go now. */
  pauseFor(target: string, now: number): Promise<GatePause | null>;
  /**
   * The pause, or null and one lookup of the known quota spent: called just before a request
   * is sent, so requests sent together cannot overspend the quota between them.
   */
  admit(target: string, now: number): Promise<GatePause | null>;
  /**
   * Notes how a lookup ended; returns until when `target` is now blocked, or null. `since`:
   * the epoch the request began in (nothing is noted if local data was cleared since).
   */
  record(
    target: string,
    outcome: LookupOutcome,
    now: number,
    since?: Epoch,
  ): Promise<number | null>;
  /** Drops target records whose time has passed. */
  purgeExpired(now: number): Promise<void>;
}

export interface RetryGateDeps {
  store: RecordStore;
  baseUrl: string;
  /** A number in [0, 1); Math.random in the product, fixed in tests. */
  random?: () => number;
}

/** The pause after `failures` failures in a row, before jitter. */
export function backoffDelayMs(failures: number): number {
  const doublings = Math.max(0, failures - 1);
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(doublings, 30));
}

function isServiceFailure(outcome: LookupOutcome): boolean {
  return (
    outcome.kind === 'unavailable' ||
    outcome.kind === 'timeout' ||
    outcome.kind === 'network-failure'
  );
}

export function createRetryGate(deps: RetryGateDeps): RetryGate {
  const id = encodeURIComponent(deps.baseUrl);
  const random = deps.random ?? Math.random;
  const { store } = deps;

  /** Between half and all of `delay`, so many browsers do not come back at the same moment. */
  const jittered = (delay: number) => Math.round(delay / 2 + (random() * delay) / 2);

  // Parsed as it is read: a damaged record reads as no pause at all.
  const read = (): Promise<RetryGateRecord> => store.read(RETRY_GATE_RECORD, { id });

  /** The service-wide busy pause: a 429's, or a spent quota's until it resets. */
  function busyIn(record: RetryGateRecord, now: number): number | null {
    const quota = record.quota;
    const times = [
      record.busyUntil,
      quota !== null && quota.remaining <= 0 ? quota.resetAt : null,
    ].filter((time): time is number => time !== null && time > now);
    return times.length === 0 ? null : Math.max(...times);
  }

  function pauseIn(record: RetryGateRecord, target: string, now: number): GatePause | null {
    const busy = busyIn(record, now);
    const times = [record.serviceNotBefore, record.targetNotBefore[target] ?? null].filter(
      (time): time is number => time !== null && time > now,
    );
    const failing = times.length === 0 ? null : Math.max(...times);
    if (busy === null && failing === null) return null;
    // The later end rules; being busy is named whenever it is part of the wait.
    return { until: Math.max(busy ?? 0, failing ?? 0), busy: busy !== null };
  }

  function withoutPast(targets: Record<string, number>, now: number): Record<string, number> {
    return Object.fromEntries(Object.entries(targets).filter(([, time]) => time > now));
  }

  /** The record after an answer, with what it says about the quota and being busy. */
  function next(
    record: RetryGateRecord,
    target: string,
    outcome: LookupOutcome,
    now: number,
  ): RetryGateRecord {
    const response = 'response' in outcome ? outcome.response : null;
    const stated = response ? quotaFromHeaders(response.headers, now) : null;
    const known = record.quota && record.quota.resetAt > now ? record.quota : null;
    // Requests sent since this one was admitted have spent from the count the answer states.
    const quota =
      stated && known
        ? { remaining: Math.min(stated.remaining, known.remaining), resetAt: stated.resetAt }
        : (stated ?? known);
    let busyUntil = record.busyUntil !== null && record.busyUntil > now ? record.busyUntil : null;
    if (outcome.kind === 'busy') {
      const until = Math.min(
        outcome.retryAt ?? stated?.resetAt ?? now + DEFAULT_BUSY_PAUSE_MS,
        now + MAX_BUSY_PAUSE_MS,
      );
      busyUntil = Math.max(busyUntil ?? 0, until);
      // The answer itself is no failure and no success: the failure count stays as it was.
      return {
        ...record,
        targetNotBefore: withoutPast(record.targetNotBefore, now),
        busyUntil,
        quota,
      };
    }
    return { ...failureRecord(record, target, outcome, now), busyUntil, quota };
  }

  function failureRecord(
    record: RetryGateRecord,
    target: string,
    outcome: LookupOutcome,
    now: number,
  ): RetryGateRecord {
    const targets = withoutPast(record.targetNotBefore, now);
    if (outcome.kind === 'network-failure') return { ...record, targetNotBefore: targets };
    if (!isServiceFailure(outcome)) {
      delete targets[target];
      return { ...record, failuresInARow: 0, serviceNotBefore: null, targetNotBefore: targets };
    }
    const failures = record.failuresInARow + 1;
    if (outcome.kind === 'unavailable') {
      targets[target] = outcome.retryAt ?? now + jittered(backoffDelayMs(1));
    }
    let serviceNotBefore = record.serviceNotBefore;
    if (failures >= SERVICE_BACKOFF_FROM_FAILURES) {
      const pause = jittered(backoffDelayMs(failures - SERVICE_BACKOFF_FROM_FAILURES + 1));
      serviceNotBefore = Math.max(serviceNotBefore ?? 0, now + pause);
    }
    return { ...record, failuresInARow: failures, serviceNotBefore, targetNotBefore: targets };
  }

  return {
    async pauseFor(target, now) {
      return pauseIn(await read(), target, now);
    },
    async admit(target, now) {
      let pause: GatePause | null | undefined;
      try {
        // The next admit waits in the store's queue until the lookup spent here is written, so
        // none can spend it again.
        await store.update(
          RETRY_GATE_RECORD,
          (record) => {
            pause = pauseIn(record, target, now);
            const quota = record.quota;
            // Without a stated quota there is nothing to spend, and nothing is written.
            if (pause !== null || quota === null || quota.resetAt <= now) return record;
            return { ...record, quota: { ...quota, remaining: quota.remaining - 1 } };
          },
          { id },
        );
      } catch (error) {
        // A failed write leaves one lookup unspent, until the next answer states the quota
        // afresh: no reason to hold the lookup back. Without a decision there is nothing to go on.
        if (pause === undefined) throw error;
      }
      return pause ?? null;
    },
    async record(target, outcome, now, since) {
      const updated = await store.update(
        RETRY_GATE_RECORD,
        (current) => {
          const after = next(current, target, outcome, now);
          // Most answers change nothing (a success with no failures before it and no quota
          // stated): no write then, one storage round trip less before the badge.
          return JSON.stringify(after) === JSON.stringify(current) ? current : after;
        },
        { id, since },
      );
      return pauseIn(updated, target, now)?.until ?? null;
    },
    async purgeExpired(now) {
      await store.update(
        RETRY_GATE_RECORD,
        (record) => {
          const targetNotBefore = withoutPast(record.targetNotBefore, now);
          const dropped =
            Object.keys(targetNotBefore).length !== Object.keys(record.targetNotBefore).length;
          return dropped ? { ...record, targetNotBefore } : record;
        },
        { id },
      );
    },
  };
}
