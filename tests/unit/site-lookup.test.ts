import { describe, expect, it, vi } from 'vitest';
import type { LookupOutcome } from '../../lib/lookup-outcome';
import type { CachedLookup, ReportCache } from '../../lib/report-cache';
import { createSiteLookup } from '../../lib/site-lookup';
import { FIXTURE_ORIGINS, fixtureReports } from '../fixtures/reports';

const HIGH = FIXTURE_ORIGINS.high;
const NOW = Date.parse('2026-11-22T10:00:00Z');
const reportOutcome: LookupOutcome = {
  kind: 'report',
  report: fixtureReports().high,
  response: { status: 200, headers: { 'cache-control': 'max-age=300' } },
};

/** A cache that keeps everything it is given, fresh. */
function memoryCache(): ReportCache & { entries: Map<string, CachedLookup> } {
  const entries = new Map<string, CachedLookup>();
  return {
    entries,
    getFresh: async (target) => entries.get(target) ?? null,
    put: async (target, outcome, receivedAt) => {
      entries.set(target, { outcome, receivedAt, expiresAt: receivedAt + 1 });
    },
  };
}

function setUp() {
  const cache = memoryCache();
  const lookupReport = vi.fn(async (_target: string) => reportOutcome);
  const sites = createSiteLookup({ lookupReport, cache, now: () => NOW });
  return { sites, cache, lookupReport };
}

describe('createSiteLookup', () => {
  it('looks up the origin of a link, never its path, query or fragment, and caches the answer', async () => {
    const { sites, cache, lookupReport } = setUp();
    const view = await sites.showSite(`${HIGH}/account/jane@mail.com?session=1#top`);
    expect(lookupReport.mock.calls).toEqual([[HIGH]]);
    expect(view).toMatchObject({ status: 'report', target: HIGH, receivedAt: NOW });
    expect(cache.entries.get(HIGH)?.outcome).toEqual(reportOutcome);
  });

  it('answers from the cache without a request, and past it when forced', async () => {
    const { sites, lookupReport } = setUp();
    await sites.showSite(`${HIGH}/`);
    await sites.showSite(`${HIGH}/other`);
    expect(lookupReport).toHaveBeenCalledTimes(1);
    await sites.showSite(`${HIGH}/`, { force: true });
    expect(lookupReport).toHaveBeenCalledTimes(2);
  });

  it('shares one request between clicks on the same site while it is under way', async () => {
    const { sites, lookupReport } = setUp();
    await Promise.all([sites.showSite(`${HIGH}/a`), sites.showSite(`${HIGH}/b`, { force: true })]);
    expect(lookupReport).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a private address', 'http://192.168.1.1/admin', 'private-address'],
    ['localhost', 'http://localhost:3000/', 'localhost'],
    ['a page that is not a website', 'file:///etc/hosts', 'not-http'],
    ['no address', '', 'no-url'],
  ])('refuses %s with the reason, sending nothing', async (_name, url, reason) => {
    const { sites, lookupReport } = setUp();
    await expect(sites.showSite(url)).resolves.toEqual({ status: 'not-looked-up', reason });
    expect(lookupReport).not.toHaveBeenCalled();
  });
});
