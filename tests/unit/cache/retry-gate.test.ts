import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  BACKOFF_BASE_MS,
  BACKOFF_CAP_MS,
  backoffDelayMs,
  createRetryGate,
  DEFAULT_BUSY_PAUSE_MS,
  MAX_BUSY_PAUSE_MS,
  pauseIn,
  RETRY_GATE_RECORD,
} from '../../../lib/cache/retry-gate';
import { DEFAULT_SERVICE_BASE_URL } from '../../../lib/contract/service-base-url';
import type { LookupOutcome } from '../../../lib/service/lookup-outcome';
import { keyOf } from '../../../lib/storage/record';
import { createStore, type Store } from '../../../lib/storage/store';
import { ALL_RECORDS } from '../../../lib/worker/stored-records';
import { fixtureReports } from '../../../reference-server/fixtures/reports';

/** A worker's store, new as at the worker's start. */
const newStore = () => createStore({ records: ALL_RECORDS, warn: () => {} });

/** The gate of one service, as a lookup for that service asks it. */
function gateOf(deps: { store: Store; baseUrl: string; random?: () => number }) {
  const gate = createRetryGate(deps);
  return {
    pauseFor: async (origin: string, now: number) =>
      pauseIn(
        await deps.store.read(RETRY_GATE_RECORD, encodeURIComponent(deps.baseUrl)),
        origin,
        now,
      ),
    admit: (origin: string, now: number) => gate.admit(deps.baseUrl, origin, now),
    record: (origin: string, outcome: LookupOutcome, now: number, since?: number) =>
      gate.record(deps.baseUrl, origin, outcome, now, since),
    purgeExpired: (now: number) => gate.purgeExpired(deps.baseUrl, now),
  };
}
type RetryGate = ReturnType<typeof gateOf>;

/** Until when the gate holds back a request for `target`, asked as a lookup asks it. */
const heldUntil = async (gate: RetryGate, target: string, now: number) =>
  (await gate.admit(target, now))?.until ?? null;

// fixed date: the clock this test passes in, to the code under test and to the fixture reports
const NOW = Date.parse('2026-11-22T10:00:00Z');
const SITE = 'http://a.example.com';
const OTHER = 'http://b.example.com';

const unavailable = (retryAt: number | null): LookupOutcome => ({
  kind: 'unavailable',
  retryAt,
  response: { status: 503, headers: {} },
});
const TIMEOUT: LookupOutcome = { kind: 'timeout', timeoutMs: 8000 };
const OFFLINE: LookupOutcome = { kind: 'network-failure', message: 'offline' };
const REPORT: LookupOutcome = {
  kind: 'report',
  report: fixtureReports(DEFAULT_SERVICE_BASE_URL, NOW).high,
  response: { status: 200, headers: {} },
};
const REJECTED: LookupOutcome = {
  kind: 'invalid-request',
  message: null,
  response: { status: 400, headers: {} },
};

describe('backoffDelayMs', () => {
  it.each([
    [1, BACKOFF_BASE_MS],
    [2, 2 * BACKOFF_BASE_MS],
    [3, 4 * BACKOFF_BASE_MS],
    [6, BACKOFF_CAP_MS],
    [1000, BACKOFF_CAP_MS],
  ])('after %i failures in a row is %i ms', (failures, delay) => {
    expect(backoffDelayMs(failures)).toBe(delay);
  });
});

describe('createRetryGate', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('blocks a target until its Retry-After, and only that target', async () => {
    const gate = gateOf({ store: newStore(), baseUrl: 'http://service.test' });
    expect(await gate.record(SITE, unavailable(NOW + 120_000), NOW)).toBe(NOW + 120_000);
    expect(await heldUntil(gate, SITE, NOW + 119_999)).toBe(NOW + 120_000);
    expect(await heldUntil(gate, SITE, NOW + 120_000)).toBeNull();
    expect(await heldUntil(gate, OTHER, NOW)).toBeNull();
  });

  it('writes nothing for an answer that changes nothing, and writes a failure', async () => {
    const gate = gateOf({ store: newStore(), baseUrl: 'http://service.test' });
    await gate.record(SITE, unavailable(NOW + 1000), NOW);
    await gate.record(SITE, REPORT, NOW + 2000);
    const writes: string[] = [];
    fakeBrowser.storage.local.onChanged.addListener((changes) => {
      writes.push(...Object.keys(changes));
    });
    await gate.record(SITE, REPORT, NOW + 3000);
    await gate.record(OTHER, REPORT, NOW + 3000);
    expect(writes).toEqual([]);
    await gate.record(SITE, TIMEOUT, NOW + 4000);
    expect(writes).toHaveLength(1);
  });

  it.each([
    ['at the least random', 0, BACKOFF_BASE_MS / 2],
    ['at the most random', 0.999_999, BACKOFF_BASE_MS],
  ])('pauses a target after a 503 without Retry-After, jittered (%s)', async (_name, random, pause) => {
    const gate = gateOf({
      store: newStore(),
      baseUrl: 'http://service.test',
      random: () => random,
    });
    const until = await gate.record(SITE, unavailable(null), NOW);
    expect(until).toBe(NOW + pause);
  });

  it.each<[string, LookupOutcome]>([
    ['503s', unavailable(null)],
    ['timeouts', TIMEOUT],
  ])('pauses the whole service after repeated %s, growing to a cap', async (_name, failure) => {
    const gate = gateOf({
      store: newStore(),
      baseUrl: 'http://service.test',
      random: () => 0.999_999,
    });
    await gate.record(SITE, failure, NOW);
    // One failure is not yet a pattern: other sites may still be asked.
    expect(await heldUntil(gate, OTHER, NOW)).toBeNull();
    await gate.record(SITE, failure, NOW);
    expect(await heldUntil(gate, OTHER, NOW)).toBe(NOW + BACKOFF_BASE_MS);
    await gate.record(SITE, failure, NOW);
    expect(await heldUntil(gate, OTHER, NOW)).toBe(NOW + 2 * BACKOFF_BASE_MS);
    for (let failures = 0; failures < 20; failures++) await gate.record(SITE, failure, NOW);
    expect(await heldUntil(gate, OTHER, NOW)).toBe(NOW + BACKOFF_CAP_MS);
  });

  it.each<[string, LookupOutcome]>([
    ['a report', REPORT],
    ['a 400', REJECTED],
  ])('forgets failures after %s', async (_name, answer) => {
    const gate = gateOf({ store: newStore(), baseUrl: 'http://service.test' });
    await gate.record(SITE, TIMEOUT, NOW);
    await gate.record(OTHER, unavailable(NOW + 60_000), NOW);
    expect(await heldUntil(gate, SITE, NOW)).not.toBeNull();
    await gate.record(OTHER, answer, NOW);
    expect(await heldUntil(gate, SITE, NOW)).toBeNull();
    expect(await heldUntil(gate, OTHER, NOW)).toBeNull();
    // The count starts again: one more failure does not pause the service.
    await gate.record(SITE, TIMEOUT, NOW);
    expect(await heldUntil(gate, OTHER, NOW)).toBeNull();
  });

  it('neither counts nor clears network failures: offline is not the service struggling', async () => {
    const gate = gateOf({ store: newStore(), baseUrl: 'http://service.test' });
    for (let failures = 0; failures < 5; failures++) await gate.record(SITE, OFFLINE, NOW);
    expect(await heldUntil(gate, OTHER, NOW)).toBeNull();
    await gate.record(SITE, TIMEOUT, NOW);
    await gate.record(SITE, OFFLINE, NOW);
    await gate.record(SITE, TIMEOUT, NOW);
    expect(await heldUntil(gate, OTHER, NOW)).not.toBeNull();
  });

  it('survives the worker: a new gate over the same storage still blocks', async () => {
    await gateOf({ store: newStore(), baseUrl: 'http://service.test' }).record(
      SITE,
      unavailable(NOW + 120_000),
      NOW,
    );
    const afterRestart = gateOf({ store: newStore(), baseUrl: 'http://service.test' });
    expect(await heldUntil(afterRestart, SITE, NOW + 60_000)).toBe(NOW + 120_000);
  });

  it('keeps each service base URL to itself', async () => {
    await gateOf({ store: newStore(), baseUrl: 'http://service.test' }).record(
      SITE,
      unavailable(NOW + 120_000),
      NOW,
    );
    const other = gateOf({ store: newStore(), baseUrl: 'http://other-service.test' });
    expect(await heldUntil(other, SITE, NOW)).toBeNull();
  });

  it('records concurrent failures without losing any', async () => {
    const gate = gateOf({
      store: newStore(),
      baseUrl: 'http://service.test',
      random: () => 0.999_999,
    });
    await Promise.all([
      gate.record(SITE, unavailable(NOW + 60_000), NOW),
      gate.record(OTHER, unavailable(NOW + 90_000), NOW),
    ]);
    expect(await heldUntil(gate, SITE, NOW)).toBe(NOW + 60_000);
    expect(await heldUntil(gate, OTHER, NOW)).toBe(NOW + 90_000);
  });

  it('purges target records whose time has passed', async () => {
    const gate = gateOf({ store: newStore(), baseUrl: 'http://service.test' });
    await gate.record(SITE, unavailable(NOW + 60_000), NOW);
    await gate.record(OTHER, unavailable(NOW + 180_000), NOW);
    await gate.purgeExpired(NOW + 120_000);
    const key = keyOf(RETRY_GATE_RECORD, encodeURIComponent('http://service.test'));
    const stored = await fakeBrowser.storage.local.get(key);
    const record = stored[key] as { targetNotBefore: Record<string, number> };
    expect(record.targetNotBefore).toEqual({ [OTHER]: NOW + 180_000 });
  });
});

describe('createRetryGate: the service being busy, and its quota', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });
  const gate = () =>
    gateOf({ store: newStore(), baseUrl: 'https://reports.example', random: () => 0.5 });
  const busy = (retryAt: number | null): LookupOutcome => ({
    kind: 'busy',
    retryAt,
    response: { status: 429, headers: {} },
  });
  const reportWith = (headers: Record<string, string>): LookupOutcome =>
    ({
      ...REPORT,
      response: { status: 200, headers },
    }) as LookupOutcome;

  it('a 429 pauses every site until its retry time, named as busy', async () => {
    const g = gate();
    await g.record(SITE, busy(NOW + 20_000), NOW);
    expect(await g.pauseFor(OTHER, NOW)).toStrictEqual({ until: NOW + 20_000, busy: true });
    expect(await g.admit(OTHER, NOW + 19_999)).toStrictEqual({ until: NOW + 20_000, busy: true });
    expect(await g.admit(OTHER, NOW + 20_000)).toBeNull();
    expect(await g.pauseFor(SITE, NOW)).toStrictEqual({ until: NOW + 20_000, busy: true });
  });

  it('a 429 naming no time pauses for a minute; one naming an absurd time is capped', async () => {
    const g = gate();
    await g.record(SITE, busy(null), NOW);
    expect((await g.pauseFor(OTHER, NOW))?.until).toBe(NOW + DEFAULT_BUSY_PAUSE_MS);
    await g.record(SITE, busy(NOW + 24 * 60 * 60_000), NOW);
    expect((await g.pauseFor(OTHER, NOW))?.until).toBe(NOW + MAX_BUSY_PAUSE_MS);
  });

  it('a 429 is no failure: it neither starts the backoff nor ends one', async () => {
    const g = gate();
    await g.record(SITE, busy(NOW + 1000), NOW);
    await g.record(SITE, busy(NOW + 1000), NOW);
    expect(await g.pauseFor(OTHER, NOW + 1000)).toBeNull();
  });

  it('spends the stated quota before each request and stops at none left', async () => {
    const g = gate();
    await g.record(SITE, reportWith({ 'ratelimit-remaining': '2', 'ratelimit-reset': '30' }), NOW);
    expect(await g.admit(OTHER, NOW)).toBeNull();
    expect(await g.admit(OTHER, NOW)).toBeNull();
    expect(await g.admit(OTHER, NOW)).toStrictEqual({ until: NOW + 30_000, busy: true });
    // The window reopens at the stated reset.
    expect(await g.admit(OTHER, NOW + 30_000)).toBeNull();
  });

  it('lets a request go once the spent lookup is written, and the next admit waits for the write', async () => {
    const g = gate();
    await g.record(SITE, reportWith({ 'ratelimit-remaining': '1', 'ratelimit-reset': '30' }), NOW);
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    let writeNow!: () => void;
    const held = new Promise<void>((resolve) => {
      writeNow = resolve;
    });
    const spy = vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementationOnce(async (items) => {
      await held;
      await set(items);
    });
    // Admitted once the write of the spent lookup is let through.
    const first = g.admit(OTHER, NOW);
    const next = g.admit(SITE, NOW);
    writeNow();
    expect(await first).toBeNull();
    expect(await next).toStrictEqual({ until: NOW + 30_000, busy: true });
    spy.mockRestore();
  });

  it('lets a request go when writing the spent lookup fails: the decision was made', async () => {
    const g = gate();
    await g.record(SITE, reportWith({ 'ratelimit-remaining': '5', 'ratelimit-reset': '30' }), NOW);
    const spy = vi
      .spyOn(fakeBrowser.storage.local, 'set')
      .mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
    expect(await g.admit(OTHER, NOW)).toBeNull();
    spy.mockRestore();
  });

  it('an answer saying none remain pauses until the reset; a later answer with more lifts it', async () => {
    const g = gate();
    await g.record(SITE, reportWith({ ratelimit: '"public-report";r=0;t=12' }), NOW);
    expect(await g.pauseFor(OTHER, NOW)).toStrictEqual({ until: NOW + 12_000, busy: true });
    await g.record(SITE, reportWith({ ratelimit: '"public-report";r=120;t=60' }), NOW + 12_000);
    expect(await g.pauseFor(OTHER, NOW + 12_000)).toBeNull();
  });

  it('without rate-limit headers nothing is counted', async () => {
    const g = gate();
    await g.record(SITE, REPORT, NOW);
    for (let i = 0; i < 300; i += 1) expect(await g.admit(OTHER, NOW)).toBeNull();
  });
});
