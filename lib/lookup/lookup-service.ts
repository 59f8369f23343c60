/**
 * lib/lookup/ — the pipeline from a tab to its view: deciding, fetching, publishing,
 * reconciling. Uses no browser API (ports.ts says what it is given). Imports the layers below it
 * only.
 *
 * The background's one job: for a tab and the URL it shows, decide what may be sent, answer
 * from the cache or the service, and publish the resulting view to storage and the badge.
 *
 * This file decides; its parts do the rest:
 * - tab-targets.ts: what a tab is about (the origin that may be sent, or why not);
 * - shared-lookups.ts: fetching, one request per site shared by every tab that wants it;
 * - lookup-result.ts: what each ending of a lookup shows (a stored copy standing in, stale);
 * - tab-publisher.ts: numbered calls, and publishing only what is still current for a tab;
 * - reconcile.ts: finishing, at worker start, what a stopped worker left half done.
 *
 * Nothing needed for correctness lives only in memory: what survives the worker is storage
 * (tab states, cache, retry gate). Everything it touches is passed in (ports.ts), so unit
 * tests drive it with fakes and the worker wires the real browser.
 */
import { deriveLookupTarget } from '../privacy/lookup-target';
import { automaticLookupsAllowed } from '../settings/settings';
import type { TabState } from '../tabs/tab-state-store';
import type { ShownView, TabView } from '../tabs/tab-view';
import { freshUntilOfResult, viewOfCached, viewOfResult } from './lookup-result';
import type { LookupService, LookupServiceDeps } from './ports';
import { reconcileTabs } from './reconcile';
import { createSharedLookups } from './shared-lookups';
import { createTabPublisher } from './tab-publisher';
import { targetKeyOf, targetKeyOfState, targetOfTab } from './tab-targets';

export function createLookupService(deps: LookupServiceDeps): LookupService {
  const lookups = createSharedLookups(deps);
  const publisher = createTabPublisher(deps);
  const { beginCall, isNewest } = publisher;

  /** Publishes, and asks to be woken when a busy service's window reopens. */
  async function publish(...args: Parameters<typeof publisher.publish>): Promise<boolean> {
    const written = await publisher.publish(...args);
    const view = args[4];
    if (written && view.status === 'busy' && view.retryAt !== null) deps.wakeAt(view.retryAt);
    return written;
  }

  /**
   * The active tab: answer from cache, or look the site up. `keepShown` (the popup asking, not
   * Refresh): an answer the tab already shows for this site stays on show while it is looked
   * up again (an answer the cache may not keep, e.g. one sent without Cache-Control), instead
   * of a "loading" in between that the open popup would flash.
   */
  async function lookAt(
    tabId: number,
    call: number,
    force: boolean,
    keepShown = false,
  ): Promise<TabView | null> {
    const [tab, settings] = await Promise.all([deps.readTab(tabId), deps.readSettings()]);
    if (tab === null || !isNewest(tabId, call)) return null;
    const target = targetOfTab(tab, settings);
    const targetKey = targetKeyOf(target);
    if (target.kind === 'refused') {
      const view: TabView = { status: 'not-looked-up', reason: target.reason };
      await publish(tabId, call, targetKey, null, view);
      return view;
    }
    const { origin } = target;

    const cached = await deps.cache.get(origin);
    if (cached && !force && cached.verdict.freshness !== 'needs-lookup') {
      const view = viewOfCached(origin, cached, false);
      await publish(tabId, call, targetKey, origin, view, cached.freshUntil);
      if (cached.verdict.freshness === 'revalidate-in-background') {
        // Shown at once; the new copy replaces it when it comes, if the tab still wants it.
        lookups
          .lookup(origin, false)
          .then((result) =>
            publish(
              tabId,
              call,
              targetKey,
              origin,
              viewOfResult(origin, result),
              freshUntilOfResult(result),
            ),
          )
          .catch(deps.onError);
      }
      return view;
    }

    // Read side by side: what the tab shows now and whether the retry gate lets a request go.
    const [state, blocked] = await Promise.all([
      deps.tabStates.get(tabId),
      lookups.blockedView(origin, cached),
    ]);
    if (!force && keepsUnusableAnswer(state, targetKey)) {
      // Re-published, so the badge is back after a navigation cleared it.
      await publish(tabId, call, targetKey, origin, state.view);
      return state.view;
    }
    // Checked before showing "loading", so a blocked site goes straight to its answer.
    if (blocked !== null) {
      await publish(tabId, call, targetKey, origin, blocked);
      return blocked;
    }
    // The request leaves at once; "loading" is published while it is under way (the tab's
    // publishing queue keeps it before the answer).
    const showingLoading =
      keepShown && showsAnswerFor(state, targetKey)
        ? Promise.resolve(false)
        : publish(tabId, call, targetKey, origin, { status: 'loading', target: origin });
    const [, { view, freshUntil }] = await Promise.all([
      showingLoading,
      lookups.lookedUp(origin, force),
    ]);
    await publish(tabId, call, targetKey, origin, view, freshUntil);
    return view;
  }

  /**
   * A site the user asked about outside any tab (the link menu): the same policy, cache,
   * retry gate and shared requests as for tabs, with nothing published to a tab.
   */
  async function showSite(url: string, options: { force?: boolean } = {}): Promise<TabView> {
    const force = options.force ?? false;
    const { pausedDomains } = await deps.readSettings();
    const target = deriveLookupTarget(url, { pausedDomains });
    if (target.kind === 'refused') return { status: 'not-looked-up', reason: target.reason };
    const { origin } = target;
    const cached = await deps.cache.get(origin);
    if (cached && !force && cached.verdict.freshness !== 'needs-lookup') {
      return viewOfCached(origin, cached, false);
    }
    return (
      (await lookups.blockedView(origin, cached)) ?? (await lookups.lookedUpView(origin, force))
    );
  }

  /** Whether the tab shows an answer (not "loading", not "not looked up") about this target. */
  function showsAnswerFor(state: TabState | null, targetKey: string): boolean {
    return (
      !!state &&
      targetKeyOfState(state) === targetKey &&
      state.view.status !== 'loading' &&
      state.view.status !== 'not-looked-up'
    );
  }

  /**
   * An answer the extension could not use (a 400, or one that broke the contract) is never
   * cached, but asking again for the same site would only get it again: a tab switch or the
   * popup opening keeps it, and only Refresh (`force`) asks anew.
   */
  function keepsUnusableAnswer(state: TabState | null, targetKey: string): state is TabState {
    return (
      !!state &&
      targetKeyOfState(state) === targetKey &&
      (state.view.status === 'invalid-response' || state.view.status === 'rejected')
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
    const [tab, settings] = await Promise.all([deps.readTab(tabId), deps.readSettings()]);
    if (tab === null) return null;
    const target = targetOfTab(tab, settings);
    const targetKey = targetKeyOf(target);
    if (target.kind === 'refused') {
      const view: TabView = { status: 'not-looked-up', reason: target.reason };
      await publish(tabId, call, targetKey, null, view);
      return view;
    }
    const { origin } = target;
    const cached = await deps.cache.get(origin);
    if (cached && cached.verdict.freshness !== 'needs-lookup') {
      const view = viewOfCached(origin, cached, false);
      await publish(tabId, call, targetKey, origin, view, cached.freshUntil);
      return view;
    }
    if (lookups.inFlight(origin)) {
      const result = await lookups.lookup(origin);
      const view = viewOfResult(origin, result);
      await publish(tabId, call, targetKey, origin, view, freshUntilOfResult(result));
      return view;
    }
    const state = await deps.tabStates.get(tabId);
    if (state && state.view.status !== 'loading' && targetKeyOfState(state) === targetKey) {
      // Still about this site: keep it, and put its badge back.
      await publish(tabId, call, targetKey, origin, state.view);
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
    if (tab.active && automaticLookupsAllowed(settings)) await lookAt(tabId, call, false);
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
      return lookAt(tabId, call, force, !force);
    },

    async tabActivated(tabId) {
      const call = beginCall(tabId);
      if (automaticLookupsAllowed(await deps.readSettings())) await lookAt(tabId, call, false);
      else await showKnown(tabId, call);
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
        if (state.view.status === 'busy') await lookAt(tabId, beginCall(tabId), false);
      }
    },
  };
}
