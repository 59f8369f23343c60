import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  CACHE_ENTRY_RECORD,
  CACHE_INDEX_RECORD,
  entryName,
  INDEX_PARTS,
  indexPartOf,
} from '../../../lib/cache/cache-records';
import { createReportCache } from '../../../lib/cache/report-cache';
import type { ScanReport } from '../../../lib/contract/report-schema';
import { DEFAULT_SERVICE_BASE_URL } from '../../../lib/contract/service-base-url';
import type { LookupOutcome } from '../../../lib/service/lookup-outcome';
import { STORAGE_VERSIONS_RECORD } from '../../../lib/storage/migrate-store';
import { decoded, keyOf, ownsKey } from '../../../lib/storage/record';
import { createStore } from '../../../lib/storage/store';
import { ALL_RECORDS } from '../../../lib/worker/stored-records';
import { fixtureReports } from '../../../reference-server/fixtures/reports';

// fixed date: the clock this test passes in, to the code under test and to the fixture reports
const START = Date.parse('2026-11-22T10:00:00Z');
const BASE_URL = 'http://service.test';
const report = fixtureReports(DEFAULT_SERVICE_BASE_URL, START).high;
const site = (n: number) => `http://site-${n}.example.com`;
/** Local storage, the index's parts read back from their text. */
async function storedLocal(): Promise<Record<string, unknown>> {
  const stored = await fakeBrowser.storage.local.get(null);
  return Object.fromEntries(
    Object.entries(stored).map(([key, value]) => [
      key,
      ownsKey(CACHE_INDEX_RECORD, key) ? decoded(CACHE_INDEX_RECORD, value) : value,
    ]),
  );
}

/** The key of the index part a site's row is in. */
const partKey = (origin: string) =>
  keyOf(CACHE_INDEX_RECORD, indexPartOf(entryName(BASE_URL, origin)));
/** `count` sites whose rows share one part of the index, so its share of the limits binds. */
function sitesInOnePart(count: number): string[] {
  const byPart = new Map<string, string[]>();
  for (let n = 0; ; n++) {
    const part = partKey(site(n));
    const sites = [...(byPart.get(part) ?? []), site(n)];
    if (sites.length === count) return sites;
    byPart.set(part, sites);
  }
}
/** Limits whose share for one part is `perPart`. */
const partShare = (perPart: { maxEntries: number; maxBytes: number }) => ({
  maxEntries: perPart.maxEntries * INDEX_PARTS,
  maxBytes: perPart.maxBytes * INDEX_PARTS,
});

function reportFor(target: string, cacheControl = 'max-age=300'): LookupOutcome {
  const body: ScanReport = { ...report, target, display_target: new URL(target).host };
  return {
    kind: 'report',
    report: body,
    response: { status: 200, headers: { 'cache-control': cacheControl } },
  };
}

function setUp(limits?: { maxEntries: number; maxBytes: number }, baseUrl = BASE_URL) {
  let clock = START;
  // A new store, as a new worker has: the cache writes through it.
  const store = createStore({ records: ALL_RECORDS, warn: () => {} });
  const reportCache = createReportCache({ store, now: () => clock, ...(limits ? { limits } : {}) });
  // The cache of one service, as the lookup uses it.
  const cache = {
    get: (origin: string) => reportCache.get(baseUrl, origin),
    put: (origin: string, outcome: LookupOutcome, receivedAt: number) =>
      reportCache.put(baseUrl, origin, outcome, receivedAt, store.epoch()),
    purgeExpired: () => reportCache.purgeExpired(),
  };
  return {
    cache,
    store,
    advance(ms: number) {
      clock += ms;
    },
    now: () => clock,
  };
}

const cachedTargets = async (cache: ReturnType<typeof setUp>['cache'], targets: string[]) => {
  const present: string[] = [];
  for (const target of targets) if (await cache.get(target)) present.push(target);
  return present;
};

/** Keys in local storage but the store's own versions, for checking what the cache leaves. */
const localKeys = async () =>
  Object.keys(await fakeBrowser.storage.local.get()).filter(
    (key) => key !== STORAGE_VERSIONS_RECORD.key,
  );

describe('createReportCache', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('keeps a report with its freshness, judged again at every read', async () => {
    const { cache, advance } = setUp();
    await cache.put(site(1), reportFor(site(1)), START);
    expect(await cache.get(site(1))).toMatchObject({
      receivedAt: START,
      outcome: { kind: 'report' },
      verdict: { freshness: 'fresh' },
    });
    advance(300_000);
    expect(await cache.get(site(1))).toBeNull();
    // Expired entries go from storage too, and their row; only the (now empty) part stays.
    expect(await localKeys()).toEqual([partKey(site(1))]);
    expect((await storedLocal())[partKey(site(1))]).toEqual({});
  });

  it('survives the worker: a new cache over the same storage serves the entry', async () => {
    const { cache } = setUp();
    await cache.put(site(1), reportFor(site(1)), START);
    const afterRestart = setUp().cache;
    expect(await afterRestart.get(site(1))).toMatchObject({ verdict: { freshness: 'fresh' } });
  });

  it('reads a kept report for its shape, not for formats an earlier version read otherwise', async () => {
    const { cache } = setUp();
    // z.url(), which an earlier version read `format: uri` with, allows a space RFC 3986 does not.
    const earlier = { ...report, report_url: 'https://is-agentic.com/report?site=a b' };
    await cache.put(site(1), { ...reportFor(site(1)), report: earlier } as LookupOutcome, START);
    expect(await cache.get(site(1))).toMatchObject({ outcome: { report: earlier } });
    const key = keyOf(CACHE_ENTRY_RECORD, entryName(BASE_URL, site(1)));
    const entry = (await fakeBrowser.storage.local.get(key))[key] as { outcome: object };
    const { score_breakdown: _dropped, ...shapeless } = earlier;
    await fakeBrowser.storage.local.set({
      [key]: { ...entry, outcome: { ...entry.outcome, report: shapeless } },
    });
    expect(await setUp().cache.get(site(1))).toBeNull();
  });

  it('never serves an entry to another base URL', async () => {
    await setUp().cache.put(site(1), reportFor(site(1)), START);
    expect(await setUp(undefined, 'http://other-service.test').cache.get(site(1))).toBeNull();
  });

  it('drops the older copy when a new answer may not be stored', async () => {
    const { cache } = setUp();
    await cache.put(site(1), reportFor(site(1)), START);
    await cache.put(site(1), reportFor(site(1), 'no-store'), START + 1000);
    expect(await cache.get(site(1))).toBeNull();
  });

  it.each<[string, LookupOutcome]>([
    ['a 503', { kind: 'unavailable', retryAt: null, response: { status: 503, headers: {} } }],
    ['a timeout', { kind: 'timeout', timeoutMs: 8000 }],
    ['a 400', { kind: 'invalid-request', message: null, response: { status: 400, headers: {} } }],
    ['an invalid response', { kind: 'invalid-response', problem: 'x', response: null }],
  ])('stores nothing for %s, and keeps the older copy', async (_name, failure) => {
    const { cache } = setUp();
    await cache.put(site(1), reportFor(site(1), 'max-age=0, stale-if-error=600'), START);
    await cache.put(site(1), failure, START + 1000);
    await cache.put(site(2), failure, START + 1000);
    expect(await cache.get(site(1))).toMatchObject({ verdict: { usableOnError: true } });
    expect(await cache.get(site(2))).toBeNull();
  });

  it('reads one storage record per lookup, whatever the number of entries', async () => {
    const { cache, advance } = setUp();
    for (let n = 0; n < 200; n++) await cache.put(site(n), reportFor(site(n)), START);
    advance(1_000);
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    expect(await cache.get(site(7))).not.toBeNull();
    expect(get).toHaveBeenCalledTimes(1);
    expect(set).not.toHaveBeenCalled();
  });

  it('keeps only the caching headers of a response', async () => {
    const { cache } = setUp();
    const outcome = reportFor(site(1));
    if (outcome.kind !== 'report') throw new Error('fixture');
    outcome.response.headers = {
      'cache-control': 'max-age=300',
      date: new Date(START).toUTCString(),
      'content-type': 'application/json',
      'set-cookie': 'session=secret',
      server: 'reference',
    };
    await cache.put(site(1), outcome, START);
    const cached = await cache.get(site(1));
    expect(cached?.outcome.response.headers).toEqual({
      'cache-control': 'max-age=300',
      date: new Date(START).toUTCString(),
    });
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('secret');
  });

  it('evicts the least recently stored beyond the entry limit, down to 90 % of it', async () => {
    const { cache } = setUp(partShare({ maxEntries: 3, maxBytes: 1024 * 1024 }));
    const [one, two, three, four] = sitesInOnePart(4) as [string, string, string, string];
    for (const origin of [one, two, three]) await cache.put(origin, reportFor(origin), START);
    // Stored again, as a site in use is: the second is now the least recently stored.
    await cache.put(one, reportFor(one), START);
    await cache.put(four, reportFor(four), START);
    // 90 % of three is two entries: the second and third were stored least recently.
    expect(await cachedTargets(cache, [one, two, three, four])).toEqual([one, four]);
  });

  it('holds each part of the index to its share: a site elsewhere evicts nothing', async () => {
    const { cache } = setUp(partShare({ maxEntries: 2, maxBytes: 1024 * 1024 }));
    const [one, two] = sitesInOnePart(2) as [string, string];
    const elsewhere = [0, 1, 2, 3, 4, 5, 6, 7]
      .map(site)
      .filter((origin) => partKey(origin) !== partKey(one));
    for (const origin of [one, two, ...elsewhere])
      await cache.put(origin, reportFor(origin), START);
    expect(await cachedTargets(cache, [one, two])).toEqual([one, two]);
  });

  it('evicts beyond the byte limit, and never stores an entry larger than the limit', async () => {
    // The size of one entry and its row, as the index counts them.
    await setUp().cache.put(site(1), reportFor(site(1)), START);
    const stored = await storedLocal();
    const entryBytes = new TextEncoder().encode(JSON.stringify(stored)).length;
    expect(entryBytes).toBeGreaterThan(500);
    fakeBrowser.reset();
    const { cache } = setUp(partShare({ maxEntries: 100, maxBytes: Math.round(entryBytes * 2.5) }));
    const sites = sitesInOnePart(3);
    for (const origin of sites) await cache.put(origin, reportFor(origin), START);
    expect(await cachedTargets(cache, sites)).toEqual(sites.slice(1));

    const tiny = setUp(partShare({ maxEntries: 100, maxBytes: 100 })).cache;
    await tiny.put(site(9), reportFor(site(9)), START);
    expect(await tiny.get(site(9))).toBeNull();
  });

  it('evicts and retries on a quota error, and never touches other stored data', async () => {
    const { cache, store } = setUp();
    // Stored after the store's migrations at start, which are not the cache's doing.
    await store.ready;
    await fakeBrowser.storage.local.set({ settings: { automatic: true } });
    const [one, two, three, four, five] = sitesInOnePart(5) as [
      string,
      string,
      string,
      string,
      string,
    ];
    for (const [at, origin] of [one, two, three, four].entries())
      await cache.put(origin, reportFor(origin), START + at);
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    set.mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
    await cache.put(five, reportFor(five), START + 10);
    expect(await cache.get(five)).not.toBeNull();
    // A quarter of the four older entries in its part, the least recently stored, made room.
    expect(await cachedTargets(cache, [one, two, three, four])).toEqual([two, three, four]);
    expect(await fakeBrowser.storage.local.get('settings')).toEqual({
      settings: { automatic: true },
    });
  });

  it('gives up caching, without failing, when the quota stays exceeded', async () => {
    const { cache } = setUp();
    await cache.put(site(1), reportFor(site(1)), START);
    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValue(
      new Error('QUOTA_BYTES quota exceeded'),
    );
    await expect(cache.put(site(2), reportFor(site(2)), START)).resolves.toBeUndefined();
  });

  it('lets other storage errors through', async () => {
    const { cache } = setUp();
    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValue(new Error('disk on fire'));
    await expect(cache.put(site(1), reportFor(site(1)), START)).rejects.toThrow('disk on fire');
  });

  it('purges expired entries and older formats, and lists every entry in the index again', async () => {
    const { cache, advance } = setUp();
    await cache.put(site(1), reportFor(site(1), 'max-age=60'), START);
    await cache.put(site(2), reportFor(site(2), 'max-age=600'), START);
    const name2 = `${encodeURIComponent(BASE_URL)}|${site(2)}`;
    await fakeBrowser.storage.local.set({
      'report-cache:http%3A%2F%2Fservice.test|http://old.example.com': { expiresAt: 0 },
      'report-cache:v1:http%3A%2F%2Fservice.test|http://old.example.com': { receivedAt: 0 },
      'report-cache-index:v1': {},
      'report-cache-totals:v2': { entries: 7, bytes: 1 },
      'report-cache-rows:3': {},
      // The index before it was split.
      'report-cache-index:v2': { [name2]: {} },
      // A part that lost its rows.
      [partKey(site(2))]: {},
      settings: { automatic: true },
    });
    advance(120_000);
    await cache.purgeExpired();
    expect((await localKeys()).sort()).toEqual(
      [`report-cache:v2:${name2}`, partKey(site(2)), 'settings'].sort(),
    );
    const part = (await storedLocal())[partKey(site(2))];
    expect(Object.keys(part as object)).toEqual([name2]);
  });
});

describe('the index beside the entries', () => {
  beforeEach(() => fakeBrowser.reset());

  /** Every row kept, by name, and every entry kept, by name. */
  async function rowsAndEntries() {
    const stored = await storedLocal();
    const rows = Object.entries(stored)
      .filter(([key]) => ownsKey(CACHE_INDEX_RECORD, key))
      .flatMap(([, part]) => Object.keys(part as object));
    const entries = Object.keys(stored)
      .filter((key) => key.startsWith('report-cache:v2:'))
      .map((key) => key.slice('report-cache:v2:'.length));
    return { rows: rows.sort(), entries: entries.sort() };
  }

  it('keeps one row per entry through answers, replacements, expiry, eviction and purges', async () => {
    // Sites of one part, so that its share of the limits binds.
    const sites = sitesInOnePart(7);
    const operation = fc.oneof(
      fc.record({
        put: fc.integer({ min: 0, max: 6 }),
        cacheControl: fc.constantFrom('max-age=60', 'max-age=3600', 'no-store', 'max-age=0'),
      }),
      fc.record({ get: fc.integer({ min: 0, max: 6 }) }),
      fc.record({ advance: fc.constantFrom(30_000, 120_000, 7_200_000) }),
      fc.constant({ purge: true }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { maxLength: 25 }), async (operations) => {
        fakeBrowser.reset();
        // Small enough that the later answers evict the earlier ones.
        const { cache, advance, now } = setUp(partShare({ maxEntries: 4, maxBytes: 1_000_000 }));
        for (const op of operations) {
          if ('put' in op) {
            const origin = sites[op.put] as string;
            await cache.put(origin, reportFor(origin, op.cacheControl), now());
          } else if ('get' in op) await cache.get(sites[op.get] as string);
          else if ('advance' in op) advance(op.advance);
          else await cache.purgeExpired();
        }
        const { rows, entries } = await rowsAndEntries();
        expect(rows).toEqual(entries);
        expect(entries.length).toBeLessThanOrEqual(4);
      }),
      { numRuns: 80 },
    );
  });
});
