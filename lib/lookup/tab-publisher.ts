/**
 * Publishing: the only way a view reaches a tab's stored state and its badge.
 *
 * - Every request to look at a tab is a numbered call (`beginCall`), and only the tab's newest
 *   call may publish: a superseded lookup is dropped.
 * - Publishing checks, then writes, one at a time per tab: the call is still the newest, the
 *   tab still exists and the same decision still holds for it under the current settings. So an older
 *   result never lands after a newer one, and a site paused mid-lookup gets no report.
 *
 * Call numbers and the per-tab queue live in memory and die with the worker; reconcile.ts
 * repairs from storage what a stopped worker left half done.
 */
import type { BadgeOptions } from '../badge/badge';
import type { LookupDecision } from '../privacy/lookup-target';
import type { UserSettings } from '../settings/settings';
import { createKeyedQueue } from '../storage/keyed-queue';
import { isNoSuchTab } from '../tabs/open-tab';
import type { TabView } from '../tabs/tab-view';
import type { LookupServiceDeps } from './ports';
import { decisionForTab, decisionKey, decisionKeyOfState, originOf } from './tab-targets';

export interface TabPublisher {
  /** Starts a new call for a tab; every earlier call for it is superseded. */
  beginCall(tabId: number): number;
  isNewest(tabId: number, call: number): boolean;
  /**
   * Writes a tab's state and badge if the call is still the tab's newest and its decision
   * still holds for the tab. True when written.
   */
  publish(tabId: number, publication: Publication): Promise<boolean>;
  /** Forgets what a tab showed, when nothing is known about its new site. */
  withdraw(tabId: number, call: number): Promise<void>;
  /**
   * Shows a tab's stored view on its badge again, if it is about what the tab shows. False
   * when there is no such state (the tab being gone counts as done).
   */
  reapplyBadge(tabId: number): Promise<boolean>;
  /** Drops a closed tab's calls and stored state. */
  forgetTab(tabId: number): Promise<void>;
}

/** A view for a tab, and what it was decided on. */
export interface Publication {
  /** The call (beginCall) this view answers. */
  call: number;
  /** What the tab was decided to be about when the view was made. */
  decision: LookupDecision;
  view: TabView;
  /**
   * Until when the view is what a lookup would answer, when it came from a fresh answer
   * (TabState.freshUntil).
   */
  freshUntil?: number | undefined;
}

type PublishDeps = Pick<
  LookupServiceDeps,
  'tabStates' | 'readTab' | 'readSettings' | 'showBadge' | 'clearBadge' | 'now'
>;

export const badgeOptionsOf = (settings: UserSettings): BadgeOptions => ({
  mode: settings.badgeMode,
});

export function createTabPublisher(deps: PublishDeps): TabPublisher {
  // The newest call per tab; a closed tab has none, so every call for it is superseded.
  const newestCall = new Map<number, number>();
  let callCounter = 0;
  const tabQueue = createKeyedQueue<number>();

  const isNewest = (tabId: number, call: number) => newestCall.get(tabId) === call;

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

  return {
    beginCall(tabId) {
      const call = ++callCounter;
      newestCall.set(tabId, call);
      return call;
    },

    isNewest,

    publish(tabId, { call, decision, view, freshUntil }) {
      return tabQueue.run(tabId, async () => {
        if (!isNewest(tabId, call)) return false;
        const [tab, settings] = await Promise.all([deps.readTab(tabId), deps.readSettings()]);
        // The settings count too: a site paused while its lookup was under way gets no report.
        if (
          tab === null ||
          decisionKey(decisionForTab(tab, settings)) !== decisionKey(decision) ||
          !isNewest(tabId, call)
        ) {
          return false;
        }
        const now = deps.now();
        // Side by side: the two writes are of one decision, and neither needs the other.
        await Promise.all([
          deps.tabStates.set(tabId, {
            target: originOf(decision),
            view,
            updatedAt: now,
            ...(freshUntil === undefined ? {} : { freshUntil }),
          }),
          showBadgeIfTabExists(tabId, view, now, badgeOptionsOf(settings)),
        ]);
        return true;
      });
    },

    withdraw(tabId, call) {
      return tabQueue.run(tabId, async () => {
        if (!isNewest(tabId, call)) return;
        await deps.tabStates.remove(tabId);
        await clearBadgeIfTabExists(tabId);
      });
    },

    reapplyBadge(tabId) {
      return tabQueue.run(tabId, async () => {
        const [state, tab, settings] = await Promise.all([
          deps.tabStates.get(tabId),
          deps.readTab(tabId),
          deps.readSettings(),
        ]);
        if (tab === null) return true;
        if (
          state === null ||
          decisionKeyOfState(state) !== decisionKey(decisionForTab(tab, settings))
        ) {
          return false;
        }
        await showBadgeIfTabExists(tabId, state.view, deps.now(), badgeOptionsOf(settings));
        return true;
      });
    },

    async forgetTab(tabId) {
      newestCall.delete(tabId);
      await tabQueue.run(tabId, () => deps.tabStates.remove(tabId));
    },
  };
}
