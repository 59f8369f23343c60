/**
 * The background's one job: for a tab and the URL it shows, decide what may be sent, answer
 * from the cache or the service, and publish the resulting view to storage and the badge.
 * This file decides; its parts (lib/lookup/README.md) do the rest.
 */
import { deriveLookupTarget, type LookupDecision } from '../privacy/lookup-target';
import { automaticLookupsAllowed } from '../settings/settings';
import type { ShownView, TabView } from '../tabs/tab-view';
import { freshUntilOfResult, readCached, viewOfResult } from './lookup-result';
import type { LookupService, LookupServiceDeps } from './ports';
import { reconcileTabs } from './reconcile';
import { createSharedLookups } from './shared-lookups';
import { createTabPublisher, type Publication } from './tab-publisher';
import {
  decisionForTab,
  decisionKey,
  decisionKeyOfState,
  keepsUnusableAnswer,
  showsAnswerFor,
} from './tab-targets';

/** How a tab is to be looked at: which call it is, and what the caller asked for. */
interface LookAtOptions {
  /** The tab's call (beginCall) this look belongs to. */
  call: number;
  /** The user's Refresh: the cache is skipped, the retry gate still honoured. */
  force: boolean;
  /**
   * The popup asking (not Refresh): an answer the tab already shows for this site stays on
   * show while it is looked up again (an answer the cache may not keep, e.g. one sent without
   * Cache-Control), instead of a "loading" in between that the open popup would flash.
   */
  keepShown?: boolean;
}

export function createLookupService(deps: LookupServiceDeps): LookupService {
  const lookups = createSharedLookups(deps);
  const publisher = createTabPublisher(deps);
  const { beginCall, isNewest } = publisher;

  /** Publishes, and asks to be woken when a busy service's window reopens. */
  async function publish(tabId: number, publication: Publication): Promise<boolean> {
    const written = await publisher.publish(tabId, publication);
    const { view } = publication;
    if (written && view.status === 'busy' && view.retryAt !== null) deps.wakeAt(view.retryAt);
    return written;
  }

  /** What a tab is about under the settings now; null when the tab is gone. */
  async function decideTab(tabId: number): Promise<LookupDecision | null> {
    const [tab, settings] = await Promise.all([deps.readTab(tabId), deps.readSettings()]);
    return tab === null ? null : decisionForTab(tab, settings);
  }

  /** Publishes why nothing is looked up for a tab. */
  async function showRefusal(
    tabId: number,
    call: number,
    decision: LookupDecision & { kind: 'refused' },
  ): Promise<TabView> {
    const view: TabView = { status: 'not-looked-up', reason: decision.reason };
    await publish(tabId, { call, decision, view });
    return view;
  }

  /** The active tab: answer from cache, or look the site up. */
  async function lookAt(
    tabId: number,
    { call, force, keepShown = false }: LookAtOptions,
  ): Promise<TabView | null> {
    const decision = await decideTab(tabId);
    if (decision === null || !isNewest(tabId, call)) return null;
    if (decision.kind === 'refused') return showRefusal(tabId, call, decision);
    const { origin } = decision;

    const { cached, shown } = await readCached(deps.cache, origin);
    if (shown && !force) {
      await publish(tabId, { call, decision, view: shown.view, freshUntil: shown.freshUntil });
      if (shown.revalidate) {
        // Shown at once; the new copy replaces it when it comes, if the tab still wants it.
        lookups
          .lookup(origin)
          .then((result) =>
            publish(tabId, {
              call,
              decision,
              view: viewOfResult(origin, result),
              freshUntil: freshUntilOfResult(result),
            }),
          )
          .catch(deps.onError);
      }
      return shown.view;
    }

    // Read side by side: what the tab shows now and whether the retry gate lets a request go.
    const [state, blocked] = await Promise.all([
      deps.tabStates.get(tabId),
      lookups.blockedView(origin, cached),
    ]);
    const key = decisionKey(decision);
    if (!force && keepsUnusableAnswer(state, key)) {
      // Re-published, so the badge is back after a navigation cleared it.
      await publish(tabId, { call, decision, view: state.view });
      return state.view;
    }
    // Checked before showing "loading", so a blocked site goes straight to its answer.
    if (blocked !== null) {
      await publish(tabId, { call, decision, view: blocked });
      return blocked;
    }
    // The request leaves at once; "loading" is published while it is under way (the tab's
    // publishing queue keeps it before the answer).
    const showingLoading =
      keepShown && showsAnswerFor(state, key)
        ? Promise.resolve(false)
        : publish(tabId, { call, decision, view: { status: 'loading', target: origin } });
    const [, { view, freshUntil }] = await Promise.all([
      showingLoading,
      lookups.lookedUp(origin, { force }),
    ]);
    await publish(tabId, { call, decision, view, freshUntil });
    return view;
  }

  /**
   * A site the user asked about outside any tab (the link menu): the same policy, cache,
   * retry gate and shared requests as for tabs, with nothing published to a tab.
   */
  async function showSite(url: string, options: { force?: boolean } = {}): Promise<TabView> {
    const force = options.force ?? false;
    const { pausedDomains } = await deps.readSettings();
    const decision = deriveLookupTarget(url, { pausedDomains });
    if (decision.kind === 'refused') return { status: 'not-looked-up', reason: decision.reason };
    const { origin } = decision;
    const { cached, shown } = await readCached(deps.cache, origin);
    if (shown && !force) return shown.view;
    return (
      (await lookups.blockedView(origin, cached)) ?? (await lookups.lookedUpView(origin, { force }))
    );
  }

  /**
   * What a background tab, or a page following a tab, gets: no request (pages opened in bulk
   * must not each cost one), but a state never left about a site the tab no longer shows.
   *
   * What is known of a tab's site without sending anything: the cache, a request already under
   * way, or the tab's kept state, published as on a tab switch. Otherwise the tab's state is
   * withdrawn (its badge shows nothing) and the answer is "not asked". Only the newest call
   * publishes, but every caller gets the answer for the page the tab shows now: a page that
   * follows the tab must not keep the previous site because a tab event took over its call.
   * Null when the tab is gone.
   */
  async function showKnown(tabId: number, call: number): Promise<ShownView | null> {
    const decision = await decideTab(tabId);
    if (decision === null) return null;
    if (decision.kind === 'refused') return showRefusal(tabId, call, decision);
    const { origin } = decision;
    const { shown } = await readCached(deps.cache, origin);
    if (shown) {
      await publish(tabId, { call, decision, view: shown.view, freshUntil: shown.freshUntil });
      return shown.view;
    }
    if (lookups.inFlight(origin)) {
      const result = await lookups.lookup(origin);
      const view = viewOfResult(origin, result);
      await publish(tabId, { call, decision, view, freshUntil: freshUntilOfResult(result) });
      return view;
    }
    const state = await deps.tabStates.get(tabId);
    if (
      state &&
      state.view.status !== 'loading' &&
      decisionKeyOfState(state) === decisionKey(decision)
    ) {
      // Still about this site: keep it, and put its badge back.
      await publish(tabId, { call, decision, view: state.view });
      return state.view;
    }
    await publisher.withdraw(tabId, call);
    return { status: 'not-asked', target: origin };
  }

  async function tabNavigated(tabId: number): Promise<void> {
    const call = beginCall(tabId);
    const [tab, settings] = await Promise.all([deps.readTab(tabId), deps.readSettings()]);
    if (tab === null || !isNewest(tabId, call)) return;
    // Only the user's yes to automatic lookups lets a tab event send anything.
    if (tab.active && automaticLookupsAllowed(settings))
      await lookAt(tabId, { call, force: false });
    else await showKnown(tabId, call);
  }

  return {
    async showTab(tabId, options = {}) {
      const force = options.force ?? false;
      const call = beginCall(tabId);
      // A page that follows the active tab asks no more than the tab switch itself may.
      if (options.trigger === 'follow' && !automaticLookupsAllowed(await deps.readSettings())) {
        return showKnown(tabId, call);
      }
      return lookAt(tabId, { call, force, keepShown: !force });
    },

    async tabActivated(tabId) {
      const call = beginCall(tabId);
      if (automaticLookupsAllowed(await deps.readSettings())) {
        await lookAt(tabId, { call, force: false });
      } else await showKnown(tabId, call);
    },

    async settingsChanged() {
      // Each tab decided afresh: a paused site loses its report, a resumed one gets it back
      // (looked up only if automatic lookups are allowed), the badge shows or hides its text.
      const tabs = await deps.openTabs();
      await Promise.all(tabs.map((tab) => tabNavigated(tab.id)));
    },

    tabNavigated,
    showSite,

    async restoreBadge(tabId) {
      // The stored state is about another page: the navigation's own call may still be under
      // way, and a second one shares its request, so looking again costs nothing extra.
      if (!(await publisher.reapplyBadge(tabId))) await tabNavigated(tabId);
    },

    forgetTab: publisher.forgetTab,

    reconcile() {
      return reconcileTabs(deps, publisher, tabNavigated);
    },

    async lookUpWaitingTabs() {
      // Only the user's yes to automatic lookups lets a wake-up send anything.
      if (!automaticLookupsAllowed(await deps.readSettings())) return;
      const states = await deps.tabStates.all();
      for (const [tabId, state] of states) {
        // One at a time: each passes the retry gate, which stops the rest at the quota.
        if (state.view.status === 'busy')
          await lookAt(tabId, { call: beginCall(tabId), force: false });
      }
    },
  };
}
