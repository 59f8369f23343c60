import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ScanReport } from '../../../lib/contract/report-schema';
import { DEFAULT_SERVICE_BASE_URL } from '../../../lib/contract/service-base-url';
import type { LookupOutcome } from '../../../lib/service/lookup-outcome';
import { readTabState, watchTabState } from '../../../lib/tabs/tab-state';
import type { TabView } from '../../../lib/tabs/tab-view';
import { FIXTURE_ORIGINS, fixtureReports } from '../../../reference-server/fixtures/reports';
import {
  AUTOMATIC_SETTINGS,
  SERVICE_BASE_URL,
  startWorker,
  TabWorld,
  type Worker,
} from '../support/tab-world';

const HIGH = FIXTURE_ORIGINS.high;
const LOW = FIXTURE_ORIGINS.low;
const MID = FIXTURE_ORIGINS.mid;
// fixed date: the clock this test passes in, to the code under test and to the fixture reports
const START = Date.parse('2026-11-22T10:00:00Z');
const reports = fixtureReports(DEFAULT_SERVICE_BASE_URL, START);

function reportOutcome(
  report: ScanReport = reports.high,
  cacheControl = 'max-age=300',
): LookupOutcome {
  return {
    kind: 'report',
    report,
    response: { status: 200, headers: { 'cache-control': cacheControl } },
  };
}

const NO_REPORT: LookupOutcome = {
  kind: 'no-report',
  message: 'none',
  scanUrl: null,
  documentationUrl: null,
  response: { status: 404, headers: {} },
};

const unavailable = (retryAt: number | null): LookupOutcome => ({
  kind: 'unavailable',
  retryAt,
  response: { status: 503, headers: {} },
});

/** A lookup that resolves only when the test says so. */
function deferredLookup() {
  let resolve!: (outcome: LookupOutcome) => void;
  const promise = new Promise<LookupOutcome>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function setUp(
  lookup: (target: string) => Promise<LookupOutcome> = async () => reportOutcome(),
  world = new TabWorld(),
) {
  let clock = START;
  const lookupReport = vi.fn(lookup);
  const errors: unknown[] = [];
  const now = () => clock;
  const boot = (baseUrl = SERVICE_BASE_URL) =>
    startWorker({
      world,
      lookupReport,
      now,
      onError: (error) => errors.push(error),
      readSettings: async () => ({ ...AUTOMATIC_SETTINGS, serviceBaseUrl: baseUrl }),
    });
  let worker: Worker = boot();
  const tabStates = {
    get: (tabId: number) => readTabState(tabId, SERVICE_BASE_URL),
    watch: (tabId: number, onChange: Parameters<typeof watchTabState>[2]) =>
      watchTabState(tabId, SERVICE_BASE_URL, onChange),
  };
  return {
    world,
    lookupReport,
    errors,
    tabStates,
    get worker() {
      return worker;
    },
    /** Stops the worker and starts a new one over the same storage, as the browser does. */
    async restart(baseUrl?: string) {
      worker.stop();
      worker = boot(baseUrl);
      await worker.service.reconcile();
    },
    /** Opens an active tab on `url` and lets the worker look at it, as onActivated would. */
    async openActive(url: string) {
      const tabId = world.open(url);
      const view = await worker.service.showTab(tabId);
      return { tabId, view };
    },
    advance(ms: number) {
      clock += ms;
    },
    targets: () => lookupReport.mock.calls.map(([target]) => target),
  };
}

describe('createLookupService', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('shows the report for a public site, on the badge and in stored state', async () => {
    const t = setUp();
    const { tabId, view } = await t.openActive(`${HIGH}/docs/page?q=secret`);
    expect(view).toMatchObject({ status: 'report', origin: HIGH, stale: false });
    expect(t.targets()).toEqual([HIGH]);
    expect(t.world.badges.get(tabId)?.status).toBe('report');
    expect(await t.tabStates.get(tabId)).toMatchObject({
      origin: HIGH,
      view: { status: 'report' },
      service: SERVICE_BASE_URL,
    });
  });

  it('sends the request without waiting for "loading" to reach the badge', async () => {
    // The browser holds every badge change back until the test lets it through.
    let holding = true;
    const held: (() => void)[] = [];
    const world = new TabWorld({
      applyInOrder: async (apply) => {
        if (holding) await new Promise<void>((done) => held.push(done));
        apply();
      },
    });
    const answer = deferredLookup();
    const { lookupReport, errors, worker } = setUp(() => answer.promise, world);
    const tabId = world.open(`${HIGH}/`);
    const shown = worker.service.showTab(tabId);

    await vi.waitFor(() => expect(lookupReport).toHaveBeenCalledWith(HIGH));
    // "Loading" comes once the wait is noticeable, and the browser still holds it back.
    await vi.waitFor(() => expect(held.length).toBeGreaterThan(0));
    expect(world.badges.has(tabId)).toBe(false);

    holding = false;
    for (const release of held) release();
    answer.resolve(reportOutcome());
    expect(await shown).toMatchObject({ status: 'report' });
    expect(world.badges.get(tabId)?.status).toBe('report');
    expect(errors).toEqual([]);
  });

  it('shows a quick answer without a "loading" before it; Refresh shows it at once', async () => {
    const statuses: string[] = [];
    const world = new TabWorld({
      applyInOrder: async (apply) => {
        apply();
        for (const view of world.badges.values()) statuses.push(view.status);
      },
    });
    const { worker } = setUp(undefined, world);
    const tabId = world.open(`${HIGH}/`);
    expect(await worker.service.showTab(tabId)).toMatchObject({ status: 'report' });
    expect(statuses).toEqual(['report']);
    await worker.service.showTab(tabId, { force: true });
    expect(statuses).toEqual(['report', 'loading', 'report']);
  });

  it('stores until when a view is fresh, from the answer and from the cache', async () => {
    const t = setUp();
    const { tabId } = await t.openActive(HIGH);
    expect((await t.tabStates.get(tabId))?.freshUntil).toBe(START + 300_000);
    t.advance(100_000);
    await t.worker.service.showTab(tabId);
    expect((await t.tabStates.get(tabId))?.freshUntil).toBe(START + 300_000);
  });

  it('shows a fresh answer the tab already has without reading the cache, then asks once it is not fresh', async () => {
    const t = setUp();
    const { tabId } = await t.openActive(HIGH);
    await t.restart();
    // Whatever the cache held is gone: only the tab's state can answer now.
    await fakeBrowser.storage.local.clear();
    expect(await t.worker.service.tabActivated(tabId)).toBeUndefined();
    expect(t.world.badges.get(tabId)?.status).toBe('report');
    expect(t.targets()).toEqual([HIGH]);
    t.advance(300_000);
    await t.worker.service.tabActivated(tabId);
    expect(t.targets()).toEqual([HIGH, HIGH]);
  });

  it('stores no freshness with a view that is not a fresh answer', async () => {
    const t = setUp(async () => unavailable(null));
    const { tabId, view } = await t.openActive(HIGH);
    expect(view).toMatchObject({ status: 'unavailable' });
    expect((await t.tabStates.get(tabId))?.freshUntil).toBeUndefined();
  });

  it('refuses local sites without any request', async () => {
    const t = setUp();
    const first = await t.openActive('http://127.0.0.1:8080/');
    const second = await t.openActive('http://localhost/');
    expect(t.lookupReport).not.toHaveBeenCalled();
    expect(t.world.badges.get(first.tabId)).toEqual({
      status: 'not-looked-up',
      reason: 'private-address',
    });
    expect(t.world.badges.get(second.tabId)).toEqual({
      status: 'not-looked-up',
      reason: 'localhost',
    });
  });

  it('answers from the cache while the report is fresh, and asks again once it expires', async () => {
    const t = setUp();
    const { tabId } = await t.openActive(`${HIGH}/a`);
    await t.openActive(`${HIGH}/b`);
    expect(t.targets()).toEqual([HIGH]);
    t.advance(300_000);
    await t.worker.service.showTab(tabId);
    expect(t.targets()).toEqual([HIGH, HIGH]);
  });

  it('does not store answers the server marks no-store', async () => {
    const t = setUp(async () => reportOutcome(reports.high, 'no-store'));
    const { tabId } = await t.openActive(HIGH);
    await t.worker.service.showTab(tabId);
    expect(t.targets()).toEqual([HIGH, HIGH]);
  });

  it('keeps a shown answer the cache may not keep on show while the popup has it looked up again', async () => {
    // The open popup watches the tab's state: a "loading" between two copies of the same
    // report would show it the spinner after the report (the fault matrix saw it).
    const t = setUp(async () => reportOutcome(reports.high, 'no-store'));
    const { tabId } = await t.openActive(HIGH);
    const seen: string[] = [];
    const stop = t.tabStates.watch(tabId, (state) => {
      if (state) seen.push(state.view.status);
    });
    await t.worker.service.showTab(tabId);
    await t.worker.service.showTab(tabId, { force: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    stop();
    expect(t.targets()).toEqual([HIGH, HIGH, HIGH]);
    // Refresh still shows that it is looking.
    expect(seen).toEqual(['report', 'loading', 'report']);
  });

  it('never serves a report cached from another base URL', async () => {
    const t = setUp();
    const { tabId } = await t.openActive(HIGH);
    await t.restart('http://other-service.test');
    expect(await t.worker.service.showTab(tabId)).toMatchObject({ status: 'report' });
    expect(t.targets()).toEqual([HIGH, HIGH]);
  });

  it('shares one request among concurrent asks for one site', async () => {
    const pending = deferredLookup();
    const t = setUp(() => pending.promise);
    const first = t.world.open(`${HIGH}/a`);
    const second = t.world.open(`${HIGH}/b`);
    const views = [
      t.worker.service.showTab(first),
      t.worker.service.showTab(second),
      t.worker.service.showTab(first),
    ];
    await vi.waitFor(() => expect(t.lookupReport).toHaveBeenCalledTimes(1));
    pending.resolve(reportOutcome());
    await Promise.all(views);
    expect(t.targets()).toEqual([HIGH]);
    expect(t.world.badges.get(first)?.status).toBe('report');
    expect(t.world.badges.get(second)?.status).toBe('report');
  });

  it('drops a result for a tab that moved on to another site meanwhile', async () => {
    const slowHigh = deferredLookup();
    const t = setUp((target) =>
      target === HIGH ? slowHigh.promise : Promise.resolve(reportOutcome(reports.low)),
    );
    const tabId = t.world.open(HIGH);
    const first = t.worker.service.showTab(tabId);
    await vi.waitFor(() => expect(t.world.badges.get(tabId)?.status).toBe('loading'));
    t.world.navigate(tabId, LOW, 'in-page');
    await t.worker.service.tabNavigated(tabId);
    slowHigh.resolve(reportOutcome(reports.high));
    await first;
    expect(t.world.badges.get(tabId)).toMatchObject({ status: 'report', origin: LOW });
    expect(await t.tabStates.get(tabId)).toMatchObject({ origin: LOW });
  });

  it('drops a result for a tab whose URL changed before the event arrived', async () => {
    const slowHigh = deferredLookup();
    const t = setUp(() => slowHigh.promise);
    const tabId = t.world.open(HIGH);
    const first = t.worker.service.showTab(tabId);
    await vi.waitFor(() => expect(t.world.badges.get(tabId)?.status).toBe('loading'));
    t.world.navigate(tabId, LOW, 'in-page');
    slowHigh.resolve(reportOutcome(reports.high));
    await first;
    // Not applied: the event for the new URL, when it comes, brings the right view.
    expect(t.world.badges.get(tabId)?.status).toBe('loading');
  });

  it('does not touch a tab that closed while its lookup ran', async () => {
    const pending = deferredLookup();
    const t = setUp(() => pending.promise);
    const tabId = t.world.open(HIGH);
    const lookup = t.worker.service.showTab(tabId);
    await vi.waitFor(() => expect(t.world.badges.get(tabId)?.status).toBe('loading'));
    t.world.close(tabId);
    await t.worker.service.forgetTab(tabId);
    pending.resolve(reportOutcome());
    await lookup;
    expect(await t.tabStates.get(tabId)).toBeNull();
    expect(t.errors).toEqual([]);
  });

  it('treats "No tab with id" from the badge as the tab having closed', async () => {
    const t = setUp();
    const tabId = t.world.open(HIGH);
    const failingBadge = vi.fn(async () => {
      throw new Error(`No tab with id: ${tabId}.`);
    });
    const worker = startWorker({
      world: t.world,
      lookupReport: t.lookupReport,
      now: () => START,
      onError: () => {},
      overrides: {
        tabs: {
          read: t.world.readTab,
          all: t.world.openTabs,
          showBadge: failingBadge,
          clearBadge: t.world.clearBadge,
          handToPopup: async () => {},
        },
      },
    });
    await expect(worker.service.showTab(tabId)).resolves.toMatchObject({ status: 'report' });
    expect(failingBadge).toHaveBeenCalled();
  });

  it('bypasses the cache when forced', async () => {
    const t = setUp();
    const { tabId } = await t.openActive(HIGH);
    await t.worker.service.showTab(tabId, { force: true });
    expect(t.targets()).toEqual([HIGH, HIGH]);
  });

  it.each<[string, LookupOutcome, TabView['status']]>([
    ['no report', NO_REPORT, 'no-report'],
    ['unavailable', unavailable(null), 'unavailable'],
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
    const t = setUp(async () => outcome);
    const { tabId } = await t.openActive(HIGH);
    expect(t.world.badges.get(tabId)?.status).toBe(status);
  });

  it.each<[string, LookupOutcome]>([
    ['an invalid response', { kind: 'invalid-response', problem: 'x', response: null }],
    [
      'a 400',
      { kind: 'invalid-request', message: 'bad url', response: { status: 400, headers: {} } },
    ],
  ])('keeps %s for its tab without asking again, until Refresh', async (_name, outcome) => {
    const t = setUp(async () => outcome);
    const { tabId } = await t.openActive(`${HIGH}/a`);
    const again = await t.worker.service.showTab(tabId);
    expect(again?.status).toBe(outcome.kind === 'invalid-request' ? 'rejected' : outcome.kind);
    expect(t.targets()).toEqual([HIGH]);
    await t.worker.service.showTab(tabId, { force: true });
    expect(t.targets()).toEqual([HIGH, HIGH]);
    // Another tab on the same site has no such answer yet: it asks.
    await t.openActive(`${HIGH}/b`);
    expect(t.targets()).toEqual([HIGH, HIGH, HIGH]);
  });

  it('caches "no report" for a short floor', async () => {
    const t = setUp(async () => NO_REPORT);
    const { tabId } = await t.openActive(HIGH);
    t.advance(299_000);
    await t.worker.service.showTab(tabId);
    expect(t.targets()).toEqual([HIGH]);
    t.advance(1_000);
    await t.worker.service.showTab(tabId);
    expect(t.targets()).toEqual([HIGH, HIGH]);
  });

  it('does not ask for a target again before its Retry-After, even when forced', async () => {
    const retryAt = START + 120_000;
    const t = setUp(async () => unavailable(retryAt));
    const { tabId } = await t.openActive(LOW);
    for (let switches = 0; switches < 50; switches++) await t.worker.service.showTab(tabId);
    await t.worker.service.showTab(tabId, { force: true });
    expect(t.targets()).toEqual([LOW]);
    expect(t.world.badges.get(tabId)).toEqual({
      status: 'unavailable',
      origin: LOW,
      cause: 'service',
      retryAt,
    });
    t.advance(120_000);
    await t.worker.service.showTab(tabId);
    expect(t.targets()).toEqual([LOW, LOW]);
  });

  it('keeps Retry-After across a worker restart', async () => {
    const t = setUp(async () => unavailable(START + 120_000));
    const { tabId } = await t.openActive(LOW);
    await t.restart();
    await t.worker.service.showTab(tabId);
    expect(t.targets()).toEqual([LOW]);
  });

  it('backs off the whole service after repeated failures, and a real answer ends it', async () => {
    const t = setUp(async (target) =>
      target === MID ? reportOutcome(reports.mid) : { kind: 'timeout', timeoutMs: 8000 },
    );
    await t.openActive(HIGH);
    await t.openActive(LOW);
    const { tabId } = await t.openActive(MID);
    expect(t.targets()).toEqual([HIGH, LOW]);
    expect(t.world.badges.get(tabId)).toMatchObject({ status: 'unavailable', cause: 'service' });
    t.advance(30_000);
    await t.worker.service.showTab(tabId);
    expect(t.targets()).toEqual([HIGH, LOW, MID]);
    expect(t.world.badges.get(tabId)).toMatchObject({ status: 'report', origin: MID });
    await t.openActive(HIGH);
    expect(t.targets()).toEqual([HIGH, LOW, MID, HIGH]);
  });

  it.each<[string, LookupOutcome]>([
    ['a 503', unavailable(null)],
    ['a timeout', { kind: 'timeout', timeoutMs: 8000 }],
    ['a network failure', { kind: 'network-failure', message: 'offline' }],
  ])('shows the stored report marked stale, with its age, after %s (stale-if-error)', async (_name, failure) => {
    const answers = [reportOutcome(reports.high, 'max-age=0, stale-if-error=600'), failure];
    const t = setUp(async () => answers.shift() ?? failure);
    const { tabId } = await t.openActive(HIGH);
    t.advance(60_000);
    const view = await t.worker.service.showTab(tabId);
    expect(t.targets()).toEqual([HIGH, HIGH]);
    expect(view).toMatchObject({ status: 'report', origin: HIGH, stale: true, receivedAt: START });
    expect(t.world.badges.get(tabId)).toEqual(view);
  });

  it('shows "unavailable" once stale-if-error has run out', async () => {
    const answers = [
      reportOutcome(reports.high, 'max-age=0, stale-if-error=60'),
      unavailable(null),
    ];
    const t = setUp(async () => answers.shift() ?? unavailable(null));
    const { tabId } = await t.openActive(HIGH);
    t.advance(60_000);
    expect(await t.worker.service.showTab(tabId)).toMatchObject({ status: 'unavailable' });
  });

  it('shows a stale-while-revalidate report at once and replaces it in the background', async () => {
    const refreshed = deferredLookup();
    const answers = [
      Promise.resolve(reportOutcome(reports.high, 'max-age=60, stale-while-revalidate=600')),
      refreshed.promise,
    ];
    const t = setUp(() => answers.shift() ?? refreshed.promise);
    const { tabId } = await t.openActive(HIGH);
    t.advance(90_000);
    const view = await t.worker.service.showTab(tabId);
    expect(view).toMatchObject({ status: 'report', receivedAt: START, stale: false });
    await vi.waitFor(() => expect(t.targets()).toEqual([HIGH, HIGH]));
    refreshed.resolve(reportOutcome({ ...reports.high, score: 50 }));
    await vi.waitFor(() =>
      expect(t.world.badges.get(tabId)).toMatchObject({ receivedAt: START + 90_000 }),
    );
    expect(t.world.badges.get(tabId)).toMatchObject({ report: { score: 50 } });
  });

  describe('across worker restarts', () => {
    it('answers from the stored cache, with the tab state intact', async () => {
      const t = setUp();
      const { tabId } = await t.openActive(HIGH);
      await t.restart();
      expect(await t.tabStates.get(tabId)).toMatchObject({ origin: HIGH });
      expect(await t.worker.service.showTab(tabId)).toMatchObject({ status: 'report' });
      expect(t.targets()).toEqual([HIGH]);
    });

    it('finishes a lookup the stopped worker left "loading"', async () => {
      const never = deferredLookup();
      const answers = [never.promise, Promise.resolve(reportOutcome())];
      const t = setUp(() => answers.shift() ?? never.promise);
      const tabId = t.world.open(HIGH);
      void t.worker.service.showTab(tabId);
      await vi.waitFor(() => expect(t.world.badges.get(tabId)?.status).toBe('loading'));
      await t.restart();
      await vi.waitFor(() => expect(t.world.badges.get(tabId)?.status).toBe('report'));
      expect(await t.tabStates.get(tabId)).toMatchObject({ view: { status: 'report' } });
    });

    it('drops states of tabs closed while no worker ran', async () => {
      const t = setUp();
      const { tabId } = await t.openActive(HIGH);
      t.world.close(tabId);
      await t.restart();
      expect(await t.tabStates.get(tabId)).toBeNull();
    });

    it('withdraws a background tab state about a site the tab no longer shows', async () => {
      const t = setUp();
      const { tabId } = await t.openActive(HIGH);
      t.world.open(LOW);
      t.world.navigate(tabId, MID, 'in-page');
      await t.restart();
      expect(await t.tabStates.get(tabId)).toBeNull();
      expect(t.world.badges.has(tabId)).toBe(false);
      // The new active tab had never been looked at: that one is looked up.
      expect(t.targets()).toEqual([HIGH, LOW]);
    });

    it('makes no request for tabs whose state is settled', async () => {
      const t = setUp();
      await t.openActive(HIGH);
      await t.openActive(LOW);
      await t.restart();
      expect(t.targets()).toEqual([HIGH, LOW]);
    });
  });

  describe('background tabs', () => {
    it('are shown from the cache after navigating, without a request', async () => {
      const t = setUp();
      const { tabId: background } = await t.openActive(LOW);
      await t.openActive(HIGH);
      t.world.navigate(background, `${HIGH}/page`);
      await t.worker.service.tabNavigated(background);
      expect(t.world.badges.get(background)).toMatchObject({ status: 'report', origin: HIGH });
      expect(t.targets()).toEqual([LOW, HIGH]);
    });

    it('lose their state, not gain a request, on a site not in the cache', async () => {
      const t = setUp();
      const { tabId: background } = await t.openActive(LOW);
      await t.openActive(HIGH);
      t.world.navigate(background, MID, 'in-page');
      await t.worker.service.tabNavigated(background);
      expect(t.world.badges.has(background)).toBe(false);
      expect(await t.tabStates.get(background)).toBeNull();
      expect(t.targets()).toEqual([LOW, HIGH]);
    });
  });

  it('puts the badge back after a load completes, without a request', async () => {
    const t = setUp();
    const { tabId } = await t.openActive(HIGH);
    t.world.navigate(tabId, `${HIGH}/next`);
    expect(t.world.badges.has(tabId)).toBe(false);
    await t.worker.service.restoreBadge(tabId);
    expect(t.world.badges.get(tabId)).toMatchObject({ status: 'report', origin: HIGH });
    expect(t.targets()).toEqual([HIGH]);
  });
});

describe('createTabEventHandlers', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('makes one request for a storm of onUpdated events on one site', async () => {
    const pending = deferredLookup();
    const t = setUp(() => pending.promise);
    const tabId = t.world.open(`${HIGH}/`);
    const { handlers } = t.worker;
    const events: Promise<void>[] = [handlers.activated({ tabId })];
    for (let step = 0; step < 10; step++) {
      t.world.navigate(tabId, `${HIGH}/page-${step}`, step % 2 === 0 ? 'in-page' : 'full');
      events.push(handlers.updated(tabId, { status: 'loading', url: `${HIGH}/page-${step}` }));
      events.push(handlers.updated(tabId, { status: 'loading' }));
      events.push(handlers.updated(tabId, { status: 'complete' }));
    }
    pending.resolve(reportOutcome());
    await Promise.all(events);
    expect(t.targets()).toEqual([HIGH]);
    expect(t.world.badges.get(tabId)).toMatchObject({ status: 'report', origin: HIGH });
    expect(t.errors).toEqual([]);
  });

  it('gives a replacing tab its own badge and forgets the replaced one', async () => {
    const t = setUp();
    const { tabId } = await t.openActive(HIGH);
    const replacement = t.world.replace(tabId, `${LOW}/prerendered`);
    await t.worker.handlers.replaced(replacement, tabId);
    expect(await t.tabStates.get(tabId)).toBeNull();
    expect(t.world.badges.get(replacement)).toMatchObject({ status: 'report' });
    expect(await t.tabStates.get(replacement)).toMatchObject({ origin: LOW });
  });

  it('removes the state of a closed tab', async () => {
    const t = setUp();
    const { tabId } = await t.openActive(HIGH);
    t.world.close(tabId);
    await t.worker.handlers.removed(tabId);
    expect(await t.tabStates.get(tabId)).toBeNull();
  });
});

describe('showSite (the link menu: a site outside any tab)', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('looks up the origin of a link, never its path, query or fragment, and caches it', async () => {
    const t = setUp();
    const view = await t.worker.service.showSite(`${HIGH}/account/jane@mail.com?session=1#top`);
    expect(t.targets()).toEqual([HIGH]);
    expect(view).toMatchObject({ status: 'report', origin: HIGH, receivedAt: START });
    // A tab on the site is then answered from the same cache.
    await t.openActive(`${HIGH}/pricing`);
    expect(t.targets()).toEqual([HIGH]);
  });

  it('answers from the cache without a request, and past it when forced', async () => {
    const t = setUp();
    await t.worker.service.showSite(`${HIGH}/`);
    await t.worker.service.showSite(`${HIGH}/other`);
    expect(t.targets()).toEqual([HIGH]);
    await t.worker.service.showSite(`${HIGH}/`, { force: true });
    expect(t.targets()).toEqual([HIGH, HIGH]);
  });

  it('shares one request with a tab looking the same site up', async () => {
    const pending = deferredLookup();
    const t = setUp(() => pending.promise);
    const tab = t.openActive(`${HIGH}/a`);
    const site = t.worker.service.showSite(`${HIGH}/b`);
    await vi.waitFor(() => expect(t.lookupReport).toHaveBeenCalledTimes(1));
    pending.resolve(reportOutcome());
    await Promise.all([tab, site]);
    expect(t.targets()).toEqual([HIGH]);
  });

  it('honours Retry-After like a tab does', async () => {
    const t = setUp(async () => unavailable(START + 120_000));
    await t.openActive(`${HIGH}/`);
    const view = await t.worker.service.showSite(`${HIGH}/`, { force: true });
    expect(view).toMatchObject({ status: 'unavailable', retryAt: START + 120_000 });
    expect(t.targets()).toEqual([HIGH]);
  });

  it.each([
    ['a private address', 'http://192.168.1.1/admin', 'private-address'],
    ['localhost', 'http://localhost:3000/', 'localhost'],
    ['a page that is not a website', 'file:///etc/hosts', 'not-http'],
    ['no address', '', 'no-url'],
  ])('refuses %s with the reason, sending nothing', async (_name, url, reason) => {
    const t = setUp();
    await expect(t.worker.service.showSite(url)).resolves.toEqual({
      status: 'not-looked-up',
      reason,
    });
    expect(t.lookupReport).not.toHaveBeenCalled();
  });
});

describe('createLookupService: a busy service (429 or a spent quota)', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  function busyWorld(answer: (target: string) => LookupOutcome) {
    let clock = START;
    const world = new TabWorld();
    const lookupReport = vi.fn(async (target: string) => answer(target));
    const wakeAt = vi.fn();
    const worker = startWorker({
      world,
      lookupReport,
      now: () => clock,
      onError: (error) => {
        throw error;
      },
      wakeAt,
    });
    const show = async (url: string) => {
      const tabId = world.open(url);
      return { tabId, view: await worker.service.showTab(tabId) };
    };
    return {
      world,
      worker,
      lookupReport,
      wakeAt,
      show,
      advance: (ms: number) => {
        clock += ms;
      },
    };
  }

  const withQuota = (report: ScanReport, remaining: number, resetSeconds: number) => ({
    kind: 'report' as const,
    report,
    response: {
      status: 200,
      headers: {
        'cache-control': 'max-age=300',
        'ratelimit-remaining': String(remaining),
        'ratelimit-reset': String(resetSeconds),
      },
    },
  });

  it('after an answer saying none remain, the next site waits as busy and is looked up when the window reopens', async () => {
    const t = busyWorld((target) =>
      withQuota(target === HIGH ? reports.high : reports.mid, target === HIGH ? 0 : 119, 30),
    );
    expect((await t.show(HIGH)).view).toMatchObject({ status: 'report' });
    const waiting = await t.show(MID);
    expect(waiting.view).toStrictEqual({ status: 'busy', origin: MID, retryAt: START + 30_000 });
    expect(t.lookupReport).toHaveBeenCalledTimes(1);
    expect(t.wakeAt).toHaveBeenCalledWith(START + 30_000);
    expect(t.world.badges.get(waiting.tabId)?.status).toBe('busy');

    t.advance(30_000);
    await t.worker.service.lookUpWaitingTabs();
    expect(t.lookupReport.mock.calls.map(([target]) => target)).toEqual([HIGH, MID]);
    expect(t.world.badges.get(waiting.tabId)?.status).toBe('report');
  });

  it('a 429 shows busy, sends nothing more until Retry-After, and a refresh does not get past it', async () => {
    const t = busyWorld(() => ({
      kind: 'busy',
      retryAt: START + 20_000,
      response: { status: 429, headers: {} },
    }));
    expect((await t.show(HIGH)).view).toStrictEqual({
      status: 'busy',
      origin: HIGH,
      retryAt: START + 20_000,
    });
    const other = t.world.open(LOW);
    expect(await t.worker.service.showTab(other, { force: true })).toMatchObject({
      status: 'busy',
    });
    expect(await t.worker.service.showSite(`${MID}/page`, { force: true })).toMatchObject({
      status: 'busy',
    });
    expect(t.lookupReport).toHaveBeenCalledTimes(1);
  });

  it('a cached report stays on screen, marked stale, while the service is busy', async () => {
    let busy = false;
    const t = busyWorld(() =>
      busy
        ? {
            kind: 'busy',
            retryAt: START + 600_000,
            response: { status: 429, headers: {} },
          }
        : reportOutcome(reports.high, 'max-age=60, stale-if-error=86400'),
    );
    await t.show(HIGH);
    busy = true;
    t.advance(120_000);
    const { view } = await t.show(HIGH);
    expect(view).toMatchObject({ status: 'report', origin: HIGH, stale: true });
  });
});
