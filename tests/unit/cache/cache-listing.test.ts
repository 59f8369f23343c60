import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type ListedSite, listCachedSites, readKeptReport } from '../../../lib/cache/cache-listing';
import { CACHE_INDEX_RECORD, INDEX_PART_IDS, issueCounts } from '../../../lib/cache/cache-records';
import { createReportCache } from '../../../lib/cache/report-cache';
import { DEFAULT_SERVICE_BASE_URL } from '../../../lib/contract/service-base-url';
import type { LookupOutcome } from '../../../lib/service/lookup-outcome';
import { keyOf } from '../../../lib/storage/record';
import { createStore } from '../../../lib/storage/store';
import { ALL_RECORDS } from '../../../lib/worker/stored-records';
import { fixtureReports } from '../../../reference-server/fixtures/reports';

// fixed date: the clock this test passes in, to the code under test and to the fixture reports
const START = Date.parse('2026-11-22T10:00:00Z');
const SERVICE = 'http://service.test';
const report = fixtureReports(DEFAULT_SERVICE_BASE_URL, START).high;

const answer = (cacheControl: string): LookupOutcome => ({
  kind: 'report',
  report,
  response: { status: 200, headers: { 'cache-control': cacheControl } },
});

const noReport = (cacheControl: string): LookupOutcome => ({
  kind: 'no-report',
  message: null,
  scanUrl: null,
  documentationUrl: null,
  response: { status: 404, headers: { 'cache-control': cacheControl } },
});

/** A cache written at START, as the worker keeps it. */
function setUp(now = START) {
  const store = createStore({ records: ALL_RECORDS, warn: () => {} });
  const cache = createReportCache({ store, now: () => now });
  return {
    cache,
    put: (origin: string, outcome: LookupOutcome, baseUrl = SERVICE) =>
      cache.put(baseUrl, origin, outcome, START, store.epoch()),
  };
}

const listedAt = (now: number) => listCachedSites({ baseUrl: SERVICE, now });
const byOrigin = (sites: ListedSite[]) => [...sites].sort((a, b) => (a.origin < b.origin ? -1 : 1));

describe('listing the kept answers', () => {
  beforeEach(() => fakeBrowser.reset());

  it('reads the index while the base URL is still on its way, and lists by it', async () => {
    const { put } = setUp();
    await put('https://b.example.com', answer('max-age=3600'));
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    let give: (baseUrl: string) => void = () => {};
    const listing = listCachedSites({
      baseUrl: new Promise<string>((resolve) => {
        give = resolve;
      }),
      now: START,
    });
    expect(get).toHaveBeenCalledTimes(1);
    give(SERVICE);
    expect((await listing).map((site) => site.origin)).toEqual(['https://b.example.com']);
  });

  it('lists every answer of one service with its row, and none of another', async () => {
    const { put } = setUp();
    // Past its max-age but allowed to stand in for a failure: listed, and stale.
    await put('https://a.example.com', answer('max-age=60, stale-if-error=3600'));
    await put('https://b.example.com', answer('max-age=3600'));
    await put('https://c.example.com', noReport('max-age=3600'));
    await put('https://d.example.com', answer('max-age=3600'), 'http://other.test');

    const listed = byOrigin(await listedAt(START + 120_000));
    expect(listed.map((site) => [site.origin, site.kind, site.fresh])).toEqual([
      ['https://a.example.com', 'report', false],
      ['https://b.example.com', 'report', true],
      ['https://c.example.com', 'no-report', true],
    ]);
    expect(listed[1]).toMatchObject({
      receivedAt: START,
      score: report.score,
      label: report.score_label,
      scannedAt: report.scanned_at,
      issues: issueCounts(report),
    });
    expect(listed[2]).toMatchObject({ score: null, issues: null });
  });

  it('leaves out expired answers without removing anything', async () => {
    await setUp().put('https://a.example.com', answer('max-age=60'));
    const before = await fakeBrowser.storage.local.get(null);
    expect(await listedAt(START + 120_000)).toEqual([]);
    expect(await fakeBrowser.storage.local.get(null)).toEqual(before);
  });

  it('lists nothing from a damaged index, until the purge lists the entries again', async () => {
    const { cache, put } = setUp();
    await put('https://a.example.com', answer('max-age=600'));
    await put('https://b.example.com', noReport('max-age=600'));
    const listed = byOrigin(await listedAt(START + 1000));
    expect(listed).toHaveLength(2);
    await fakeBrowser.storage.local.set(
      Object.fromEntries(INDEX_PART_IDS.map((id) => [keyOf(CACHE_INDEX_RECORD, id), 'damaged'])),
    );
    expect(await listedAt(START + 1000)).toEqual([]);
    await cache.purgeExpired();
    expect(byOrigin(await listedAt(START + 1000))).toEqual(listed);
  });

  it("says of each kept answer what the cache's own reading says, at any later time", async () => {
    const directives = fc.constantFrom(
      'max-age=60',
      'max-age=600, stale-while-revalidate=600',
      'max-age=60, stale-if-error=86400',
      'max-age=0, must-revalidate',
      'max-age=999999999',
      'no-cache',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(directives, fc.boolean()), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 2 * 86_400_000 }),
        async (answers, later) => {
          fakeBrowser.reset();
          const { put } = setUp();
          for (const [index, [cacheControl, found]] of answers.entries()) {
            await put(
              `https://s${index}.example.com`,
              found ? answer(cacheControl) : noReport(cacheControl),
            );
          }
          const listed = await listedAt(START + later);
          // The cache's own judgement of each entry, at the same time.
          const judging = setUp(START + later).cache;
          for (const site of listed) {
            const cached = await judging.get(SERVICE, site.origin);
            expect(cached, site.origin).not.toBeNull();
            expect(site.fresh).toBe(cached?.verdict.freshness === 'fresh');
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('reading one kept report', () => {
  beforeEach(() => fakeBrowser.reset());

  it('gives the report while it can serve, and null for none, "no report" or expired', async () => {
    const { put } = setUp();
    await put('https://a.example.com', answer('max-age=60'));
    await put('https://b.example.com', noReport('max-age=600'));
    const read = (origin: string, at: number) => readKeptReport(SERVICE, origin, at);
    expect(await read('https://a.example.com', START + 1000)).toEqual(report);
    expect(await read('https://a.example.com', START + 120_000)).toBeNull();
    expect(await read('https://b.example.com', START + 1000)).toBeNull();
    expect(await read('https://none.example.com', START + 1000)).toBeNull();
  });
});
