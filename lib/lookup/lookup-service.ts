/**
 * The background's one job, the same way for every event (`lookAt`): decide once what may be
 * sent for the tab (tab-decision.ts), read the cache and the tab's state side by side, show a
 * kept answer or join or send a request when the event may ask (shared-lookups.ts), and
 * publish the view to storage and the badge (publisher.ts).
 */
import { automaticLookupsAllowed, serviceBaseUrlOf, type UserSettings } from '../settings/settings';
import type { OpenTab } from '../tabs/open-tab';
import type { ShownView, TabView } from '../tabs/tab-view';
import { notLookedUp } from '../tabs/tab-view';
import { VIEW_STATES } from '../tabs/view-states';
import { type FreshView, viewOfCached, viewOfResult } from './lookup-result';
import type { LookupDeps, LookupService } from './ports';
import { createPublisher } from './publisher';
import { reconcileTabs } from './reconcile';
import { createSharedLookups } from './shared-lookups';
import { decideTab, decideUrl, settledFor, showsAnswerFor, type TabDecision } from './tab-decision';

interface Looking {
  /** A request may be sent; otherwise only what is known is shown (a request under way included). */
  ask: boolean;
  /** The user's Refresh: the cache is skipped, the retry gate still honoured. */
  force?: boolean;
  /** An answer on show stays while looked up again: no "loading" for the open popup to flash. */
  keepShown?: boolean;
}

export function createLookupService(deps: LookupDeps): LookupService {
  const lookups = createSharedLookups(deps);
  const publisher = createPublisher(deps);

  async function lookAt(
    tabId: number,
    call: number,
    decision: TabDecision,
    looking: Looking,
  ): Promise<ShownView> {
    const { force = false, keepShown = false } = looking;
    const publish = (shown: FreshView, more: { recheck?: boolean } = {}) =>
      publisher.publish(tabId, { call, decision, ...shown, ...more });
    const showing = (view: TabView) => publish({ view }).then(() => view);
    const { origin, baseUrl } = decision;
    if (origin === null) return showing(notLookedUp(decision.refused ?? 'no-url'));
    const readFrom = lookups.readMark();
    const [cached, state] = await Promise.all([
      deps.cache.get(baseUrl, origin),
      deps.tabStates.read(tabId, baseUrl),
    ]);
    if (!force && cached !== null && cached.verdict.freshness !== 'needs-lookup') {
      const shown = viewOfCached(origin, cached, { standingIn: false });
      await publish(shown);
      if (cached.verdict.freshness === 'revalidate-in-background') {
        // Shown at once; the new copy replaces it when it comes, if the tab still wants it.
        lookups
          .lookup(baseUrl, origin, { force: false, cached, readFrom })
          .then((result) => publish(viewOfResult(origin, result), { recheck: true }))
          .catch(deps.onError);
      }
      return shown.view;
    }
    const kept = state !== null && state.origin === origin ? state.view : null;
    // An answer the extension could not use: only Refresh asks again (view-states.ts).
    if (!force && kept !== null && VIEW_STATES[kept.status].keptUntilRefresh) return showing(kept);
    if (!looking.ask && !lookups.inFlight(baseUrl, origin)) {
      // Nothing known without asking: what the tab shows of this site stays, else nothing.
      if (state !== null && settledFor(state, decision)) return showing(state.view);
      await publisher.withdraw(tabId, call);
      return { status: 'not-asked', origin };
    }
    const onAsking = () => {
      if (keepShown && showsAnswerFor(state, origin)) return;
      publish({ view: { status: 'loading', origin } }).catch(deps.onError);
    };
    const result = await lookups.lookup(baseUrl, origin, { force, cached, readFrom, onAsking });
    const shown = viewOfResult(origin, result);
    await publish(shown, { recheck: true });
    return shown.view;
  }

  /** A new call for the tab, looked at as `how` says for the tab and settings as they are. */
  async function show(
    tabId: number,
    how: (tab: OpenTab, settings: UserSettings) => Looking,
  ): Promise<ShownView | null> {
    const call = publisher.beginCall(tabId);
    const [tab, settings] = await Promise.all([deps.tabs.read(tabId), deps.readSettings()]);
    if (tab === null) return null;
    return lookAt(tabId, call, decideTab(tab, settings), how(tab, settings));
  }

  // Only the user's yes to automatic lookups lets a tab event send anything.
  const tabNavigated = async (tabId: number) => {
    await show(tabId, (tab, settings) => ({
      ask: tab.active && automaticLookupsAllowed(settings),
    }));
  };

  return {
    showTab: (tabId, { force = false, trigger = 'user' } = {}) =>
      show(tabId, (_tab, settings) => ({
        // A page that follows the active tab asks no more than the tab switch itself may.
        ask: trigger === 'user' || automaticLookupsAllowed(settings),
        force,
        keepShown: !force,
      })),

    tabActivated: async (tabId) => {
      await show(tabId, (_tab, settings) => ({ ask: automaticLookupsAllowed(settings) }));
    },

    tabNavigated,

    async settingsChanged() {
      // Each tab decided afresh: a paused site loses its report, a resumed one gets it back.
      await Promise.all((await deps.tabs.all()).map((tab) => tabNavigated(tab.id)));
    },

    async showSite(url, { force = false } = {}) {
      const decision = decideUrl(url, await deps.readSettings());
      const { origin, baseUrl } = decision;
      if (origin === null) return notLookedUp(decision.refused ?? 'no-url');
      const readFrom = lookups.readMark();
      const cached = await deps.cache.get(baseUrl, origin);
      if (!force && cached !== null && cached.verdict.freshness !== 'needs-lookup') {
        return viewOfCached(origin, cached, { standingIn: false }).view;
      }
      const result = await lookups.lookup(baseUrl, origin, { force, cached, readFrom });
      return viewOfResult(origin, result).view;
    },

    async restoreBadge(tabId) {
      // About another page: the navigation's own call may still be under way, and a second one
      // shares its request, so looking again costs nothing extra.
      if (!(await publisher.reapplyBadge(tabId))) await tabNavigated(tabId);
    },

    forgetTab: publisher.forgetTab,

    reconcile: () => reconcileTabs(deps, publisher, tabNavigated),

    async lookUpWaitingTabs() {
      const settings = await deps.readSettings();
      if (!automaticLookupsAllowed(settings)) return;
      const states = await deps.tabStates.readAll(serviceBaseUrlOf(settings));
      for (const [tabId, state] of states) {
        // One at a time: each passes the retry gate, which stops the rest at the quota.
        if (VIEW_STATES[state.view.status].waitsForService)
          await show(tabId, () => ({ ask: true }));
      }
    },

    async purgeExpired() {
      const baseUrl = serviceBaseUrlOf(await deps.readSettings());
      await Promise.all([
        deps.cache.purgeExpired(),
        deps.retryGate.purgeExpired(baseUrl, deps.now()),
      ]);
    },
  };
}
