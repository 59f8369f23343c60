/**
 * Follows the address one tab shows, for a page that stays open while the tab navigates (the
 * side panel): what its controls act on must be the site the tab shows now.
 */
import { browser } from 'wxt/browser';

/**
 * Calls back with the tab's address now and after every navigation; returns the function that
 * stops following. Null: the tab is gone, or shows no address the extension may read.
 */
export function watchTabAddress(tabId: number, onChange: (url: string | null) => void) {
  let changed = false;
  const onUpdated = (id: number, change: { url?: string }) => {
    if (id !== tabId || change.url === undefined) return;
    changed = true;
    onChange(change.url);
  };
  browser.tabs.onUpdated.addListener(onUpdated);
  browser.tabs.get(tabId).then(
    (tab) => {
      // A navigation reported while the read ran is newer than its answer.
      if (!changed) onChange(tab?.url ?? null);
    },
    () => {
      if (!changed) onChange(null);
    },
  );
  return () => browser.tabs.onUpdated.removeListener(onUpdated);
}
