/** Every tab event, one way: decide, cache or ask, publish; a lookup reads top to bottom in `lookAt`. */
import { automaticLookupsAllowed, serviceBaseUrlOf, type UserSettings } from '../settings/settings';
import type { OpenTab } from '../tabs/browser-tabs';
import { STATUS_TRAITS } from '../tabs/status-traits';
import { isFreshAnswer } from '../tabs/tab-state';
import { notLookedUp, type ShownView, type ShowTabTrigger, type TabView } from '../tabs/tab-view';
import { decideTab, decideUrl, settledFor, type TabDecision } from './decision';
import { createPublisher, type PublishParts } from './publisher';
import { createRequests, type RequestParts } from './requests';
import { type LookupResult, viewOfCached, viewOfResult } from './views';

export interface LookupParts extends RequestParts, PublishParts {}

/** About the longest wait that still feels immediate. */
const LOADING_SHOWN_AFTER_MS = 100;

interface Looking {
  /** A request may be sent; otherwise only what is known is shown (a request under way included). */
  ask: boolean;
  /** Refresh: the cache is skipped, the retry gate still honoured. */
  force?: boolean;
  /** An answer on show stays while looked up again: no "loading" for the open popup to flash. */
  keepShown?: boolean;
}

export function createLookups(deps: LookupParts) {
  const requests = createRequests(deps);
  const publisher = createPublisher(deps);
  const { cache } = deps.records;

  async function lookAt(
    tabId: number,
    call: number,
    decision: TabDecision,
    { ask, force = false, keepShown = false }: Looking,
  ): Promise<ShownView> {
    const at = { call, decision };
    const showing = (view: TabView) => publisher.publish(tabId, { ...at, view }).then(() => view);
    const { origin, baseUrl } = decision;
    if (origin === null) return showing(notLookedUp(decision.refused ?? 'no-url'));
    const showResult = (result: LookupResult) =>
      publisher.publish(tabId, { ...at, ...viewOfResult(origin, result), recheck: true });
    const state = await deps.tabStates.read(tabId, baseUrl);
    // What the tab shows is still fresh: a worker woken for a tab switch reads nothing more.
    if (!force && isFreshAnswer(state, origin, deps.now())) {
      await publisher.publish(tabId, { ...at, view: state.view, freshUntil: state.freshUntil });
      return state.view;
    }
    const readFrom = await requests.recorded(baseUrl, origin);
    const cached = await cache.get(baseUrl, origin);
    if (!force && cached !== null && cached.verdict.freshness !== 'needs-lookup') {
      const shown = viewOfCached(origin, cached, { standingIn: false });
      await publisher.publish(tabId, { ...at, ...shown });
      if (cached.verdict.freshness === 'revalidate-in-background') {
        // Shown at once; the new copy replaces it when it comes, if the tab still wants it.
        requests
          .ask(baseUrl, origin, { force: false, cached, readFrom })
          .then(showResult)
          .catch(deps.onError);
      }
      return shown.view;
    }
    // An answer the extension could not use: only Refresh asks again (status-traits.ts).
    if (!force && state?.origin === origin && STATUS_TRAITS[state.view.status].keptUntilRefresh)
      return showing(state.view);
    if (!ask && !requests.inFlight(baseUrl, origin)) {
      // Nothing known without asking: what the tab shows of this site stays, else nothing.
      if (state !== null && settledFor(state, decision)) return showing(state.view);
      await publisher.withdraw(tabId, call);
      return { status: 'not-asked', origin };
    }
    // A quick answer goes straight to the badge, not behind a "loading" of its own: that shows
    // once the wait is one a person notices, or at once for Refresh, which the person watches.
    let loading: ReturnType<typeof setTimeout> | undefined;
    const onAsking = () => {
      if (keepShown && state?.origin === origin && STATUS_TRAITS[state.view.status].answer) return;
      const showLoading = () => {
        publisher
          .publish(tabId, { ...at, view: { status: 'loading', origin } })
          .catch(deps.onError);
      };
      if (force) showLoading();
      else loading = setTimeout(showLoading, LOADING_SHOWN_AFTER_MS);
    };
    const show = (result: LookupResult) => {
      clearTimeout(loading);
      return showResult(result);
    };
    const asked = requests.ask(baseUrl, origin, { force, cached, readFrom, onAsking, show });
    const result = await asked.finally(() => clearTimeout(loading));
    return viewOfResult(origin, result).view;
  }

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
    /** Null when the tab is gone. */
    showTab: (
      tabId: number,
      { force = false, trigger = 'user' }: { force?: boolean; trigger?: ShowTabTrigger } = {},
    ) =>
      show(tabId, (_tab, settings) => ({
        // A page that follows the active tab asks no more than the tab switch itself may.
        ask: trigger === 'user' || automaticLookupsAllowed(settings),
        force,
        keepShown: !force,
      })),

    async tabActivated(tabId: number) {
      await show(tabId, (_tab, settings) => ({ ask: automaticLookupsAllowed(settings) }));
    },

    tabNavigated,

    async settingsChanged() {
      // Each tab decided afresh: a paused site loses its report, a resumed one gets it back.
      await Promise.all((await deps.tabs.all()).map((tab) => tabNavigated(tab.id)));
    },

    async showSite(
      url: string,
      { force = false, privateWindow = false }: { force?: boolean; privateWindow?: boolean } = {},
    ): Promise<TabView> {
      const decision = decideUrl(url, await deps.readSettings(), { incognito: privateWindow });
      const { origin, baseUrl } = decision;
      if (origin === null) return notLookedUp(decision.refused ?? 'no-url');
      const readFrom = await requests.recorded(baseUrl, origin);
      const cached = await cache.get(baseUrl, origin);
      if (!force && cached !== null && cached.verdict.freshness !== 'needs-lookup') {
        return viewOfCached(origin, cached, { standingIn: false }).view;
      }
      const result = await requests.ask(baseUrl, origin, { force, cached, readFrom });
      return viewOfResult(origin, result).view;
    },

    /** The browser clears a tab's badge when a page loads. */
    async restoreBadge(tabId: number) {
      // About another page: the navigation's own call may still be under way, and a second one
      // shares its request, so looking again costs nothing extra.
      if (!(await publisher.reapplyBadge(tabId))) await tabNavigated(tabId);
    },

    forgetTab: publisher.forgetTab,

    /**
     * At worker start: a stopped worker lost its calls and requests, not storage. Closed tabs'
     * states go, settled tabs get their badge back, tabs left "loading" are looked at again.
     */
    async reconcile() {
      const settings = await deps.readSettings();
      // States first, then tabs: a tab opened in between has no state to be mistaken for a
      // closed tab's.
      const states = await deps.tabStates.readAll(serviceBaseUrlOf(settings));
      const tabs = await deps.tabs.all();
      const open = new Set(tabs.map((tab) => tab.id));
      await Promise.all([
        ...[...states.keys()].filter((tabId) => !open.has(tabId)).map(publisher.forgetTab),
        ...tabs.map(async (tab) => {
          const state = states.get(tab.id) ?? null;
          // The badge is the browser's, not storage's: a worker stopped between writing a state
          // and its badge would leave the old badge up. Putting it back costs no request.
          if (settledFor(state, decideTab(tab, settings))) await publisher.reapplyBadge(tab.id);
          else if (state !== null || tab.active) await tabNavigated(tab.id);
        }),
      ]);
    },

    async lookUpWaitingTabs() {
      const settings = await deps.readSettings();
      if (!automaticLookupsAllowed(settings)) return;
      const states = await deps.tabStates.readAll(serviceBaseUrlOf(settings));
      for (const [tabId, state] of states) {
        // One at a time: each passes the retry gate, which stops the rest at the quota.
        if (STATUS_TRAITS[state.view.status].waitsForService)
          await show(tabId, () => ({ ask: true }));
      }
    },

    async purgeExpired() {
      const baseUrl = serviceBaseUrlOf(await deps.readSettings());
      await Promise.all([
        cache.purgeExpired(),
        deps.records.retryGate.purgeExpired(baseUrl, deps.now()),
      ]);
    },
  };
}

export type Lookups = ReturnType<typeof createLookups>;
