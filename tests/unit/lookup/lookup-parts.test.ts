/**
 * The lookup's parts on their own, with plain fakes: deciding a tab, what a result shows,
 * asking the service once per site, publishing only what is current, and reconciling after a
 * restart. The whole lookup is driven through tab-world in lookups.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import type { CachedAnswer, ReportCache } from '../../../lib/cache/report-cache';
import type { RetryGate } from '../../../lib/cache/retry-gate';
import { decideTab } from '../../../lib/lookup/decision';
import { createLookups, type LookupParts } from '../../../lib/lookup/lookups';
import { createPublisher } from '../../../lib/lookup/publisher';
import { createRequests, type LookupRecords } from '../../../lib/lookup/requests';
import { viewOfCached, viewOfResult } from '../../../lib/lookup/views';
import type { LookupOutcome } from '../../../lib/service/lookup-outcome';
import { DEFAULT_SETTINGS, type UserSettings } from '../../../lib/settings/settings';
import type { OpenTab } from '../../../lib/tabs/browser-tabs';
import type { TabState } from '../../../lib/tabs/tab-state';
import { FIXTURE_ORIGINS, fixtureReports } from '../../../reference-server/fixtures/reports';

const HIGH = FIXTURE_ORIGINS.high;
const SERVICE = 'http://service.test';
const SETTINGS: UserSettings = { ...DEFAULT_SETTINGS, serviceBaseUrl: SERVICE };
// fixed date: the clock this test passes in, to the code under test and to the fixture reports
const NOW = Date.parse('2026-11-22T10:00:00Z');
const REPORT: LookupOutcome = {
  kind: 'report',
  report: fixtureReports(SERVICE, NOW).high,
  response: { status: 200, headers: { 'cache-control': 'max-age=300' } },
};

function cachedAnswer(freshness: CachedAnswer['verdict']['freshness']): CachedAnswer {
  return {
    outcome: REPORT as CachedAnswer['outcome'],
    receivedAt: NOW - 1000,
    verdict: { freshness, usableOnError: true, expired: false },
  };
}

const openGate = (): Pick<RetryGate, 'admit' | 'record' | 'purgeExpired'> => ({
  admit: async () => null,
  record: async () => null,
  purgeExpired: async () => {},
});

const noCache = (): Pick<ReportCache, 'get' | 'put' | 'freshUntilOf' | 'purgeExpired'> => ({
  get: async () => null,
  put: async () => undefined,
  freshUntilOf: () => undefined,
  purgeExpired: async () => {},
});

function memoryTabStates(): LookupParts['tabStates'] & { states: Map<number, TabState> } {
  const states = new Map<number, TabState>();
  return {
    states,
    read: async (tabId) => states.get(tabId) ?? null,
    readAll: async () => new Map(states),
    set: async (tabId, state) => states.set(tabId, state).has(tabId),
    remove: async (tabId) => {
      states.delete(tabId);
    },
  };
}

/** Records that keep nothing, with the parts a test gives. */
const records = (parts: Partial<Record<keyof LookupRecords, object>> = {}): LookupRecords =>
  ({
    cache: noCache(),
    retryGate: openGate(),
    log: { sent: async () => 0, settled: async () => {} },
    history: { record: async () => {} },
    notices: { keep: async () => {} },
    ...parts,
  }) as LookupRecords;

/** Every dependency, at a fixed clock and an open gate; each test gives what it varies. */
function deps(parts: Partial<LookupParts> = {}): LookupParts {
  return {
    lookupReport: async () => REPORT,
    access: async () => ({ permitted: true }),
    records: records(),
    tabStates: memoryTabStates(),
    tabs: {
      read: async (id) => ({ id, url: `${HIGH}/`, active: true }),
      all: async () => [],
      showBadge: async () => {},
      handToPopup: async () => {},
      clearBadge: async () => {},
    },
    readSettings: async () => SETTINGS,
    now: () => NOW,
    epoch: () => 0,
    wakeAt: () => {},
    onError: () => {},
    warn: () => {},
    ...parts,
  };
}

describe('decision.ts', () => {
  it('decides a tab by its origin, or by why it is not looked up, and names its service', () => {
    const tab: OpenTab = { id: 1, url: `${HIGH}/a/path?q=1`, active: true };
    expect(decideTab(tab, SETTINGS)).toMatchObject({
      refused: null,
      origin: HIGH,
      baseUrl: SERVICE,
    });
    const paused = { ...SETTINGS, pausedDomains: [new URL(HIGH).hostname] };
    expect(decideTab(tab, paused)).toMatchObject({ refused: 'paused', origin: null });
    expect(decideTab({ ...tab, incognito: true }, SETTINGS).refused).toBe('incognito');
  });
});

describe('views.ts', () => {
  it('shows a stored report standing in for a failure as stale', () => {
    const { view } = viewOfResult(HIGH, {
      kind: 'answer',
      outcome: { kind: 'unavailable', retryAt: null, response: { status: 503, headers: {} } },
      receivedAt: NOW,
      retryAt: NOW + 60_000,
      standIn: cachedAnswer('needs-lookup'),
    });
    expect(view).toMatchObject({ status: 'report', stale: true });
  });

  it('shows a blocked site without a stored copy as unavailable until the retry time', () => {
    const result = { kind: 'blocked', busy: false, retryAt: NOW + 5000, standIn: null } as const;
    expect(viewOfResult(HIGH, result).view).toEqual({
      status: 'unavailable',
      origin: HIGH,
      cause: 'service',
      retryAt: NOW + 5000,
    });
  });

  it('never marks a fresh copy stale', () => {
    const { view } = viewOfCached(HIGH, cachedAnswer('fresh'), { standingIn: true });
    expect(view).toMatchObject({ stale: false });
  });
});

const asked = { force: false, cached: null, readFrom: 0 };

describe('requests.ts', () => {
  it('records the answer with the epoch taken as the request left', async () => {
    let epoch = 4;
    let answer!: (outcome: LookupOutcome) => void;
    const seen: string[] = [];
    const requests = createRequests(
      deps({
        records: records({
          log: {
            sent: async (origin: string) => {
              seen.push(`sent ${origin}`);
              return 7;
            },
            settled: async (id: number, outcome: LookupOutcome) => {
              seen.push(`settled ${id} ${outcome.kind}`);
            },
          },
          history: {
            record: async (_site: string, _report: unknown, since: number) => {
              seen.push(`history in ${since}`);
            },
          },
        }),
        epoch: () => epoch,
        lookupReport: () => new Promise((resolve) => (answer = resolve)),
      }),
    );
    const result = requests.ask(SERVICE, HIGH, asked);
    await vi.waitFor(() => expect(answer).toBeDefined());
    // "Clear all local data" while the request is out: its answer belongs to before.
    epoch = 5;
    answer(REPORT);
    await result;
    await vi.waitFor(() =>
      expect(seen.sort()).toEqual([`history in 4`, `sent ${HIGH}`, 'settled 7 report']),
    );
  });

  it('sends nothing, spends no quota and records nothing without permission to reach the service', async () => {
    const ask = vi.fn(async () => REPORT);
    const gate = openGate();
    const admit = vi.spyOn(gate, 'admit');
    const sent = vi.fn(async () => 0);
    const lookups = createRequests(
      deps({
        lookupReport: ask,
        records: records({ retryGate: gate, log: { sent, settled: async () => {} } }),
        access: async () => ({ permitted: false, host: 'lookup.corp.example' }),
      }),
    );
    const { view } = viewOfResult(HIGH, await lookups.ask(SERVICE, HIGH, asked));
    expect(view).toEqual({
      status: 'service-not-permitted',
      origin: HIGH,
      serviceHost: 'lookup.corp.example',
    });
    expect(ask).not.toHaveBeenCalled();
    expect(admit).not.toHaveBeenCalled();
    expect(sent).not.toHaveBeenCalled();
  });

  it('sends one request for concurrent asks about one site, and says so to each asker', async () => {
    let answer!: (outcome: LookupOutcome) => void;
    const ask = vi.fn(() => new Promise<LookupOutcome>((resolve) => (answer = resolve)));
    const lookups = createRequests(deps({ lookupReport: ask }));
    const onAsking = vi.fn();
    const first = lookups.ask(SERVICE, HIGH, { ...asked, onAsking });
    const second = lookups.ask(SERVICE, HIGH, { ...asked, onAsking });
    expect(lookups.inFlight(SERVICE, HIGH)).toBe(true);
    await vi.waitFor(() => expect(ask).toHaveBeenCalledTimes(1));
    answer(REPORT);
    expect(await first).toBe(await second);
    expect(onAsking).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(lookups.inFlight(SERVICE, HIGH)).toBe(false));
  });

  it('shows the answer first, then records it; a cache read waits for the record', async () => {
    const ask = vi.fn(async () => REPORT);
    let written!: () => void;
    const lookups = createRequests(
      deps({
        lookupReport: ask,
        records: records({
          cache: {
            ...noCache(),
            freshUntilOf: () => NOW + 60_000,
            put: () => new Promise<undefined>((resolve) => (written = () => resolve(undefined))),
          },
        }),
      }),
    );
    const order: string[] = [];
    const show = async () => {
      order.push(written === undefined ? 'shown' : 'shown after the write began');
    };
    const readBefore = await lookups.recorded(SERVICE, HIGH);
    expect(viewOfResult(HIGH, await lookups.ask(SERVICE, HIGH, { ...asked, show }))).toMatchObject({
      view: { status: 'report' },
      freshUntil: NOW + 60_000,
    });
    expect(order).toEqual(['shown']);
    await vi.waitFor(() => expect(written).toBeDefined());
    // A cache read that began before the answer may have missed it: the answer is used, even
    // before it is written.
    await lookups.ask(SERVICE, HIGH, { ...asked, readFrom: readBefore });
    expect(ask).toHaveBeenCalledTimes(1);
    let recorded = false;
    const waiting = lookups.recorded(SERVICE, HIGH).then(() => {
      recorded = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(recorded).toBe(false);
    written();
    await waiting;
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('lets a caller whose cache read began before an answer came use that answer, unless forced', async () => {
    const ask = vi.fn(async () => REPORT);
    const lookups = createRequests(deps({ lookupReport: ask }));
    const readFrom = await lookups.recorded(SERVICE, HIGH);
    await lookups.ask(SERVICE, HIGH, asked);
    await lookups.recorded(SERVICE, HIGH);
    // Its cache read may have missed the answer just stored: it asks nobody.
    await lookups.ask(SERVICE, HIGH, { ...asked, readFrom });
    expect(ask).toHaveBeenCalledTimes(1);
    // A read that began after the answer found it, or it expired: a new request.
    await lookups.ask(SERVICE, HIGH, { ...asked, readFrom: await lookups.recorded(SERVICE, HIGH) });
    expect(ask).toHaveBeenCalledTimes(2);
    await lookups.ask(SERVICE, HIGH, { ...asked, readFrom, force: true });
    expect(ask).toHaveBeenCalledTimes(3);
  });

  it('reports a record that failed and still answers', async () => {
    const onError = vi.fn();
    const failing = { ...noCache(), put: async () => Promise.reject(new Error('quota')) };
    const lookups = createRequests(deps({ records: records({ cache: failing }), onError }));
    const { view } = viewOfResult(HIGH, await lookups.ask(SERVICE, HIGH, asked));
    expect(view).toMatchObject({ status: 'report' });
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(new Error('quota')));
  });

  it('sends nothing while the retry gate holds the site, and shows a kept copy meanwhile', async () => {
    const ask = vi.fn(async () => REPORT);
    const gate = { ...openGate(), admit: async () => ({ until: NOW + 30_000, busy: false }) };
    const lookups = createRequests(
      deps({ lookupReport: ask, records: records({ retryGate: gate }) }),
    );
    const blocked = await lookups.ask(SERVICE, HIGH, { ...asked, force: true });
    expect(viewOfResult(HIGH, blocked).view).toMatchObject({
      status: 'unavailable',
      retryAt: NOW + 30_000,
    });
    const standing = await lookups.ask(SERVICE, HIGH, {
      ...asked,
      cached: cachedAnswer('needs-lookup'),
      readFrom: await lookups.recorded(SERVICE, HIGH),
    });
    expect(viewOfResult(HIGH, standing).view).toMatchObject({ status: 'report', stale: true });
    expect(ask).not.toHaveBeenCalled();
  });
});

describe('publisher.ts', () => {
  function setUp(tabs: Map<number, string>) {
    const tabStates = memoryTabStates();
    const showBadge = vi.fn(async () => {});
    const popups: [number, TabState | null][] = [];
    const publisher = createPublisher(
      deps({
        tabStates,
        tabs: {
          read: async (id) => (tabs.has(id) ? { id, url: tabs.get(id), active: true } : null),
          all: async () => [],
          showBadge,
          clearBadge: async () => {},
          handToPopup: async (tabId, state) => {
            popups.push([tabId, state]);
          },
        },
      }),
    );
    const decision = decideTab({ id: 1, url: `${HIGH}/`, active: true }, SETTINGS);
    return { tabStates, showBadge, popups, publisher, decision };
  }
  const view = { status: 'loading', origin: HIGH } as const;

  it("publishes only the tab's newest call", async () => {
    const { publisher, tabStates, decision } = setUp(new Map([[1, `${HIGH}/`]]));
    const older = publisher.beginCall(1);
    const newer = publisher.beginCall(1);
    expect(await publisher.publish(1, { call: older, decision, view })).toBe(false);
    expect(tabStates.states.size).toBe(0);
    expect(await publisher.publish(1, { call: newer, decision, view })).toBe(true);
    expect(tabStates.states.get(1)).toMatchObject({ origin: HIGH, view, service: SERVICE });
  });

  it("hands each publication's state to the tab's popup, after the badge, and nothing once withdrawn", async () => {
    const { publisher, tabStates, showBadge, popups, decision } = setUp(new Map([[1, `${HIGH}/`]]));
    await publisher.publish(1, { call: publisher.beginCall(1), decision, view });
    expect(showBadge).toHaveBeenCalledTimes(1);
    expect(popups).toEqual([[1, tabStates.states.get(1)]]);
    await publisher.withdraw(1, publisher.beginCall(1));
    expect(popups.at(-1)).toEqual([1, null]);
  });

  it('publishes nothing that waited on the network once the tab shows another site', async () => {
    const tabs = new Map([[1, `${HIGH}/`]]);
    const { publisher, showBadge, decision } = setUp(tabs);
    const call = publisher.beginCall(1);
    tabs.set(1, `${FIXTURE_ORIGINS.low}/`);
    expect(await publisher.publish(1, { call, decision, view, recheck: true })).toBe(false);
    expect(showBadge).not.toHaveBeenCalled();
  });

  it.each([
    ['Chromium', 'No tab with id: 1.'],
    ['Firefox', 'Invalid tab ID: 1'],
  ])("takes %s's word for a closed tab from the badge as done", async (_browser, message) => {
    const { publisher, showBadge, decision } = setUp(new Map([[1, `${HIGH}/`]]));
    showBadge.mockRejectedValueOnce(new Error(message));
    await expect(
      publisher.publish(1, { call: publisher.beginCall(1), decision, view }),
    ).resolves.toBe(true);
  });

  it('passes on any other failure of the badge', async () => {
    const { publisher, showBadge, decision } = setUp(new Map([[1, `${HIGH}/`]]));
    showBadge.mockRejectedValueOnce(new Error('Invalid badge text'));
    await expect(
      publisher.publish(1, { call: publisher.beginCall(1), decision, view }),
    ).rejects.toThrow('Invalid badge text');
  });
});

describe('lookups.ts', () => {
  it('looks nothing up for a page in a private window, and says why', async () => {
    const ask = vi.fn(async () => REPORT);
    const lookups = createLookups(deps({ lookupReport: ask }));
    expect(await lookups.showSite(HIGH, { privateWindow: true })).toEqual({
      status: 'not-looked-up',
      reason: 'incognito',
    });
    expect(ask).not.toHaveBeenCalled();
  });
});

describe("lookups.ts's reconcile", () => {
  it("drops closed tabs' states, re-badges settled tabs and looks at tabs left loading", async () => {
    const tabStates = memoryTabStates();
    const loading = { origin: HIGH, view: view(), updatedAt: 0, service: SERVICE };
    await tabStates.set(1, loading);
    await tabStates.set(2, {
      ...loading,
      view: {
        status: 'no-report',
        origin: HIGH,
        message: null,
        scanUrl: null,
        documentationUrl: null,
      },
    });
    await tabStates.set(9, loading);
    const showBadge = vi.fn(async (_tabId: number) => {});
    const clearBadge = vi.fn(async (_tabId: number) => {});
    const ask = vi.fn(async () => REPORT);
    const tab = (id: number) => ({ id, url: `${HIGH}/`, active: false });
    const tabs = [tab(1), tab(2), tab(3)];
    await createLookups(
      deps({
        tabStates,
        lookupReport: ask,
        tabs: {
          ...deps().tabs,
          read: async (id) => tabs.find((one) => one.id === id) ?? null,
          all: async () => tabs,
          showBadge,
          clearBadge,
        },
      }),
    ).reconcile();
    // Tab 9 is closed: its state goes. Tab 2 was settled: its badge is put back, no request.
    // Tab 1 was left loading: it is looked at again, from what is known since it is not active,
    // which is nothing, so its state and badge go. Tab 3 has no state and is not active:
    // nothing to do for it until the user turns to it.
    expect([...tabStates.states.keys()]).toEqual([2]);
    expect(showBadge.mock.calls.map(([id]) => id)).toEqual([2]);
    expect(clearBadge.mock.calls.map(([id]) => id)).toEqual([1]);
    expect(ask).not.toHaveBeenCalled();
  });

  function view() {
    return { status: 'loading', origin: HIGH } as const;
  }
});
