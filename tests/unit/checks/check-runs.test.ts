/**
 * A run's record has a life: the worker starts it (never for a private window's tab), only the
 * run that started it settles it, a page that went away leaves it abandoned, nothing is
 * written after "clear all local data", a late message never moves it back, and records are
 * bounded in number and size.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  CHECK_RUN_RECORD,
  type CheckRun,
  MAX_KEPT_RUNS,
  MAX_RUN_CHARS,
} from '../../../lib/checks/check-run-record';
import { type CheckRuns, createCheckRuns } from '../../../lib/checks/check-runs';
import { LIMITS } from '../../../lib/checks/evidence';
import { createLookupLog } from '../../../lib/history/lookup-log';
import { createStore, type Store } from '../../../lib/storage/store';
import { ALL_RECORDS } from '../../../lib/worker/stored-records';
import { readLookupLog } from '../../support/lookup-log';

const SITE = 'https://a.example.com';
const PRIVATE_TAB = 9;

let now = 1_000_000;
let store: Store;
let runs: CheckRuns;

beforeEach(() => {
  fakeBrowser.reset();
  now = 1_000_000;
  store = createStore({ records: ALL_RECORDS, warn: () => {} });
  runs = createCheckRuns({
    store,
    log: createLookupLog({ store, now: () => now }),
    now: () => now,
    isPrivateTab: async (tabId) => tabId === PRIVATE_TAB,
  });
});

const stored = (origin = SITE) => store.read(CHECK_RUN_RECORD, origin);
const from = { privateWindow: false };

async function started(origin = SITE): Promise<CheckRun> {
  const start = await runs.start({ origin, tabId: 1, quick: true }, from);
  if (!start.ok) throw new Error('refused');
  return start.run;
}

const ended = (run: CheckRun, change: Partial<CheckRun> = {}): CheckRun => ({
  ...run,
  state: 'done',
  ms: 40,
  homeReachable: true,
  results: [
    {
      id: 'sitemap',
      name: 'Sitemap exists',
      tier: 'recommended',
      surface: false,
      live: { level: 'pass', note: ['noteSitemap', '2', '/sitemap.xml'], paths: [] },
    },
  ],
  ...change,
});

describe('a check run record', () => {
  it('is started by the worker as running, and noted in the log', async () => {
    const run = await started();
    expect(await stored()).toEqual(run);
    expect(run.state).toBe('running');
    expect((await readLookupLog())[0]).toMatchObject({ origin: SITE, outcome: 'check-running' });
  });

  it("is refused for a private window's tab, as the browser tells it, or a page in a private window", async () => {
    expect(await runs.start({ origin: SITE, tabId: PRIVATE_TAB, quick: true }, from)).toEqual({
      ok: false,
      reason: 'private',
    });
    expect(
      await runs.start({ origin: SITE, tabId: null, quick: true }, { privateWindow: true }),
    ).toEqual({ ok: false, reason: 'private' });
    expect(await stored()).toBeNull();
    expect(await readLookupLog()).toEqual([]);
  });

  it('is settled by the run that started it, and the log line with it', async () => {
    const run = await started();
    expect(await runs.finish(ended(run))).toBe(true);
    expect(await stored()).toMatchObject({ id: run.id, state: 'done', at: run.at });
    expect((await readLookupLog())[0]).toMatchObject({ outcome: 'check-run' });
  });

  it('is not moved back by a late message, nor settled by another run', async () => {
    const run = await started();
    await runs.finish(ended(run));
    expect(await runs.finish(ended(run, { state: 'cancelled' }))).toBe(false);
    expect(await runs.finish({ ...run, state: 'running' })).toBe(false);
    expect(await runs.finish(ended(run, { id: 'another' }))).toBe(false);
    expect((await stored())?.state).toBe('done');
  });

  it('is abandoned when its page goes away mid-run, and then stays so', async () => {
    const run = await started();
    await runs.abandon(SITE, run.id);
    expect((await stored())?.state).toBe('abandoned');
    expect((await readLookupLog())[0]).toMatchObject({ outcome: 'check-abandoned' });
    expect(await runs.finish(ended(run))).toBe(false);
    expect((await stored())?.state).toBe('abandoned');
  });

  it('a page closed after handing its run back leaves it done', async () => {
    const run = await started();
    await runs.finish(ended(run));
    await runs.abandon(SITE, run.id);
    expect((await stored())?.state).toBe('done');
  });

  it('is abandoned when found still running long after its time limit (its worker was stopped)', async () => {
    const run = await started();
    await runs.reconcile();
    expect((await stored())?.state).toBe('running');
    now = run.at + LIMITS.runMs + 60_000;
    await runs.reconcile();
    expect((await stored())?.state).toBe('abandoned');
  });

  it('writes nothing back after "clear all local data", neither the record nor the log line', async () => {
    const run = await started();
    await store.clearLocalData();
    expect(await runs.finish(ended(run))).toBe(false);
    expect(await stored()).toBeNull();
    expect(await readLookupLog()).toEqual([]);
  });

  it(`keeps the newest ${MAX_KEPT_RUNS} sites' runs`, async () => {
    for (let index = 0; index < MAX_KEPT_RUNS + 3; index++) {
      now += 1_000;
      await started(`https://s${index}.example.com`);
    }
    const keys = Object.keys(await fakeBrowser.storage.session.get(null)).filter((key) =>
      key.startsWith(CHECK_RUN_RECORD.key),
    );
    expect(keys).toHaveLength(MAX_KEPT_RUNS);
    expect(await stored('https://s0.example.com')).toBeNull();
    expect(await stored(`https://s${MAX_KEPT_RUNS + 2}.example.com`)).not.toBeNull();
  });

  it('cuts what does not fit, marks it cut, and keeps it rather than refusing it', async () => {
    const run = await started();
    const big = ended(run, {
      results: Array.from({ length: 200 }, (_, index) => ({
        id: `check-${index}`,
        name: 'x'.repeat(200),
        tier: null,
        surface: false,
        live: {
          level: 'unknown' as const,
          note: ['checkWhyNoProbe', 'x'.repeat(2_000)] as CheckRun['info'][number],
          paths: [],
        },
      })),
    });
    expect(await runs.finish(big)).toBe(true);
    const kept = await stored();
    expect(kept?.cut).toBe(true);
    expect(kept?.state).toBe('done');
    expect(JSON.stringify(kept).length).toBeLessThanOrEqual(MAX_RUN_CHARS);
    expect(kept?.results.length).toBeGreaterThan(0);
  });
});
