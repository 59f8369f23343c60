/** The browser's tabs as the extension reads them; a closed tab is an answer (null), not an error. */
import { type Browser, browser } from 'wxt/browser';

/** A tab as the lookup sees it: the lookup takes it without a browser API, so it runs on fakes. */
export interface OpenTab {
  id: number;
  url: string | undefined;
  active: boolean;
  incognito?: boolean;
}

const openTab = ({ id, url, active, incognito }: Browser.tabs.Tab): OpenTab | null =>
  id === undefined ? null : { id, url, active, incognito };

export async function readTab(tabId: number): Promise<OpenTab | null> {
  try {
    // Some browsers (and the unit tests' fake) answer undefined rather than rejecting.
    const tab = await browser.tabs.get(tabId);
    return tab ? openTab({ ...tab, id: tabId }) : null;
  } catch {
    // tabs.get rejects with "No tab with id" once a tab is closed or replaced.
    return null;
  }
}

export const openTabs = async (): Promise<OpenTab[]> =>
  (await browser.tabs.query({})).flatMap((tab) => openTab(tab) ?? []);

/** Calls back with the window's active tab now and after every switch (null: it is closing). */
export function watchActiveTab(windowId: number, onChange: (tabId: number | null) => void) {
  let current: number | null | undefined;
  const change = (tabId: number | null) => {
    if (tabId === current) return;
    current = tabId;
    onChange(tabId);
  };

  const onActivated = (info: { tabId: number; windowId: number }) => {
    if (info.windowId === windowId) change(info.tabId);
  };
  // A prerendered or restored page swapped in for the active tab takes over its id.
  const onReplaced = (addedTabId: number, removedTabId: number) => {
    if (removedTabId === current) change(addedTabId);
  };
  browser.tabs.onActivated.addListener(onActivated);
  browser.tabs.onReplaced.addListener(onReplaced);

  browser.tabs.query({ active: true, windowId }).then(([tab]) => {
    // A switch reported while the query ran is newer than its answer.
    if (current === undefined) change(tab?.id ?? null);
  });

  return () => {
    browser.tabs.onActivated.removeListener(onActivated);
    browser.tabs.onReplaced.removeListener(onReplaced);
  };
}

/**
 * The side panel's window: `sidepanel.html?windowId=N` names one (tests open the panel as a
 * page), else the one it is docked in; null without windows (Firefox for Android).
 */
export async function sidePanelWindowId(search: string): Promise<number | null> {
  const raw = new URLSearchParams(search).get('windowId');
  if (raw !== null && /^\d+$/.test(raw)) return Number(raw);
  if (!browser.windows) return null;
  return (await browser.windows.getCurrent()).id ?? null;
}

/** Calls back with the tab's address now and after every navigation (null: none to read). */
export function watchTabAddress(tabId: number, onChange: (url: string | null) => void) {
  let changed = false;
  const onUpdated = (id: number, change: { url?: string }) => {
    if (id !== tabId || change.url === undefined) return;
    changed = true;
    onChange(change.url);
  };
  browser.tabs.onUpdated.addListener(onUpdated);
  readTab(tabId).then((tab) => {
    // A navigation reported while the read ran is newer than its answer.
    if (!changed) onChange(tab?.url ?? null);
  });
  return () => browser.tabs.onUpdated.removeListener(onUpdated);
}
