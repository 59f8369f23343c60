import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { LookupOutcome } from '../../lib/lookup-outcome';
import { createLookupService, type LookupServiceDeps } from '../../lib/lookup-service';
import { createReportCache } from '../../lib/report-cache';
import { createTabStateStore } from '../../lib/tab-state-store';
import type { TabView } from '../../lib/tab-view';
import { FIXTURE_ORIGINS, fixtureReports } from '../fixtures/reports';

const HIGH = FIXTURE_ORIGINS.high;
const LOW = FIXTURE_ORIGINS.low;
const reports = fixtureReports();

function reportOutcome(report = reports.high, cacheControl = 'max-age=300'): LookupOutcome {
  return {
    kind: 'report',
    report,
    response: { status: 200, headers: { 'cache-control': cacheControl } },
  };
}

/** A lookup that resolves only when the test says so. */
function deferredLookup() {
  let resolve!: (outcome: LookupOutcome) => void;
  const promise = new Promise<LookupOutcome>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function setUp(overrides: Partial<LookupServiceDeps> = {}) {
  let clock = Date.parse('2026-11-22T10:00:00Z');
  const tabUrls = new Map<number, string>();
  const badges = new Map<number, TabView>();
  const deps: LookupServiceDeps = {
    lookupReport: vi.fn(async () => reportOutcome()),
    cache: createReportCache({ baseUrl: 'http://service.test', now: () => clock }),
    tabStates: createTabStateStore(),
    currentTabUrl: async (tabId) => (tabUrls.has(tabId) ? tabUrls.get(tabId) : null),
    showBadge: async (tabId, view) => {
      badges.set(tabId, view);
    },
    now: () => clock,
    ...overrides,
  };
  const service = createLookupService(deps);
  const navigate = (tabId: number, url: string) => {
    tabUrls.set(tabId, url);
    return service.showTab(tabId, url);
  };
  return {
    service,
    deps,
    badges,
    tabUrls,
    navigate,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('createLookupService', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('shows the report for a public site and stores the tab state', async () => {
    const { navigate, badges, deps } = setUp();
    const view = await navigate(1, `${HIGH}/docs/page?q=secret`);
    expect(view).toMatchObject({ status: 'report', target: HIGH, stale: false });
    expect(deps.lookupReport).toHaveBeenCalledWith(HIGH);
    expect(badges.get(1)?.status).toBe('report');
    expect(await deps.tabStates.get(1)).toMatchObject({ target: HIGH, view: { status: 'report' } });
  });

  it('refuses local sites without any request', async () => {
    const { navigate, deps, badges } = setUp();
    await navigate(1, 'http://127.0.0.1:8080/');
    await navigate(2, 'http://localhost/');
    expect(deps.lookupReport).not.toHaveBeenCalled();
    expect(badges.get(1)).toEqual({ status: 'not-looked-up', reason: 'private-address' });
    expect(badges.get(2)).toEqual({ status: 'not-looked-up', reason: 'localhost' });
  });

  it('answers from the cache while the report is fresh, and asks again once it expires', async () => {
    const { navigate, deps, advance } = setUp();
    await navigate(1, `${HIGH}/a`);
    await navigate(2, `${HIGH}/b`);
    expect(deps.lookupReport).toHaveBeenCalledTimes(1);
    advance(301_000);
    await navigate(1, `${HIGH}/c`);
    expect(deps.lookupReport).toHaveBeenCalledTimes(2);
  });

  it('does not store answers the server marks no-store', async () => {
    const lookupReport = vi.fn(async () => reportOutcome(reports.high, 'no-store'));
    const { navigate } = setUp({ lookupReport });
    await navigate(1, HIGH);
    await navigate(1, HIGH);
    expect(lookupReport).toHaveBeenCalledTimes(2);
  });

  it('keeps a report from one service away from another service', async () => {
    const first = setUp();
    await first.navigate(1, HIGH);
    const lookupReport = vi.fn(async () => reportOutcome());
    const other = setUp({
      lookupReport,
      cache: createReportCache({ baseUrl: 'http://other-service.test', now: () => Date.now() }),
    });
    await other.navigate(1, HIGH);
    expect(lookupReport).toHaveBeenCalledTimes(1);
  });

  it('shares one request among concurrent asks for one site', async () => {
    const pending = deferredLookup();
    const lookupReport = vi.fn(() => pending.promise);
    const { navigate } = setUp({ lookupReport });
    const views = [navigate(1, `${HIGH}/a`), navigate(2, `${HIGH}/b`), navigate(1, `${HIGH}/c`)];
    await vi.waitFor(() => expect(lookupReport).toHaveBeenCalledTimes(1));
    pending.resolve(reportOutcome());
    await Promise.all(views);
    expect(lookupReport).toHaveBeenCalledTimes(1);
  });

  it('drops a result for a tab that moved on to another site meanwhile', async () => {
    const slowHigh = deferredLookup();
    const lookupReport = vi.fn((target: string) =>
      target === HIGH ? slowHigh.promise : Promise.resolve(reportOutcome(reports.low)),
    );
    const { navigate, badges } = setUp({ lookupReport });
    const first = navigate(1, HIGH);
    await vi.waitFor(() => expect(badges.get(1)?.status).toBe('loading'));
    await navigate(1, LOW);
    slowHigh.resolve(reportOutcome(reports.high));
    await first;
    expect(badges.get(1)).toMatchObject({ status: 'report', target: LOW });
  });

  it('does not touch a tab that closed while its lookup ran', async () => {
    const pending = deferredLookup();
    const { navigate, service, badges, tabUrls, deps } = setUp({
      lookupReport: () => pending.promise,
    });
    const lookup = navigate(1, HIGH);
    await vi.waitFor(() => expect(badges.get(1)?.status).toBe('loading'));
    tabUrls.delete(1);
    await service.forgetTab(1);
    pending.resolve(reportOutcome());
    await lookup;
    expect(badges.get(1)?.status).toBe('loading');
    expect(await deps.tabStates.get(1)).toBeNull();
  });

  it('bypasses the cache when forced', async () => {
    const { navigate, service, deps } = setUp();
    await navigate(1, HIGH);
    await service.showTab(1, HIGH, { force: true });
    expect(deps.lookupReport).toHaveBeenCalledTimes(2);
  });

  it.each<[string, LookupOutcome, TabView['status']]>([
    [
      'no report',
      {
        kind: 'no-report',
        message: 'none',
        scanUrl: null,
        documentationUrl: null,
        response: { status: 404, headers: {} },
      },
      'no-report',
    ],
    [
      'unavailable',
      { kind: 'unavailable', retryAt: null, response: { status: 503, headers: {} } },
      'unavailable',
    ],
    [
      'invalid response',
      { kind: 'invalid-response', problem: 'x', response: null },
      'invalid-response',
    ],
    ['network failure', { kind: 'network-failure', message: 'x' }, 'unavailable'],
    ['timeout', { kind: 'timeout', timeoutMs: 8000 }, 'unavailable'],
    [
      'rejected',
      { kind: 'invalid-request', message: 'bad url', response: { status: 400, headers: {} } },
      'rejected',
    ],
  ])('names the state for %s', async (_name, outcome, status) => {
    const { navigate, badges } = setUp({ lookupReport: async () => outcome });
    await navigate(1, HIGH);
    expect(badges.get(1)?.status).toBe(status);
  });

  it('caches "no report" for a short floor, and never caches 503', async () => {
    const noReport: LookupOutcome = {
      kind: 'no-report',
      message: null,
      scanUrl: null,
      documentationUrl: null,
      response: { status: 404, headers: {} },
    };
    const unavailable: LookupOutcome = {
      kind: 'unavailable',
      retryAt: null,
      response: { status: 503, headers: {} },
    };
    const lookupReport = vi.fn(async (target: string) =>
      target === HIGH ? noReport : unavailable,
    );
    const { navigate } = setUp({ lookupReport });
    await navigate(1, HIGH);
    await navigate(1, HIGH);
    await navigate(2, LOW);
    await navigate(2, LOW);
    expect(lookupReport.mock.calls.map(([target]) => target)).toEqual([HIGH, LOW, LOW]);
  });
});
