/**
 * The background's one job: for a tab and the URL it shows, decide what may be sent, answer
 * from the cache or the service, and publish the resulting view to storage and the badge.
 *
 * Everything it touches is passed in, so unit tests drive it with fakes and the worker wires
 * the real browser.
 */
import type { LookupOutcome } from './lookup-outcome';
import { deriveLookupTarget } from './lookup-target';
import type { ReportCache } from './report-cache';
import type { TabStateStore } from './tab-state-store';
import type { TabView } from './tab-view';
import { viewFromOutcome } from './view-from-outcome';

export interface LookupServiceDeps {
  lookupReport(target: string): Promise<LookupOutcome>;
  cache: ReportCache;
  tabStates: TabStateStore;
  /** The URL a tab shows now, or null when the tab no longer exists. */
  currentTabUrl(tabId: number): Promise<string | undefined | null>;
  showBadge(tabId: number, view: TabView, now: number): Promise<void>;
  now(): number;
}

export interface LookupService {
  /** Brings a tab's view up to date for the URL it shows; `force` skips the cache. */
  showTab(tabId: number, url: string | undefined, options?: { force?: boolean }): Promise<TabView>;
  /** Drops what is kept about a closed tab. */
  forgetTab(tabId: number): Promise<void>;
}

export function createLookupService(deps: LookupServiceDeps): LookupService {
  // Lookups under way, one per target: concurrent asks for one site share one request.
  const lookupsInFlight = new Map<string, Promise<LookupOutcome>>();
  // The newest showTab call per tab; an older one finishing later must not overwrite it.
  const latestCallForTab = new Map<number, number>();
  let callCounter = 0;

  function lookupShared(target: string): Promise<LookupOutcome> {
    const pending = lookupsInFlight.get(target);
    if (pending) return pending;
    const lookup = deps.lookupReport(target).then(async (outcome) => {
      await deps.cache.put(target, outcome, deps.now());
      return outcome;
    });
    const settled = lookup.finally(() => lookupsInFlight.delete(target));
    lookupsInFlight.set(target, settled);
    return settled;
  }

  async function publish(tabId: number, target: string | null, view: TabView): Promise<void> {
    const now = deps.now();
    await deps.tabStates.set(tabId, { target, view, updatedAt: now });
    await deps.showBadge(tabId, view, now);
  }

  /** True when the tab still exists, still shows `target`, and no newer call replaced this one. */
  async function stillCurrent(tabId: number, call: number, target: string): Promise<boolean> {
    if (latestCallForTab.get(tabId) !== call) return false;
    const url = await deps.currentTabUrl(tabId);
    if (url === null) return false;
    const now = deriveLookupTarget(url);
    return now.kind === 'target' && now.origin === target && latestCallForTab.get(tabId) === call;
  }

  return {
    async showTab(tabId, url, options = {}) {
      const call = ++callCounter;
      latestCallForTab.set(tabId, call);

      const target = deriveLookupTarget(url);
      if (target.kind === 'refused') {
        const view: TabView = { status: 'not-looked-up', reason: target.reason };
        await publish(tabId, null, view);
        return view;
      }
      const { origin } = target;

      if (!options.force) {
        const cached = await deps.cache.getFresh(origin);
        if (cached) {
          const view = viewFromOutcome(origin, cached.outcome, cached.receivedAt);
          if (latestCallForTab.get(tabId) === call) await publish(tabId, origin, view);
          return view;
        }
      }

      if (latestCallForTab.get(tabId) === call) {
        await publish(tabId, origin, { status: 'loading', target: origin });
      }
      const outcome = await lookupShared(origin);
      const view = viewFromOutcome(origin, outcome, deps.now());
      if (await stillCurrent(tabId, call, origin)) await publish(tabId, origin, view);
      return view;
    },

    async forgetTab(tabId) {
      latestCallForTab.delete(tabId);
      await deps.tabStates.remove(tabId);
    },
  };
}
