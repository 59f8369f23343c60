import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type ListedSite, listCachedSites, readKeptReport } from '../../../lib/cache/cache-listing';
import { ALL_ROW_SHARD_KEYS, issueCounts } from '../../../lib/cache/cache-rows';
import { createReportCache } from '../../../lib/cache/report-cache';
import type { LookupOutcome } from '../../../lib/service/lookup-outcome';
import { DEFAULT_SERVICE_BASE_URL } from '../../../lib/service/service-base-url';
import { createRecordStore } from '../../../lib/storage/record-store';
import { CACHE_TOTALS_RECORD } from '../../../lib/storage/records';
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

const listedAt = (at: number) => listCachedSites({ baseUrl: SERVICE, now: () => at });
/** What the page shows of a listed site: its times may differ by a rounding when judged later. */
const shown = (sites: ListedSite[]) =>
  byTarget(sites).map(({ freshUntil: _fresh, usableUntil: _usable, ...site }) => site);
const byTarget = (sites: ListedSite[]) => [...sites].sort((a, b) => (a.origin < b.origin ? -1 : 1));

/** Drops the rows, as a version that kept none left the cache. */
const dropRows = () => fakeBrowser.storage.local.remove([...ALL_ROW_SHARD_KEYS]);

describe('listing the kept answers', () => {
  beforeEach(() => fakeBrowser.reset());

  it('lists every answer of one service with its row, and none of another', async () => {
    const store = createRecordStore({ warn: () => {} });
    const cache = createReportCache({ store, baseUrl: SERVICE, now: () => START });
    const other = createReportCache({ store, baseUrl: 'http://other.test', now: () => START });
    // Past its max-age but allowed to stand in for a failure: listed, and stale.
    await cache.put('https://a.example.com', answer('max-age=60, stale-if-error=3600'), START);
    await cache.put('https://b.example.com', answer('max-age=3600'), START);
    await cache.put('https://c.example.com', noReport('max-age=3600'), START);
    await other.put('https://d.example.com', answer('max-age=3600'), START);

    const listed = byTarget(await listedAt(START + 120_000));
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
    const store = createRecordStore({ warn: () => {} });
    const cache = createReportCache({ store, baseUrl: SERVICE, now: () => START });
    await cache.put('https://a.example.com', answer('max-age=60'), START);
    const before = await fakeBrowser.storage.local.get(null);
    expect(await listedAt(START + 120_000)).toEqual([]);
    await dropRows();
    expect(await listedAt(START + 120_000)).toEqual([]);
    expect(Object.keys(await fakeBrowser.storage.local.get(null))).toEqual(
      Object.keys(before).filter((key) => !ALL_ROW_SHARD_KEYS.includes(key)),
    );
  });

  it('reads the entries themselves when the rows do not account for them, with the same result', async () => {
    const store = createRecordStore({ warn: () => {} });
    const cache = createReportCache({ store, baseUrl: SERVICE, now: () => START });
    await cache.put('https://a.example.com', answer('max-age=600'), START);
    await cache.put('https://b.example.com', noReport('max-age=600'), START);
    const fromRows = await listedAt(START + 1000);
    await dropRows();
    expect(byTarget(await listedAt(START + 1000))).toEqual(byTarget(fromRows));
    // A damaged shard reads as empty: the count no longer adds up, and the entries are read.
    await cache.purgeExpired();
    await fakeBrowser.storage.local.set({ [ALL_ROW_SHARD_KEYS[0] as string]: 'damaged' });
    await fakeBrowser.storage.local.set({
      [CACHE_TOTALS_RECORD.key]: { entries: 2, bytes: 1 },
    });
    expect(byTarget(await listedAt(START + 1000))).toEqual(byTarget(fromRows));
    // So does a shard with one row of the wrong shape.
    await cache.purgeExpired();
    const stored = await fakeBrowser.storage.local.get([...ALL_ROW_SHARD_KEYS]);
    const [shardKey, shard] = Object.entries(stored).find(([, value]) => value) as [
      string,
      Record<string, object>,
    ];
    const [name, row] = Object.entries(shard)[0] as [string, object];
    await fakeBrowser.storage.local.set({
      [shardKey]: { ...shard, [name]: { ...row, score: '7' } },
    });
    expect(byTarget(await listedAt(START + 1000))).toEqual(byTarget(fromRows));
  });

  it('says of each kept answer what its policy says, at any later time, whether read from rows or entries', async () => {
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
          const store = createRecordStore({ warn: () => {} });
          const cache = createReportCache({ store, baseUrl: SERVICE, now: () => START });
          for (const [index, [cacheControl, found]] of answers.entries()) {
            const outcome = found ? answer(cacheControl) : noReport(cacheControl);
            await cache.put(`https://s${index}.example.com`, outcome, START);
          }
          const fromRows = shown(await listedAt(START + later));
          // The cache's own judgement of each entry, at the same time.
          const judging = createReportCache({ store, baseUrl: SERVICE, now: () => START + later });
          await dropRows();
          expect(shown(await listedAt(START + later))).toEqual(fromRows);
          for (const site of fromRows) {
            const cached = await judging.get(site.origin);
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
    const store = createRecordStore({ warn: () => {} });
    const cache = createReportCache({ store, baseUrl: SERVICE, now: () => START });
    await cache.put('https://a.example.com', answer('max-age=60'), START);
    await cache.put('https://b.example.com', noReport('max-age=600'), START);
    const read = (target: string, at: number) =>
      readKeptReport({ baseUrl: SERVICE, target, now: () => at });
    expect(await read('https://a.example.com', START + 1000)).toEqual(report);
    expect(await read('https://a.example.com', START + 120_000)).toBeNull();
    expect(await read('https://b.example.com', START + 1000)).toBeNull();
    expect(await read('https://c.example.com', START + 1000)).toBeNull();
  });
});
