import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createReportCache, listCachedAnswers } from '../../../lib/cache/report-cache';
import type { LookupOutcome } from '../../../lib/service/lookup-outcome';
import { createRecordStore } from '../../../lib/storage/record-store';
import { fixtureReports } from '../../fixtures/reports';

const START = Date.parse('2026-11-22T10:00:00Z');
const report = fixtureReports().high;

const answer = (cacheControl: string): LookupOutcome => ({
  kind: 'report',
  report,
  response: { status: 200, headers: { 'cache-control': cacheControl } },
});

describe('listing the kept answers', () => {
  beforeEach(() => fakeBrowser.reset());

  it('lists every answer of one service with its freshness, and none of another', async () => {
    const store = createRecordStore({ warn: () => {} });
    const cache = createReportCache({ store, baseUrl: 'http://service.test', now: () => START });
    const other = createReportCache({ store, baseUrl: 'http://other.test', now: () => START });
    // Past its max-age but allowed to stand in for a failure: listed, and needing a lookup.
    await cache.put('https://a.example.com', answer('max-age=60, stale-if-error=3600'), START);
    await cache.put('https://b.example.com', answer('max-age=3600'), START);
    await other.put('https://c.example.com', answer('max-age=3600'), START);

    const later = START + 120_000;
    const listed = await listCachedAnswers({ baseUrl: 'http://service.test', now: () => later });
    const byTarget = Object.fromEntries(listed.map((entry) => [entry.target, entry]));
    expect(Object.keys(byTarget).sort()).toEqual([
      'https://a.example.com',
      'https://b.example.com',
    ]);
    expect(byTarget['https://a.example.com']?.verdict.freshness).toBe('needs-lookup');
    expect(byTarget['https://b.example.com']?.verdict.freshness).toBe('fresh');
    expect(byTarget['https://b.example.com']?.receivedAt).toBe(START);
  });

  it('leaves out expired answers without removing anything', async () => {
    const store = createRecordStore({ warn: () => {} });
    const cache = createReportCache({ store, baseUrl: 'http://service.test', now: () => START });
    await cache.put('https://a.example.com', answer('max-age=60'), START);
    const before = await fakeBrowser.storage.local.get(null);
    const later = START + 120_000;
    expect(await listCachedAnswers({ baseUrl: 'http://service.test', now: () => later })).toEqual(
      [],
    );
    expect(await fakeBrowser.storage.local.get(null)).toEqual(before);
  });
});
