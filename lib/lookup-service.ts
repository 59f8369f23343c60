/**
 * The background's one job: for a tab and the URL it shows, decide what may be sent, answer
 * from the cache or the service, and publish the resulting view to storage and the badge.
 *
 * Per-tab correctness rests on three rules:
 * - Every request to look at a tab is a numbered call, and only the tab's newest call may
 *   publish: a superseded lookup is dropped.
 * - A call reads the tab's URL itself, after it became the newest, and publishes only if the
 *   tab still exists and still shows the same target; publishing (check, then write state and
 *   badge) runs one at a time per tab, so an older result never lands after a newer one.
 * - Nothing needed for correctness lives only in memory. The call numbers, the per-tab queue
 *   and the lookups in flight die with the worker; what survives is storage (tab states,
 *   cache, retry gate), and `reconcile()` at every worker start finishes whatever a stopped
 *   worker left half done.
 *
 * Everything it touches is passed in, so unit tests drive it with fakes and the worker wires
 * the real browser.
 */
import { isNoSuchTab } from './browser-badge';
import { createKeyedQueue } from './keyed-queue';
import type { LookupOutcome } from './lookup-outcome';
import { deriveLookupTarget, type LookupTarget } from './lookup-target';
import type { CachedAnswer, ReportCache } from './report-cache';
import type { RetryGate } from './retry-gate';
import { automaticLookupsAllowed, type UserSettings } from './settings';
import type { TabState, TabStateStore } from './tab-state-store';
import type { TabView } from './tab-view';
import { viewFromOutcome } from './view-from-outcome';

export interface OpenTab {
  id: number;
  url: string | undefined;
  active: boolean;
  /** In a private window: never looked up. */
  incognito?: boolean;
}

/** How the badge is drawn, from the user's settings. */
export interface BadgeOptions {
  /** False: no badge text on any tab; the tooltip still says the state. */
  textVisible: boolean;
}

export interface LookupServiceDeps {
  lookupReport(target: string): Promise<LookupOutcome>;
  cache: ReportCache;
  retryGate: RetryGate;
  tabStates: TabStateStore;
  /** A tab as it is now, or null when it no longer exists. */
  readTab(tabId: number): Promise<OpenTab | null>;
  /** Every open tab, to reconcile stored states when the worker starts. */
  openTabs(): Promise<OpenTab[]>;
  showBadge(tabId: number, view: TabView, now: number, options: BadgeOptions): Promise<void>;
  /** The user's settings as they apply now (lookup mode, paused sites, badge). */
  readSettings(): Promise<UserSettings>;
  /** Takes a tab's badge back to the extension's default (nothing known about the site). */
  clearBadge(tabId: number): Promise<void>;
  now(): number;
  /** Where failures of work nobody awaits go (a background refresh). */
  onError(error: unknown): void;
}

export interface LookupService {
  /**
   * Brings a tab's view up to date for the URL it shows, looking the site up if need be;
   * `force` (the popup's Refresh) skips the cache but still honours Retry-After. Resolves to
   * the view, or null when the tab is gone or a newer call took over.
   */
  showTab(tabId: number, options?: { force?: boolean }): Promise<TabView | null>;
  /**
   * After the user turned to a tab: looked up when automatic lookups are allowed, otherwise
   * shown from the cache only (nothing leaves the browser until the user asks).
   */
  tabActivated(tabId: number): Promise<void>;
  /** After the settings changed: every open tab shown again under the new settings. */
  settingsChanged(): Promise<void>;
  /**
   * After a tab's URL changed: the active tab is looked up when automatic lookups are
   * allowed; any other tab is shown from the cache only.
   */
  tabNavigated(tabId: number): Promise<void>;
  /** After a page finished loading (the browser clears the badge on a new document). */
  restoreBadge(tabId: number): Promise<void>;
  /** Drops what is kept about a closed tab. */
  forgetTab(tabId: number): Promise<void>;
  /** The view of the site a URL is on, for no tab (the link menu); `force` skips the cache. */
  showSite(url: string, options?: { force?: boolean }): Promise<TabView>;
  /** At worker start: finish what a stopped worker left half done, drop closed tabs' states. */
  reconcile(): Promise<void>;
}

/** How one shared lookup ended, for every tab that waited for it. */
type LookupResult =
  | {
      kind: 'answer';
      outcome: LookupOutcome;
      receivedAt: number;
      /** Until when the target is blocked after this answer, if it is. */
      retryAt: number | null;
      /** A stored copy allowed to stand in when the answer is a failure. */
      standIn: CachedAnswer | null;
    }
  /** No request was made: Retry-After or the service's backoff said to wait. */
  | { kind: 'blocked'; retryAt: number; standIn: CachedAnswer | null }
  /** No request was needed: another lookup stored a usable answer just before this one began. */
  | { kind: 'cached'; cached: CachedAnswer };

/** What may be sent for a tab under the user's settings: its origin, or why nothing. */
function targetOfTab(tab: OpenTab, settings: UserSettings): LookupTarget {
  return deriveLookupTarget(tab.url, {
    incognito: tab.incognito === true,
    pausedSites: settings.pausedSites,
  });
}

/** What a tab shows, as far as lookups go: the origin, or why it is not looked up. */
function targetKeyOf(target: LookupTarget): string {
  return target.kind === 'target' ? target.origin : `refused:${target.reason}`;
}

const badgeOptions = (settings: UserSettings): BadgeOptions => ({
  textVisible: settings.badgeVisible,
});

function targetKeyOfState(state: TabState): string {
  if (state.target !== null) return state.target;
  return state.view.status === 'not-looked-up' ? `refused:${state.view.reason}` : 'unknown';
}

function isFailure(outcome: LookupOutcome): boolean {
  return (
    outcome.kind === 'unavailable' ||
    outcome.kind === 'timeout' ||
    outcome.kind === 'network-failure'
  );
}

/**
 * A stored copy that may be shown when the service cannot answer: one stale-if-error allows,
 * or one that could be shown anyway (fresh, or within stale-while-revalidate).
 */
function canStandIn(cached: CachedAnswer | null): CachedAnswer | null {
  if (cached === null) return null;
  const showable = cached.verdict.usableOnError || cached.verdict.freshness !== 'needs-lookup';
  return showable ? cached : null;
}

/** A stored copy as a view; a report served past its freshness is marked stale. */
function viewOfCached(target: string, cached: CachedAnswer, servedForFailure: boolean): TabView {
  const view = viewFromOutcome(target, cached.outcome, cached.receivedAt);
  if (view.status !== 'report') return view;
  return { ...view, stale: servedForFailure && cached.verdict.freshness !== 'fresh' };
}

function viewOfResult(target: string, result: LookupResult): TabView {
  if (result.kind === 'cached') return viewOfCached(target, result.cached, false);
  if (result.kind === 'blocked') {
    if (result.standIn) return viewOfCached(target, result.standIn, true);
    return { status: 'unavailable', target, cause: 'service', retryAt: result.retryAt };
  }
  if (isFailure(result.outcome) && result.standIn) {
    return viewOfCached(target, result.standIn, true);
  }
  const view = viewFromOutcome(target, result.outcome, result.receivedAt);
  if (view.status === 'unavailable' && result.retryAt !== null) {
    return { ...view, retryAt: result.retryAt };
  }
  return view;
}

export function createLookupService(deps: LookupServiceDeps): LookupService {
  // Lookups under way, one per target: concurrent asks for one site share one request. The
  // service instance belongs to one base URL, so the target alone is the (base URL, target) key.
  const lookupsInFlight = new Map<string, Promise<LookupResult>>();
  // The newest call per tab; a closed tab has none, so every call for it is superseded.
  const newestCall = new Map<number, number>();
  let callCounter = 0;
  const tabQueue = createKeyedQueue<number>();

  const beginCall = (tabId: number) => {
    const call = ++callCounter;
    newestCall.set(tabId, call);
    return call;
  };
  const isNewest = (tabId: number, call: number) => newestCall.get(tabId) === call;

  async function standInFor(target: string): Promise<CachedAnswer | null> {
    return canStandIn(await deps.cache.get(target));
  }

  async function runLookup(target: string, force: boolean): Promise<LookupResult> {
    if (!force) {
      // A caller's cache miss may be a moment old: the lookup that answered it may have
      // finished in between, and its answer must not cost a second request.
      const cached = await deps.cache.get(target);
      if (cached && cached.verdict.freshness === 'fresh') return { kind: 'cached', cached };
    }
    const blockedUntil = await deps.retryGate.blockedUntil(target, deps.now());
    if (blockedUntil !== null) {
      return { kind: 'blocked', retryAt: blockedUntil, standIn: await standInFor(target) };
    }
    let outcome: LookupOutcome;
    try {
      outcome = await deps.lookupReport(target);
    } catch (error) {
      // The client never rejects; should it ever, the tab must still leave "loading".
      outcome = { kind: 'network-failure', message: String(error) };
    }
    const receivedAt = deps.now();
    const retryAt = await deps.retryGate.record(target, outcome, receivedAt);
    await deps.cache.put(target, outcome, receivedAt);
    const standIn = isFailure(outcome) ? await standInFor(target) : null;
    return { kind: 'answer', outcome, receivedAt, retryAt, standIn };
  }

  function lookupShared(target: string, force = false): Promise<LookupResult> {
    const pending = lookupsInFlight.get(target);
    if (pending) return pending;
    const lookup = runLookup(target, force);
    lookupsInFlight.set(target, lookup);
    // The answer is in the cache before the entry goes, so a later ask finds one or the other.
    const forget = () => {
      if (lookupsInFlight.get(target) === lookup) lookupsInFlight.delete(target);
    };
    lookup.then(forget, forget);
    return lookup;
  }

  /**
   * Writes a tab's state and badge if `call` is still the tab's newest and the tab still
   * shows `targetKey`. One publish at a time per tab, each checking afresh.
   */
  function publish(
    tabId: number,
    call: number,
    targetKey: string,
    target: string | null,
    view: TabView,
  ): Promise<boolean> {
    return tabQueue.run(tabId, async () => {
      if (!isNewest(tabId, call)) return false;
      const [tab, settings] = await Promise.all([deps.readTab(tabId), deps.readSettings()]);
      // The settings count too: a site paused while its lookup was under way gets no report.
      if (
        tab === null ||
        targetKeyOf(targetOfTab(tab, settings)) !== targetKey ||
        !isNewest(tabId, call)
      ) {
        return false;
      }
      const now = deps.now();
      await deps.tabStates.set(tabId, { target, view, updatedAt: now });
      await showBadgeIfTabExists(tabId, view, now, badgeOptions(settings));
      return true;
    });
  }

  /** Forgets what a tab showed, when nothing is known about its new site. */
  function withdraw(tabId: number, call: number): Promise<void> {
    return tabQueue.run(tabId, async () => {
      if (!isNewest(tabId, call)) return;
      await deps.tabStates.remove(tabId);
      await clearBadgeIfTabExists(tabId);
    });
  }

  async function showBadgeIfTabExists(
    tabId: number,
    view: TabView,
    now: number,
    options: BadgeOptions,
  ) {
    try {
      await deps.showBadge(tabId, view, now, options);
    } catch (error) {
      // The tab closed between the check and now: onRemoved cleans up after it.
      if (!isNoSuchTab(error)) throw error;
    }
  }

  async function clearBadgeIfTabExists(tabId: number) {
    try {
      await deps.clearBadge(tabId);
    } catch (error) {
      if (!isNoSuchTab(error)) throw error;
    }
  }

  /** The active tab: answer from cache, or look the site up. */
  async function lookAt(tabId: number, call: number, force: boolean): Promise<TabView | null> {
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
      await publish(tabId, call, targetKey, origin, view);
      if (cached.verdict.freshness === 'revalidate-in-background') {
        // Shown at once; the new copy replaces it when it comes, if the tab still wants it.
        lookupShared(origin)
          .then((result) => publish(tabId, call, targetKey, origin, viewOfResult(origin, result)))
          .catch(deps.onError);
      }
      return view;
    }

    if (!force && (await keepsUnusableAnswer(tabId, call, targetKey, origin))) {
      return (await deps.tabStates.get(tabId))?.view ?? null;
    }
    // Checked before showing "loading", so a blocked site goes straight to its answer.
    const blocked = await blockedView(origin, cached);
    if (blocked !== null) {
      await publish(tabId, call, targetKey, origin, blocked);
      return blocked;
    }
    await publish(tabId, call, targetKey, origin, { status: 'loading', target: origin });
    const view = await lookedUpView(origin, force);
    await publish(tabId, call, targetKey, origin, view);
    return view;
  }

  /** The view while the retry gate keeps `origin` waiting; null when a request may go. */
  async function blockedView(origin: string, cached: CachedAnswer | null): Promise<TabView | null> {
    if (lookupsInFlight.has(origin)) return null;
    const blockedUntil = await deps.retryGate.blockedUntil(origin, deps.now());
    if (blockedUntil === null) return null;
    return viewOfResult(origin, {
      kind: 'blocked',
      retryAt: blockedUntil,
      standIn: canStandIn(cached),
    });
  }

  /** Asks the service (sharing a request under way) and names what came back. */
  async function lookedUpView(origin: string, force: boolean): Promise<TabView> {
    let result = await lookupShared(origin, force);
    // A forced lookup that joined an ordinary one which found the cache fresh asks anew.
    if (force && result.kind === 'cached') result = await lookupShared(origin, true);
    return viewOfResult(origin, result);
  }

  /**
   * A site the user asked about outside any tab (the link menu): the same policy, cache,
   * retry gate and shared requests as for tabs, with nothing published to a tab.
   */
  async function showSite(url: string, options: { force?: boolean } = {}): Promise<TabView> {
    const force = options.force ?? false;
    const { pausedSites } = await deps.readSettings();
    const target = deriveLookupTarget(url, { pausedSites });
    if (target.kind === 'refused') return { status: 'not-looked-up', reason: target.reason };
    const { origin } = target;
    const cached = await deps.cache.get(origin);
    if (cached && !force && cached.verdict.freshness !== 'needs-lookup') {
      return viewOfCached(origin, cached, false);
    }
    return (await blockedView(origin, cached)) ?? (await lookedUpView(origin, force));
  }

  /**
   * An answer the extension could not use (a 400, or one that broke the contract) is never
   * cached, but asking again for the same site would only get it again: a tab switch or the
   * popup opening keeps it, and only Refresh (`force`) asks anew. Re-publishes it so the
   * badge is back after a navigation cleared it.
   */
  async function keepsUnusableAnswer(
    tabId: number,
    call: number,
    targetKey: string,
    origin: string,
  ): Promise<boolean> {
    const state = await deps.tabStates.get(tabId);
    if (!state || targetKeyOfState(state) !== targetKey) return false;
    if (state.view.status !== 'invalid-response' && state.view.status !== 'rejected') return false;
    await publish(tabId, call, targetKey, origin, state.view);
    return true;
  }

  /**
   * A background tab: no request (pages opened in bulk must not each cost one), but its
   * state must never stay about a site it no longer shows.
   */
  async function followInBackground(tabId: number, call: number): Promise<void> {
    const [tab, settings] = await Promise.all([deps.readTab(tabId), deps.readSettings()]);
    if (tab === null || !isNewest(tabId, call)) return;
    const target = targetOfTab(tab, settings);
    const targetKey = targetKeyOf(target);
    if (target.kind === 'refused') {
      const view: TabView = { status: 'not-looked-up', reason: target.reason };
      await publish(tabId, call, targetKey, null, view);
      return;
    }
    const { origin } = target;
    const cached = await deps.cache.get(origin);
    if (cached && cached.verdict.freshness !== 'needs-lookup') {
      await publish(tabId, call, targetKey, origin, viewOfCached(origin, cached, false));
      return;
    }
    if (lookupsInFlight.has(origin)) {
      const result = await lookupShared(origin);
      await publish(tabId, call, targetKey, origin, viewOfResult(origin, result));
      return;
    }
    const state = await deps.tabStates.get(tabId);
    if (state && state.view.status !== 'loading' && targetKeyOfState(state) === targetKey) {
      // Still about this site: keep it, and put its badge back.
      await publish(tabId, call, targetKey, origin, state.view);
      return;
    }
    await withdraw(tabId, call);
  }

  async function tabNavigated(tabId: number): Promise<void> {
    const call = beginCall(tabId);
    const [tab, settings] = await Promise.all([deps.readTab(tabId), deps.readSettings()]);
    if (tab === null || !isNewest(tabId, call)) return;
    // Only the user's yes to automatic lookups lets a tab event send anything.
    if (tab.active && automaticLookupsAllowed(settings)) await lookAt(tabId, call, false);
    else await followInBackground(tabId, call);
  }

  /**
   * Shows a tab's stored view on its badge again, if it is about what the tab shows. False
   * when there is no such state (the tab being gone counts as done).
   */
  function reapplyBadge(tabId: number): Promise<boolean> {
    return tabQueue.run(tabId, async () => {
      const [state, tab, settings] = await Promise.all([
        deps.tabStates.get(tabId),
        deps.readTab(tabId),
        deps.readSettings(),
      ]);
      if (tab === null) return true;
      if (state === null || targetKeyOfState(state) !== targetKeyOf(targetOfTab(tab, settings))) {
        return false;
      }
      await showBadgeIfTabExists(tabId, state.view, deps.now(), badgeOptions(settings));
      return true;
    });
  }

  async function forgetTab(tabId: number): Promise<void> {
    newestCall.delete(tabId);
    await tabQueue.run(tabId, () => deps.tabStates.remove(tabId));
  }

  return {
    showTab(tabId, options = {}) {
      return lookAt(tabId, beginCall(tabId), options.force ?? false);
    },

    async tabActivated(tabId) {
      const call = beginCall(tabId);
      if (automaticLookupsAllowed(await deps.readSettings())) await lookAt(tabId, call, false);
      else await followInBackground(tabId, call);
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
      if (!(await reapplyBadge(tabId))) await tabNavigated(tabId);
    },

    forgetTab,

    async reconcile() {
      // States first, then tabs: a tab opened in between has no state to be mistaken for a
      // closed tab's.
      const states = await deps.tabStates.all();
      const [tabs, settings] = await Promise.all([deps.openTabs(), deps.readSettings()]);
      const open = new Set(tabs.map((tab) => tab.id));
      const closed = [...states.keys()].filter((tabId) => !open.has(tabId));
      await Promise.all([
        ...closed.map(forgetTab),
        ...tabs.map(async (tab) => {
          const state = states.get(tab.id);
          const settled =
            state !== undefined &&
            state.view.status !== 'loading' &&
            targetKeyOfState(state) === targetKeyOf(targetOfTab(tab, settings));
          // The badge is the browser's, not storage's: a worker stopped between writing a
          // state and its badge would leave the old badge up. Putting it back costs no request.
          if (settled) await reapplyBadge(tab.id);
          else if (state !== undefined || tab.active) await tabNavigated(tab.id);
        }),
      ]);
    },
  };
}
