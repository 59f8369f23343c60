/** Keeps every tab's badge in step with what the tab shows. */
import { browser } from 'wxt/browser';
import type { Lookups } from '../lookup/lookups';

export type TabEventHandlers = ReturnType<typeof createTabEventHandlers>;

export function createTabEventHandlers(lookups: Lookups, onError: (error: unknown) => void) {
  const guarded = (work: Promise<unknown>): Promise<void> => work.then(() => undefined, onError);
  return {
    activated: ({ tabId }: { tabId: number }) => guarded(lookups.tabActivated(tabId)),

    updated(tabId: number, changeInfo: { url?: string; status?: string }): Promise<void> {
      // Only a URL change (a full load or an in-page navigation) can change the site; the
      // browser clears a tab's badge when a new document commits (also on back/forward), so
      // "complete" puts it back. Neither costs a request while the answer is cached or in flight.
      if (changeInfo.url !== undefined) return guarded(lookups.tabNavigated(tabId));
      if (changeInfo.status === 'complete') return guarded(lookups.restoreBadge(tabId));
      return Promise.resolve();
    },

    replaced(addedTabId: number, removedTabId: number) {
      // A prerendered or restored page swapped in under a new tab id: the old id is gone
      // without an onRemoved, and the new tab needs its own badge.
      return guarded(
        Promise.all([lookups.forgetTab(removedTabId), lookups.tabNavigated(addedTabId)]),
      );
    },

    removed: (tabId: number) => guarded(lookups.forgetTab(tabId)),
  };
}

/** `onHandling` hears of the work each event starts: start-up housekeeping waits for it. */
export function registerTabListeners(
  lookups: Lookups,
  onError: (error: unknown) => void,
  onHandling: (work: Promise<void>) => void = () => {},
) {
  const handlers = createTabEventHandlers(lookups, onError);
  browser.tabs.onActivated.addListener((info) => onHandling(handlers.activated(info)));
  browser.tabs.onUpdated.addListener((tabId, change) =>
    onHandling(handlers.updated(tabId, change)),
  );
  browser.tabs.onReplaced.addListener((added, removed) =>
    onHandling(handlers.replaced(added, removed)),
  );
  browser.tabs.onRemoved.addListener((tabId) => onHandling(handlers.removed(tabId)));
}
