/**
 * Keeps every tab's badge in step with what the tab shows. Must be called synchronously when
 * the worker starts: an event fired before its listener exists is lost (the browser wakes the
 * worker for an event, then delivers it only to listeners already registered).
 */
import { browser } from 'wxt/browser';
import type { LookupService } from '../lookup/ports';

export type TabEventHandlers = ReturnType<typeof createTabEventHandlers>;

/** What the tab events do, apart from the browser, so tests can fire them in any order. */
export function createTabEventHandlers(service: LookupService, onError: (error: unknown) => void) {
  const guarded = (work: Promise<unknown>): Promise<void> => work.then(() => undefined, onError);
  return {
    activated: ({ tabId }: { tabId: number }) => guarded(service.tabActivated(tabId)),

    updated(tabId: number, changeInfo: { url?: string; status?: string }): Promise<void> {
      // onUpdated fires many times per page (loading, title, favicon, complete...): only a
      // URL change, full load or in-page (SPA) navigation, can change the site. "complete"
      // puts the badge back, since the browser clears a tab's badge when a new document
      // commits (also on back/forward). Neither costs a request while the answer is cached
      // or in flight.
      if (changeInfo.url !== undefined) return guarded(service.tabNavigated(tabId));
      if (changeInfo.status === 'complete') return guarded(service.restoreBadge(tabId));
      return Promise.resolve();
    },

    replaced(addedTabId: number, removedTabId: number) {
      // A prerendered or restored page swapped in under a new tab id: the old id is gone
      // without an onRemoved, and the new tab needs its own badge.
      return guarded(
        Promise.all([service.forgetTab(removedTabId), service.tabNavigated(addedTabId)]),
      );
    },

    removed: (tabId: number) => guarded(service.forgetTab(tabId)),
  };
}

/** `onHandling` hears of the work each event starts: start-up housekeeping waits for it. */
export function registerTabListeners(
  service: LookupService,
  onError: (error: unknown) => void,
  onHandling: (work: Promise<void>) => void = () => {},
) {
  const handlers = createTabEventHandlers(service, onError);
  browser.tabs.onActivated.addListener((info) => {
    onHandling(handlers.activated(info));
  });
  browser.tabs.onUpdated.addListener((tabId, changeInfo) => {
    onHandling(handlers.updated(tabId, changeInfo));
  });
  browser.tabs.onReplaced.addListener((addedTabId, removedTabId) => {
    onHandling(handlers.replaced(addedTabId, removedTabId));
  });
  browser.tabs.onRemoved.addListener((tabId) => {
    onHandling(handlers.removed(tabId));
  });
}
