/**
 * The only way a view reaches a tab's state and badge: only the tab's newest call publishes, one
 * at a time per tab, and a view that waited on the network is decided again first (`recheck`),
 * so a tab that moved on, or a site paused meanwhile, gets nothing.
 */
import type { UserSettings } from '../settings/settings';
import { createKeyedQueue } from '../storage/keyed-queue';
import type {
  clearBadgeOnToolbar,
  handStateToPopup,
  showBadgeOnToolbar,
} from '../tabs/browser-badge';
import type { openTabs, readTab } from '../tabs/browser-tabs';
import { STATUS_TRAITS } from '../tabs/status-traits';
import type { createTabStates, TabState } from '../tabs/tab-state';
import { reasonOf, type TabView } from '../tabs/tab-view';
import { decideTab, type TabDecision } from './decision';

export interface PublishParts {
  tabs: {
    read: typeof readTab;
    all: typeof openTabs;
    showBadge: typeof showBadgeOnToolbar;
    clearBadge: typeof clearBadgeOnToolbar;
    handToPopup: typeof handStateToPopup;
  };
  tabStates: ReturnType<typeof createTabStates>;
  readSettings(): Promise<UserSettings>;
  now(): number;
  /** The service said it is busy until `time`: lookUpWaitingTabs then. */
  wakeAt(time: number): void;
}

/** Awaits a browser call about a tab, where a tab closed (or replaced) meanwhile is no error. */
async function unlessTabClosed(call: Promise<unknown>): Promise<void> {
  try {
    await call;
  } catch (error) {
    // A call about a closed tab is rejected with "No tab with id: N" in Chromium and with
    // "Invalid tab ID: N" in Firefox.
    if (!(error instanceof Error && /no tab with id|invalid tab id/i.test(error.message))) {
      throw error;
    }
  }
}

interface Publication {
  call: number;
  decision: TabDecision;
  view: TabView;
  freshUntil?: number | undefined;
  /** Check the tab and settings again first: the view waited on the network. */
  recheck?: boolean;
}

export function createPublisher(deps: PublishParts) {
  const newestCall = new Map<number, number>();
  let calls = 0;
  const queue = createKeyedQueue<number>();
  const isNewest = (tabId: number, call: number) => newestCall.get(tabId) === call;

  async function stillHolds(tabId: number, decision: TabDecision): Promise<boolean> {
    const [tab, settings] = await Promise.all([deps.tabs.read(tabId), deps.readSettings()]);
    if (tab === null) return false;
    const now = decideTab(tab, settings);
    return (
      now.origin === decision.origin &&
      now.refused === decision.refused &&
      now.baseUrl === decision.baseUrl
    );
  }

  return {
    beginCall(tabId: number): number {
      newestCall.set(tabId, ++calls);
      return calls;
    },

    publish(
      tabId: number,
      { call, decision, view, freshUntil, recheck }: Publication,
    ): Promise<boolean> {
      return queue.run(tabId, async () => {
        if (!isNewest(tabId, call)) return false;
        if (recheck && (!(await stillHolds(tabId, decision)) || !isNewest(tabId, call)))
          return false;
        const now = deps.now();
        const state: TabState = {
          origin: decision.origin,
          view,
          updatedAt: now,
          service: decision.baseUrl,
          ...(freshUntil === undefined ? {} : { freshUntil }),
        };
        await Promise.all([
          deps.tabStates.set(tabId, state),
          unlessTabClosed(deps.tabs.showBadge(tabId, view, now, decision.settings)),
        ]);
        // After the badge, and before the tab's next publication: the popup opens on the newest.
        await deps.tabs.handToPopup(tabId, state).catch(() => undefined);
        const retryAt = 'retryAt' in view ? view.retryAt : null;
        if (STATUS_TRAITS[view.status].waitsForService && retryAt !== null) deps.wakeAt(retryAt);
        return true;
      });
    },

    withdraw(tabId: number, call: number): Promise<void> {
      return queue.run(tabId, async () => {
        if (!isNewest(tabId, call)) return;
        await deps.tabStates.remove(tabId);
        await unlessTabClosed(deps.tabs.clearBadge(tabId));
        await deps.tabs.handToPopup(tabId, null).catch(() => undefined);
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
        // A page load put the default popup back, as it cleared the badge.
        await deps.tabs.handToPopup(tabId, state).catch(() => undefined);
        return true;
      });
    },

    async forgetTab(tabId: number): Promise<void> {
      newestCall.delete(tabId);
      await queue.run(tabId, () => deps.tabStates.remove(tabId));
    },
  };
}
