/**
 * The only way a view reaches a tab's stored state and its badge. Every event about a tab is a
 * numbered call; only the tab's newest call may publish, so an older result never lands after a
 * newer one. Publishing runs one at a time per tab; a view that waited on the network is checked
 * again against the tab and settings as they are now (`recheck`), so a tab that moved on, or a
 * site paused meanwhile, gets nothing. Calls and queues die with the worker (see reconcile.ts).
 */
import { serviceBaseUrlOf } from '../settings/settings';
import { createKeyedQueue } from '../storage/keyed-queue';
import { unlessTabClosed } from '../tabs/open-tab';
import { reasonOf, type TabView } from '../tabs/tab-view';
import { VIEW_STATES } from '../tabs/view-states';
import type { LookupDeps } from './ports';
import { decideTab, type TabDecision } from './tab-decision';

interface Publication {
  call: number;
  /** What the tab was decided to be about when the view was made. */
  decision: TabDecision;
  view: TabView;
  freshUntil?: number | undefined;
  /** Check the tab and settings again first: the view waited on the network. */
  recheck?: boolean;
}

export function createPublisher(deps: LookupDeps) {
  const newestCall = new Map<number, number>();
  let calls = 0;
  const queue = createKeyedQueue<number>();
  const isNewest = (tabId: number, call: number) => newestCall.get(tabId) === call;

  async function stillHolds(tabId: number, decision: TabDecision): Promise<boolean> {
    const [tab, settings] = await Promise.all([deps.tabs.read(tabId), deps.readSettings()]);
    if (tab === null) return false;
    const now = decideTab(tab, settings);
    return now.key === decision.key && now.baseUrl === decision.baseUrl;
  }

  return {
    /** Every earlier call for the tab is superseded. */
    beginCall(tabId: number): number {
      newestCall.set(tabId, ++calls);
      return calls;
    },

    /** Writes a tab's state and badge if the call is still the newest; true when written. */
    publish(
      tabId: number,
      { call, decision, view, freshUntil, recheck }: Publication,
    ): Promise<boolean> {
      return queue.run(tabId, async () => {
        if (!isNewest(tabId, call)) return false;
        if (recheck && (!(await stillHolds(tabId, decision)) || !isNewest(tabId, call)))
          return false;
        const now = deps.now();
        const { settings } = decision;
        await Promise.all([
          deps.tabStates.set(tabId, {
            origin: decision.origin,
            view,
            updatedAt: now,
            service: serviceBaseUrlOf(settings),
            ...(freshUntil === undefined ? {} : { freshUntil }),
          }),
          unlessTabClosed(deps.tabs.showBadge(tabId, view, now, settings)),
        ]);
        const retryAt = 'retryAt' in view ? view.retryAt : null;
        if (VIEW_STATES[view.status].waitsForService && retryAt !== null) deps.wakeAt(retryAt);
        return true;
      });
    },

    /** Forgets what a tab showed, when nothing is known about its new site. */
    withdraw(tabId: number, call: number): Promise<void> {
      return queue.run(tabId, async () => {
        if (!isNewest(tabId, call)) return;
        await deps.tabStates.remove(tabId);
        await unlessTabClosed(deps.tabs.clearBadge(tabId));
      });
    },

    /** Shows a tab's stored state on its badge again; false when it is about another page. */
    reapplyBadge(tabId: number): Promise<boolean> {
      return queue.run(tabId, async () => {
        const [tab, settings] = await Promise.all([deps.tabs.read(tabId), deps.readSettings()]);
        if (tab === null) return true;
        const decision = decideTab(tab, settings);
        const state = await deps.tabStates.read(tabId, decision.baseUrl);
        const about =
          state?.origin === decision.origin && reasonOf(state.view) === decision.refused;
        if (!about) return false;
        await unlessTabClosed(deps.tabs.showBadge(tabId, state.view, deps.now(), settings));
        return true;
      });
    },

    async forgetTab(tabId: number): Promise<void> {
      newestCall.delete(tabId);
      await queue.run(tabId, () => deps.tabStates.remove(tabId));
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;
