/**
 * The lookup's parts on their own, with plain fakes: deciding a tab's target, what a result
 * shows, fetching shared per site, publishing only what is current, and reconciling after a
 * restart. The whole service is driven through tab-world in lookup-service.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import type { CachedAnswer, ReportCache } from '../../../lib/cache/report-cache';
import type { RetryGate } from '../../../lib/cache/retry-gate';
import { viewOfCached, viewOfResult } from '../../../lib/lookup/lookup-result';
import { reconcileTabs } from '../../../lib/lookup/reconcile';
import { createSharedLookups } from '../../../lib/lookup/shared-lookups';
import { createTabPublisher } from '../../../lib/lookup/tab-publisher';
import { decisionForTab, decisionKey } from '../../../lib/lookup/tab-targets';
import type { LookupOutcome } from '../../../lib/service/lookup-outcome';
import { DEFAULT_SERVICE_BASE_URL } from '../../../lib/service/service-base-url';
import { DEFAULT_SETTINGS, type UserSettings } from '../../../lib/settings/settings';
import type { OpenTab } from '../../../lib/tabs/open-tab';
import type { TabState, TabStateStore } from '../../../lib/tabs/tab-state-store';
import { FIXTURE_ORIGINS, fixtureReports } from '../../../reference-server/fixtures/reports';

const HIGH = FIXTURE_ORIGINS.high;
const MID = FIXTURE_ORIGINS.mid;
// fixed date: the clock this test passes in, to the code under test and to the fixture reports
const NOW = Date.parse('2026-11-22T10:00:00Z');
const report = fixtureReports(DEFAULT_SERVICE_BASE_URL, NOW).high;
const REPORT: LookupOutcome = {
  kind: 'report',
  report,
  response: { status: 200, headers: { 'cache-control': 'max-age=300' } },
};

function cachedAnswer(freshness: CachedAnswer['verdict']['freshness']): CachedAnswer {
  return {
    outcome: REPORT as CachedAnswer['outcome'],
    receivedAt: NOW - 1000,
    verdict: { freshness, usableOnError: true, expired: freshness === 'needs-lookup' },
  };
}

function memoryCache(initial: CachedAnswer | null = null): ReportCache {
  let stored = initial;
  return {
    get: async () => stored,
    put: async () => {
      stored = cachedAnswer('fresh');
    },
    freshUntilOf: () => undefined,
    purgeExpired: async () => {},
  };
}

const openGate: RetryGate = {
  pauseFor: async () => null,
  admit: async () => null,
  record: async () => null,
  purgeExpired: async () => {},
};

function memoryTabStates(): TabStateStore & { states: Map<number, TabState> } {
  const states = new Map<number, TabState>();
  return {
    states,
    get: async (tabId) => states.get(tabId) ?? null,
    set: async (tabId, state) => {
      states.set(tabId, { ...state, service: 'test' } as TabState);
    },
    remove: async (tabId) => {
      states.delete(tabId);
    },
    all: async () => new Map(states),
    watch: () => () => {},
  };
}

describe('tab-targets.ts', () => {
  it('keys a tab by its origin, or by why it is not looked up', () => {
    const tab: OpenTab = { id: 1, url: `${HIGH}/a/path?q=1`, active: true };
    expect(decisionKey(decisionForTab(tab, DEFAULT_SETTINGS))).toBe(HIGH);
    const paused: UserSettings = { ...DEFAULT_SETTINGS, pausedDomains: [new URL(HIGH).hostname] };
    expect(decisionKey(decisionForTab(tab, paused))).toBe('refused:paused');
    expect(decisionKey(decisionForTab({ ...tab, incognito: true }, DEFAULT_SETTINGS))).toBe(
      'refused:incognito',
    );
  });
});

describe('lookup-result.ts', () => {
  it('shows a stored report standing in for a failure as stale', () => {
    const view = viewOfResult(HIGH, {
      kind: 'answer',
      outcome: { kind: 'unavailable', retryAt: null, response: { status: 503, headers: {} } },
      receivedAt: NOW,
      retryAt: NOW + 60_000,
      standIn: cachedAnswer('needs-lookup'),
    });
    expect(view).toMatchObject({ status: 'report', stale: true });
  });

  it('shows a blocked site without a stored copy as unavailable until the retry time', () => {
    expect(
      viewOfResult(HIGH, { kind: 'blocked', busy: false, retryAt: NOW + 5000, standIn: null }),
    ).toEqual({
      status: 'unavailable',
      target: HIGH,
      cause: 'service',
      retryAt: NOW + 5000,
    });
  });

  it('never marks a fresh copy stale', () => {
    expect(viewOfCached(HIGH, cachedAnswer('fresh'), { standingInForFailure: true })).toMatchObject(
      { stale: false },
    );
  });
});

/** Shared lookups over an open gate at a fixed clock; each test gives what it varies. */
function sharedLookups(
  parts: Pick<Parameters<typeof createSharedLookups>[0], 'lookupReport'> &
    Partial<Parameters<typeof createSharedLookups>[0]>,
) {
  return createSharedLookups({
    cache: memoryCache(),
    retryGate: openGate,
    serviceAccess: async () => ({ permitted: true }),
    now: () => NOW,
    epoch: () => 0,
    onError: () => {},
    ...parts,
  });
}

describe('shared-lookups.ts', () => {
  it('stores what a lookup learnt under the epoch taken as its request left', async () => {
    let epoch = 4;
    let answer!: (outcome: LookupOutcome) => void;
    const cache = memoryCache();
    const put = vi.spyOn(cache, 'put');
    const record = vi.spyOn(openGate, 'record');
    const lookups = sharedLookups({
      cache,
      epoch: () => epoch,
      lookupReport: () =>
        new Promise<LookupOutcome>((resolve) => {
          answer = resolve;
        }),
    });
    const result = lookups.lookup(HIGH, { force: true });
    await vi.waitFor(() => expect(answer).toBeDefined());
    // "Clear all local data" while the request is out: the answer is written as of before.
    epoch = 5;
    answer(REPORT);
    await result;
    expect(put).toHaveBeenCalledWith(HIGH, REPORT, NOW, 4);
    expect(record).toHaveBeenCalledWith(HIGH, REPORT, NOW, 4);
  });

  it('sends nothing, spends no quota and stores nothing without permission to reach the service', async () => {
    const lookupReport = vi.fn(async () => REPORT);
    const cache = memoryCache(cachedAnswer('needs-lookup'));
    const put = vi.spyOn(cache, 'put');
    const admit = vi.spyOn(openGate, 'admit');
    const record = vi.spyOn(openGate, 'record');
    const lookups = sharedLookups({
      lookupReport,
      cache,
      serviceAccess: async () => ({ permitted: false, host: 'lookup.corp.example' }),
    });
    const { view } = await lookups.lookedUp(HIGH, { force: true });
    expect(view).toEqual({
      status: 'service-not-permitted',
      target: HIGH,
      serviceHost: 'lookup.corp.example',
    });
    expect(lookupReport).not.toHaveBeenCalled();
    expect(admit).not.toHaveBeenCalled();
    expect(record).not.toHaveBeenCalled();
    expect(put).not.toHaveBeenCalled();
    admit.mockRestore();
    record.mockRestore();
  });

  it('sends one request for concurrent asks about one site', async () => {
    let answer!: (outcome: LookupOutcome) => void;
    const lookupReport = vi.fn(
      () =>
        new Promise<LookupOutcome>((resolve) => {
          answer = resolve;
        }),
    );
    const lookups = sharedLookups({ lookupReport });
    const first = lookups.lookup(HIGH);
    const second = lookups.lookup(HIGH);
    expect(lookups.inFlight(HIGH)).toBe(true);
    await vi.waitFor(() => expect(lookupReport).toHaveBeenCalledTimes(1));
    answer(REPORT);
    expect(await first).toBe(await second);
    await vi.waitFor(() => expect(lookups.inFlight(HIGH)).toBe(false));
  });

  it('gives an answer once its records are written, and stays the request to join until then', async () => {
    const lookupReport = vi.fn(async () => REPORT);
    let written!: () => void;
    const cache: ReportCache = {
      ...memoryCache(),
      put: () =>
        new Promise<undefined>((resolve) => {
          written = () => resolve(undefined);
        }),
      freshUntilOf: () => NOW + 60_000,
    };
    const lookups = sharedLookups({ lookupReport, cache });
    let answered = false;
    const view = lookups.lookedUp(HIGH, { force: false }).then((fresh) => {
      answered = true;
      return fresh;
    });
    await vi.waitFor(() => expect(written).toBeDefined());
    expect(answered).toBe(false);
    expect(lookups.inFlight(HIGH)).toBe(true);
    const joined = lookups.lookup(HIGH);
    written();
    expect(await view).toMatchObject({ view: { status: 'report' }, freshUntil: NOW + 60_000 });
    await joined;
    expect(lookupReport).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(lookups.inFlight(HIGH)).toBe(false));
  });

  it('a forced lookup asks anew once the one under way has answered', async () => {
    const lookupReport = vi.fn(async () => REPORT);
    const lookups = sharedLookups({ lookupReport, cache: memoryCache() });
    await lookups.lookup(HIGH, { force: true });
    await vi.waitFor(() => expect(lookups.inFlight(HIGH)).toBe(false));
    await lookups.lookup(HIGH, { force: true });
    expect(lookupReport).toHaveBeenCalledTimes(2);
  });

  it('reads the cache again before asking, unless forced', async () => {
    const lookupReport = vi.fn(async () => REPORT);
    const cache = memoryCache();
    const get = vi.spyOn(cache, 'get');
    const lookups = sharedLookups({ lookupReport, cache });
    // Nothing cached: the read misses and the request goes.
    await lookups.lookup(MID);
    await vi.waitFor(() => expect(lookups.inFlight(MID)).toBe(false));
    expect(get).toHaveBeenCalledTimes(1);
    expect(lookupReport).toHaveBeenCalledTimes(1);
    // A caller's miss from before MID's answer was stored: read again, found fresh, no request.
    expect(await lookups.lookup(MID)).toMatchObject({ kind: 'cached' });
    expect(get).toHaveBeenCalledTimes(2);
    expect(lookupReport).toHaveBeenCalledTimes(1);
    // Refresh skips the cache.
    await lookups.lookup(MID, { force: true });
    expect(get).toHaveBeenCalledTimes(2);
    expect(lookupReport).toHaveBeenCalledTimes(2);
  });

  it('reports a record it could not write after the answer has gone out', async () => {
    const onError = vi.fn();
    const lookups = sharedLookups({
      lookupReport: async () => REPORT,
      cache: { ...memoryCache(), put: async () => Promise.reject(new Error('quota')) },
      onError,
    });
    expect(await lookups.lookedUpView(HIGH, { force: false })).toMatchObject({ status: 'report' });
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(new Error('quota')));
    expect(lookups.inFlight(HIGH)).toBe(false);
  });

  it('sends nothing while the retry gate holds the site', async () => {
    const lookupReport = vi.fn(async () => REPORT);
    const lookups = sharedLookups({
      lookupReport,
      retryGate: { ...openGate, admit: async () => ({ until: NOW + 30_000, busy: false }) },
    });
    expect(await lookups.lookedUpView(HIGH, { force: true })).toMatchObject({
      status: 'unavailable',
      retryAt: NOW + 30_000,
    });
    expect(lookupReport).not.toHaveBeenCalled();
  });
});

describe('tab-publisher.ts', () => {
  function setUp(tabs: Map<number, string>) {
    const tabStates = memoryTabStates();
    const showBadge = vi.fn(async () => {});
    const publisher = createTabPublisher({
      tabStates,
      readTab: async (id) => (tabs.has(id) ? { id, url: tabs.get(id), active: true } : null),
      readSettings: async () => DEFAULT_SETTINGS,
      showBadge,
      clearBadge: async () => {},
      now: () => NOW,
    });
    return { tabStates, showBadge, publisher };
  }
  const view = { status: 'loading', target: HIGH } as const;
  const HIGH_DECISION = { kind: 'target', origin: HIGH } as const;

  it("publishes only the tab's newest call", async () => {
    const { publisher, tabStates } = setUp(new Map([[1, `${HIGH}/`]]));
    const older = publisher.beginCall(1);
    const newer = publisher.beginCall(1);
    expect(await publisher.publish(1, { call: older, decision: HIGH_DECISION, view })).toBe(false);
    expect(tabStates.states.size).toBe(0);
    expect(await publisher.publish(1, { call: newer, decision: HIGH_DECISION, view })).toBe(true);
    expect(tabStates.states.get(1)?.view).toEqual(view);
  });

  it('publishes nothing once the tab shows another site', async () => {
    const tabs = new Map([[1, `${HIGH}/`]]);
    const { publisher, showBadge } = setUp(tabs);
    const call = publisher.beginCall(1);
    tabs.set(1, `${FIXTURE_ORIGINS.low}/`);
    expect(await publisher.publish(1, { call, decision: HIGH_DECISION, view })).toBe(false);
    expect(showBadge).not.toHaveBeenCalled();
  });

  it('takes a closed tab\'s "No tab with id" from the badge as done', async () => {
    const { publisher, showBadge } = setUp(new Map([[1, `${HIGH}/`]]));
    showBadge.mockRejectedValueOnce(new Error('No tab with id: 1.'));
    await expect(
      publisher.publish(1, { call: publisher.beginCall(1), decision: HIGH_DECISION, view }),
    ).resolves.toBe(true);
  });
});

describe('reconcile.ts', () => {
  it("drops closed tabs' states, re-badges settled tabs and looks at tabs left loading", async () => {
    const tabStates = memoryTabStates();
    await tabStates.set(1, {
      target: HIGH,
      view: { status: 'loading', target: HIGH },
      updatedAt: 0,
    });
    await tabStates.set(2, {
      target: HIGH,
      view: {
        status: 'no-report',
        target: HIGH,
        message: null,
        scanUrl: null,
        documentationUrl: null,
      },
      updatedAt: 0,
    });
    await tabStates.set(9, {
      target: HIGH,
      view: { status: 'loading', target: HIGH },
      updatedAt: 0,
    });
    const forgetTab = vi.fn(async (_tabId: number) => {});
    const reapplyBadge = vi.fn(async (_tabId: number) => true);
    const tabNavigated = vi.fn(async (_tabId: number) => {});
    await reconcileTabs(
      {
        tabStates,
        openTabs: async () => [
          { id: 1, url: `${HIGH}/`, active: false },
          { id: 2, url: `${HIGH}/`, active: false },
          { id: 3, url: `${HIGH}/`, active: false },
        ],
        readSettings: async () => DEFAULT_SETTINGS,
      },
      { forgetTab, reapplyBadge },
      tabNavigated,
    );
    expect(forgetTab.mock.calls.map(([id]) => id)).toEqual([9]);
    expect(reapplyBadge.mock.calls.map(([id]) => id)).toEqual([2]);
    // Tab 3 has no state and is not active: nothing to do for it until the user turns to it.
    expect(tabNavigated.mock.calls.map(([id]) => id)).toEqual([1]);
  });
});
