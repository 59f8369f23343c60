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
 */

import type { LookupOutcome } from '../service/lookup-outcome';
import { createKeyedQueue } from '../storage/keyed-queue';
import { readLocal, writeLocal } from '../storage/local-records';

/** The first pause; it doubles with every further failure in a row. */
export const BACKOFF_BASE_MS = 30_000;
/** The longest pause the backoff grows to. */
export const BACKOFF_CAP_MS = 10 * 60_000;
/** Failures in a row from which the whole service is paused. */
export const SERVICE_BACKOFF_FROM_FAILURES = 2;

interface RetryGateRecord {
  /** Failures in a row, over every target. */
  failuresInARow: number;
  /** No request for any target before this (epoch ms). */
  serviceNotBefore: number | null;
  /** No request for a target before its time (epoch ms), by target origin. */
  targetNotBefore: Record<string, number>;
}

const EMPTY: RetryGateRecord = { failuresInARow: 0, serviceNotBefore: null, targetNotBefore: {} };

export interface RetryGate {
  /** Until when a request for `target` must wait (epoch ms), or null when it may go now. */
  blockedUntil(target: string, now: number): Promise<number | null>;
  /** Notes how a lookup ended; returns until when `target` is now blocked, or null. */
  record(target: string, outcome: LookupOutcome, now: number): Promise<number | null>;
  /** Drops target records whose time has passed. */
  purgeExpired(now: number): Promise<void>;
}

export interface RetryGateDeps {
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
  const key = `retry-gate:v1:${encodeURIComponent(deps.baseUrl)}`;
  const random = deps.random ?? Math.random;
  const queue = createKeyedQueue<string>();

  /** Between half and all of `delay`, so many browsers do not come back at the same moment. */
  const jittered = (delay: number) => Math.round(delay / 2 + (random() * delay) / 2);

  const read = async (): Promise<RetryGateRecord> =>
    ((await readLocal(key)) as RetryGateRecord | undefined) ?? EMPTY;

  function blockedUntilIn(record: RetryGateRecord, target: string, now: number): number | null {
    const times = [record.serviceNotBefore, record.targetNotBefore[target] ?? null].filter(
      (time): time is number => time !== null && time > now,
    );
    return times.length === 0 ? null : Math.max(...times);
  }

  function withoutPast(targets: Record<string, number>, now: number): Record<string, number> {
    return Object.fromEntries(Object.entries(targets).filter(([, time]) => time > now));
  }

  function next(record: RetryGateRecord, target: string, outcome: LookupOutcome, now: number) {
    const targets = withoutPast(record.targetNotBefore, now);
    if (outcome.kind === 'network-failure') return { ...record, targetNotBefore: targets };
    if (!isServiceFailure(outcome)) {
      delete targets[target];
      return { failuresInARow: 0, serviceNotBefore: null, targetNotBefore: targets };
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
    return { failuresInARow: failures, serviceNotBefore, targetNotBefore: targets };
  }

  return {
    async blockedUntil(target, now) {
      return blockedUntilIn(await read(), target, now);
    },
    record(target, outcome, now) {
      return queue.run(key, async () => {
        const updated = next(await read(), target, outcome, now);
        await writeLocal(key, updated);
        return blockedUntilIn(updated, target, now);
      });
    },
    purgeExpired(now) {
      return queue.run(key, async () => {
        const record = (await readLocal(key)) as RetryGateRecord | undefined;
        if (record === undefined) return;
        await writeLocal(key, {
          ...record,
          targetNotBefore: withoutPast(record.targetNotBefore, now),
        });
      });
    },
  };
}
