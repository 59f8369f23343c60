import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  BACKOFF_BASE_MS,
  BACKOFF_CAP_MS,
  backoffDelayMs,
  createRetryGate,
} from '../../../lib/cache/retry-gate';
import type { LookupOutcome } from '../../../lib/service/lookup-outcome';
import { fixtureReports } from '../../fixtures/reports';

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
  report: fixtureReports().high,
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
    const gate = createRetryGate({ baseUrl: 'http://service.test' });
    expect(await gate.record(SITE, unavailable(NOW + 120_000), NOW)).toBe(NOW + 120_000);
    expect(await gate.blockedUntil(SITE, NOW + 119_999)).toBe(NOW + 120_000);
    expect(await gate.blockedUntil(SITE, NOW + 120_000)).toBeNull();
    expect(await gate.blockedUntil(OTHER, NOW)).toBeNull();
  });

  it.each([
    ['at the least random', 0, BACKOFF_BASE_MS / 2],
    ['at the most random', 0.999_999, BACKOFF_BASE_MS],
  ])('pauses a target after a 503 without Retry-After, jittered (%s)', async (_name, random, pause) => {
    const gate = createRetryGate({ baseUrl: 'http://service.test', random: () => random });
    const until = await gate.record(SITE, unavailable(null), NOW);
    expect(until).toBe(NOW + pause);
  });

  it.each<[string, LookupOutcome]>([
    ['503s', unavailable(null)],
    ['timeouts', TIMEOUT],
  ])('pauses the whole service after repeated %s, growing to a cap', async (_name, failure) => {
    const gate = createRetryGate({ baseUrl: 'http://service.test', random: () => 0.999_999 });
    await gate.record(SITE, failure, NOW);
    // One failure is not yet a pattern: other sites may still be asked.
    expect(await gate.blockedUntil(OTHER, NOW)).toBeNull();
    await gate.record(SITE, failure, NOW);
    expect(await gate.blockedUntil(OTHER, NOW)).toBe(NOW + BACKOFF_BASE_MS);
    await gate.record(SITE, failure, NOW);
    expect(await gate.blockedUntil(OTHER, NOW)).toBe(NOW + 2 * BACKOFF_BASE_MS);
    for (let failures = 0; failures < 20; failures++) await gate.record(SITE, failure, NOW);
    expect(await gate.blockedUntil(OTHER, NOW)).toBe(NOW + BACKOFF_CAP_MS);
  });

  it.each<[string, LookupOutcome]>([
    ['a report', REPORT],
    ['a 400', REJECTED],
  ])('forgets failures after %s', async (_name, answer) => {
    const gate = createRetryGate({ baseUrl: 'http://service.test' });
    await gate.record(SITE, TIMEOUT, NOW);
    await gate.record(OTHER, unavailable(NOW + 60_000), NOW);
    expect(await gate.blockedUntil(SITE, NOW)).not.toBeNull();
    await gate.record(OTHER, answer, NOW);
    expect(await gate.blockedUntil(SITE, NOW)).toBeNull();
    expect(await gate.blockedUntil(OTHER, NOW)).toBeNull();
    // The count starts again: one more failure does not pause the service.
    await gate.record(SITE, TIMEOUT, NOW);
    expect(await gate.blockedUntil(OTHER, NOW)).toBeNull();
  });

  it('neither counts nor clears network failures: offline is not the service struggling', async () => {
    const gate = createRetryGate({ baseUrl: 'http://service.test' });
    for (let failures = 0; failures < 5; failures++) await gate.record(SITE, OFFLINE, NOW);
    expect(await gate.blockedUntil(OTHER, NOW)).toBeNull();
    await gate.record(SITE, TIMEOUT, NOW);
    await gate.record(SITE, OFFLINE, NOW);
    await gate.record(SITE, TIMEOUT, NOW);
    expect(await gate.blockedUntil(OTHER, NOW)).not.toBeNull();
  });

  it('survives the worker: a new gate over the same storage still blocks', async () => {
    await createRetryGate({ baseUrl: 'http://service.test' }).record(
      SITE,
      unavailable(NOW + 120_000),
      NOW,
    );
    const afterRestart = createRetryGate({ baseUrl: 'http://service.test' });
    expect(await afterRestart.blockedUntil(SITE, NOW + 60_000)).toBe(NOW + 120_000);
  });

  it('keeps each service base URL to itself', async () => {
    await createRetryGate({ baseUrl: 'http://service.test' }).record(
      SITE,
      unavailable(NOW + 120_000),
      NOW,
    );
    const other = createRetryGate({ baseUrl: 'http://other-service.test' });
    expect(await other.blockedUntil(SITE, NOW)).toBeNull();
  });

  it('records concurrent failures without losing any', async () => {
    const gate = createRetryGate({ baseUrl: 'http://service.test', random: () => 0.999_999 });
    await Promise.all([
      gate.record(SITE, unavailable(NOW + 60_000), NOW),
      gate.record(OTHER, unavailable(NOW + 90_000), NOW),
    ]);
    expect(await gate.blockedUntil(SITE, NOW)).toBe(NOW + 60_000);
    expect(await gate.blockedUntil(OTHER, NOW)).toBe(NOW + 90_000);
  });

  it('purges target records whose time has passed', async () => {
    const gate = createRetryGate({ baseUrl: 'http://service.test' });
    await gate.record(SITE, unavailable(NOW + 60_000), NOW);
    await gate.record(OTHER, unavailable(NOW + 180_000), NOW);
    await gate.purgeExpired(NOW + 120_000);
    const stored = await fakeBrowser.storage.local.get();
    const record = Object.values(stored)[0] as { targetNotBefore: Record<string, number> };
    expect(record.targetNotBefore).toEqual({ [OTHER]: NOW + 180_000 });
  });
});
