/**
 * The property behind "badges that are never about the wrong tab": whatever tabs do (switch,
 * navigate fully or in-page, close, get replaced), whenever the worker is stopped and started
 * again, and in whatever order the service's answers arrive, once everything has settled
 * every open tab's badge and stored state are about the site it shows now.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SERVICE_BASE_URL } from '../../../lib/contract/service-base-url';
import { deriveLookupTarget } from '../../../lib/privacy/lookup-target';
import type { LookupOutcome } from '../../../lib/service/lookup-outcome';
import { readTabState } from '../../../lib/tabs/tab-state';
import type { TabView } from '../../../lib/tabs/tab-view';
import {
  FIXTURE_ORIGINS,
  fixtureReports,
  UNSCANNED_ORIGIN,
} from '../../../reference-server/fixtures/reports';
import { SERVICE_BASE_URL, startWorker, TabWorld, type Worker } from '../support/tab-world';

const NUM_RUNS = 1000;
// fixed date: the clock this test passes in, to the code under test and to the fixture reports
const START = Date.parse('2026-11-22T10:00:00Z');
const TEMPLATE = fixtureReports(DEFAULT_SERVICE_BASE_URL, START).high;

const ORIGINS = [FIXTURE_ORIGINS.high, FIXTURE_ORIGINS.low, FIXTURE_ORIGINS.mid, UNSCANNED_ORIGIN];
const URLS = [
  ...ORIGINS.flatMap((origin) => [`${origin}/`, `${origin}/docs?page=2`]),
  'http://localhost:3000/admin',
  'http://192.168.1.1/',
  'chrome://newtab/',
];

/** How the service answers a lookup; each one is built for the target it was asked about. */
const ANSWERS = [
  'report',
  'report, max-age=0, stale-if-error',
  'report, stale-while-revalidate',
  'report, no-store',
  'no report',
  'unavailable, Retry-After',
  'unavailable',
  'timeout',
  'network failure',
] as const;
type Answer = (typeof ANSWERS)[number];

function outcomeFor(answer: Answer, target: string, now: number): LookupOutcome {
  const report = (cacheControl: string): LookupOutcome => ({
    kind: 'report',
    report: { ...TEMPLATE, target, display_target: new URL(target).host },
    response: { status: 200, headers: { 'cache-control': cacheControl } },
  });
  switch (answer) {
    case 'report':
      return report('max-age=300');
    case 'report, max-age=0, stale-if-error':
      return report('max-age=0, stale-if-error=600');
    case 'report, stale-while-revalidate':
      return report('max-age=30, stale-while-revalidate=600');
    case 'report, no-store':
      return report('no-store');
    case 'no report':
      return {
        kind: 'no-report',
        message: null,
        scanUrl: null,
        documentationUrl: null,
        response: { status: 404, headers: {} },
      };
    case 'unavailable, Retry-After':
      return {
        kind: 'unavailable',
        retryAt: now + 120_000,
        response: { status: 503, headers: {} },
      };
    case 'unavailable':
      return { kind: 'unavailable', retryAt: null, response: { status: 503, headers: {} } };
    case 'timeout':
      return { kind: 'timeout', timeoutMs: 8000 };
    case 'network failure':
      return { kind: 'network-failure', message: 'offline' };
  }
}

type Command =
  | { kind: 'open'; url: string; active: boolean }
  | { kind: 'activate'; tab: number }
  | { kind: 'navigate'; tab: number; url: string; how: 'full' | 'in-page' }
  | { kind: 'load-complete'; tab: number }
  | { kind: 'close'; tab: number }
  | { kind: 'replace'; tab: number; url: string }
  | { kind: 'restart-worker' }
  | { kind: 'popup'; tab: number; refresh: boolean }
  | { kind: 'time-passes'; seconds: number };

const url = fc.constantFrom(...URLS);
const tab = fc.nat({ max: 7 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('open' as const), url, active: fc.boolean() }),
  fc.record({ kind: fc.constant('activate' as const), tab }),
  fc.record({
    kind: fc.constant('navigate' as const),
    tab,
    url,
    how: fc.constantFrom('full' as const, 'in-page' as const),
  }),
  fc.record({ kind: fc.constant('load-complete' as const), tab }),
  fc.record({ kind: fc.constant('close' as const), tab }),
  fc.record({ kind: fc.constant('replace' as const), tab, url }),
  fc.constant({ kind: 'restart-worker' as const }),
  fc.record({ kind: fc.constant('popup' as const), tab, refresh: fc.boolean() }),
  fc.record({ kind: fc.constant('time-passes' as const), seconds: fc.constantFrom(20, 90, 400) }),
);

/** What a URL is, as far as lookups go: its origin, or the reason it is not looked up. */
function siteOf(pageUrl: string | undefined): string {
  const target = deriveLookupTarget(pageUrl);
  return target.kind === 'target' ? target.origin : `refused:${target.reason}`;
}

function siteOfView(view: TabView): string {
  return view.status === 'not-looked-up' ? `refused:${view.reason}` : view.origin;
}

interface Run {
  world: TabWorld;
  errors: unknown[];
  requests: string[];
  everOpened: Set<number>;
}

/**
 * Work the browser does in order but not at once (delivering events to the worker, applying
 * badge changes): each item waits for the scheduler, and items are done first in, first out.
 */
function inOrderLater(scheduler: fc.Scheduler, label: string) {
  const queue: (() => void)[] = [];
  return <T>(work: () => T): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push(() => {
        try {
          resolve(work());
        } catch (error) {
          reject(error);
        }
      });
      scheduler.schedule(Promise.resolve(), label).then(() => queue.shift()?.());
    });
}

async function runScenario(
  scheduler: fc.Scheduler,
  commands: Command[],
  answers: Answer[],
): Promise<Run> {
  fakeBrowser.reset();
  let clock = START;
  const now = () => clock;
  const world = new TabWorld({
    applyInOrder: inOrderLater(scheduler, 'badge'),
    answerLater: (answer) => scheduler.schedule(answer, 'tab read'),
  });
  const deliverEvent = inOrderLater(scheduler, 'event');
  const errors: unknown[] = [];
  const requests: string[] = [];
  const everOpened = new Set<number>();
  const onError = (error: unknown) => errors.push(error);

  // Answers are decided when asked, delivered whenever the scheduler chooses.
  const lookupReport = (target: string) => {
    const answer = answers[requests.length % answers.length] ?? 'report';
    requests.push(target);
    return scheduler.schedule(Promise.resolve(outcomeFor(answer, target, now())), target);
  };

  // Work of the running worker; a stopped worker's work is abandoned, as the browser would.
  let pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const tracked = work.catch(onError);
    const set = pending;
    set.add(tracked);
    tracked.finally(() => set.delete(tracked));
  };
  const boot = () => startWorker({ world, lookupReport, now, onError });
  let worker: Worker = boot();

  const openTabIds = () => [...world.tabs.keys()];
  const pick = (index: number) => {
    const ids = openTabIds();
    return ids.length === 0 ? null : (ids[index % ids.length] ?? null);
  };
  /** Fires a tab event: the worker that is running when it arrives handles it. */
  const fire = (handle: (handlers: Worker['handlers']) => Promise<void>) => {
    deliverEvent(() => track(handle(worker.handlers)));
  };
  const activate = (tabId: number) => {
    world.activate(tabId);
    fire((on) => on.activated({ tabId }));
  };

  const execute = (step: Command) => {
    switch (step.kind) {
      case 'open': {
        const tabId = world.open(step.url, { active: step.active });
        everOpened.add(tabId);
        if (step.active) fire((on) => on.activated({ tabId }));
        fire((on) => on.updated(tabId, { status: 'loading', url: step.url }));
        fire((on) => on.updated(tabId, { status: 'complete' }));
        return;
      }
      case 'activate': {
        const tabId = pick(step.tab);
        if (tabId !== null) activate(tabId);
        return;
      }
      case 'navigate': {
        const tabId = pick(step.tab);
        if (tabId === null) return;
        world.navigate(tabId, step.url, step.how);
        fire((on) => on.updated(tabId, { url: step.url }));
        if (step.how === 'full') fire((on) => on.updated(tabId, { status: 'complete' }));
        return;
      }
      case 'load-complete': {
        const tabId = pick(step.tab);
        if (tabId !== null) fire((on) => on.updated(tabId, { status: 'complete' }));
        return;
      }
      case 'close': {
        const tabId = pick(step.tab);
        if (tabId === null) return;
        const wasActive = world.activeTabId === tabId;
        world.close(tabId);
        fire((on) => on.removed(tabId));
        // The browser then activates another tab.
        const next = openTabIds().at(-1);
        if (wasActive && next !== undefined) activate(next);
        return;
      }
      case 'replace': {
        const tabId = pick(step.tab);
        if (tabId === null) return;
        const replacement = world.replace(tabId, step.url);
        everOpened.add(replacement);
        fire((on) => on.replaced(replacement, tabId));
        return;
      }
      case 'restart-worker': {
        worker.stop();
        pending = new Set();
        worker = boot();
        track(worker.service.reconcile());
        return;
      }
      case 'popup': {
        const tabId = pick(step.tab);
        if (tabId !== null) track(worker.service.showTab(tabId, { force: step.refresh }));
        return;
      }
      case 'time-passes':
        clock += step.seconds * 1000;
        return;
    }
  };

  const initialTab = world.open(URLS[0]);
  everOpened.add(initialTab);
  track(worker.service.reconcile());

  const sequence = scheduler.scheduleSequence(
    commands.map((step) => ({
      label: JSON.stringify(step),
      builder: async () => execute(step),
    })),
  );

  // Settle: every answer delivered, every piece of work of the running worker finished.
  for (let round = 0; ; round++) {
    await scheduler.waitIdle();
    await new Promise((resolve) => setImmediate(resolve));
    if (sequence.done && scheduler.count() === 0 && pending.size === 0) break;
    if (round > 200) throw new Error('the scenario did not settle');
  }
  return { world, errors, requests, everOpened };
}

/** Every way a settled run can be wrong, in words; empty when it is right. */
async function wrongBadges(run: Run): Promise<string[]> {
  const tabStates = { get: (tabId: number) => readTabState(tabId, SERVICE_BASE_URL) };
  const problems: string[] = [];
  for (const [tabId, pageUrl] of run.world.tabs) {
    const site = siteOf(pageUrl);
    const state = await tabStates.get(tabId);
    const badge = run.world.badges.get(tabId);
    if (state && siteOfView(state.view) !== site) {
      problems.push(`tab ${tabId} shows ${site} but its state is about ${siteOfView(state.view)}`);
    }
    if (badge && siteOfView(badge) !== site) {
      problems.push(`tab ${tabId} shows ${site} but its badge is about ${siteOfView(badge)}`);
    }
    if (badge?.status === 'report' && badge.report.target !== badge.origin) {
      problems.push(`tab ${tabId}'s badge shows the report of ${badge.report.target}`);
    }
    if (badge && state && JSON.stringify(badge) !== JSON.stringify(state.view)) {
      problems.push(`tab ${tabId}'s badge and stored state disagree`);
    }
    if (run.world.activeTabId === tabId) {
      if (!state || state.view.status === 'loading') {
        problems.push(`the active tab ${tabId} was left ${state ? 'loading' : 'without a state'}`);
      }
      if (!badge) problems.push(`the active tab ${tabId} has no badge`);
    }
  }
  for (const tabId of run.everOpened) {
    if (!run.world.tabs.has(tabId) && (await tabStates.get(tabId)) !== null) {
      problems.push(`closed tab ${tabId} still has a state`);
    }
  }
  return problems;
}

describe('per-tab correctness under any interleaving', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
  });
  afterEach(() => {
    process.off('unhandledRejection', onUnhandled);
  });

  it(`leaves no wrong badge in ${NUM_RUNS} random runs`, async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(command, { minLength: 1, maxLength: 14 }),
        fc.array(fc.constantFrom(...ANSWERS), { minLength: 1, maxLength: 5 }),
        async (scheduler, commands, answers) => {
          runs++;
          const run = await runScenario(scheduler, commands, answers);
          expect(await wrongBadges(run)).toEqual([]);
          expect(run.errors).toEqual([]);
        },
      ),
      { numRuns: NUM_RUNS },
    );
    expect(runs).toBeGreaterThanOrEqual(NUM_RUNS);
    expect(unhandled).toEqual([]);
    // A thousand runs take about 2 s alone, several times that on a busy machine.
  }, 60_000);
});
