/**
 * Reading tabs from the browser, with a closed tab treated as an answer (null), not an error.
 */
import { browser } from 'wxt/browser';

/** The URL the tab shows now; null when the tab no longer exists. */
export async function currentTabUrl(tabId: number): Promise<string | undefined | null> {
  try {
    const tab = await browser.tabs.get(tabId);
    return tab.url;
  } catch {
    // tabs.get rejects with "No tab with id" once a tab is closed or replaced.
    return null;
  }
}

/** The active tab of every window, with its URL. */
export async function activeTabs(): Promise<{ id: number; url: string | undefined }[]> {
  const tabs = await browser.tabs.query({ active: true });
  return tabs.flatMap((tab) => (tab.id === undefined ? [] : [{ id: tab.id, url: tab.url }]));
}
