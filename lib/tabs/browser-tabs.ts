/**
 * Reading tabs from the browser, with a closed tab treated as an answer (null), not an error.
 */
import { browser } from 'wxt/browser';
import type { OpenTab } from './open-tab';

/** The tab as it is now; null when it no longer exists. */
export async function readTab(tabId: number): Promise<OpenTab | null> {
  try {
    const tab = await browser.tabs.get(tabId);
    // Some browsers (and the unit tests' fake) answer undefined rather than rejecting.
    if (!tab) return null;
    return { id: tabId, url: tab.url, active: tab.active, incognito: tab.incognito };
  } catch {
    // tabs.get rejects with "No tab with id" once a tab is closed or replaced.
    return null;
  }
}

/** Every open tab, with its URL and whether it is the active one of its window. */
export async function openTabs(): Promise<OpenTab[]> {
  const tabs = await browser.tabs.query({});
  return tabs.flatMap((tab) =>
    tab.id === undefined
      ? []
      : [{ id: tab.id, url: tab.url, active: tab.active, incognito: tab.incognito }],
  );
}
