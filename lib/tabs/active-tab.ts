/**
 * Follows the active tab of one window, for the side panel: the panel belongs to a window
 * and shows whichever tab the user turns to in it.
 */
import { browser } from 'wxt/browser';

/**
 * Calls back with the window's active tab now and after every switch; returns the function
 * that stops following. Null means the window has no active tab (it is closing).
 */
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
 * The window the side panel belongs to: `sidepanel.html?windowId=N` names one (tests open
 * the panel as a page of its own), otherwise the window the panel is docked in; null where the
 * browser has no windows (Firefox for Android, which has no side panel either).
 */
export async function sidePanelWindowId(search: string): Promise<number | null> {
  const raw = new URLSearchParams(search).get('windowId');
  if (raw !== null && /^\d+$/.test(raw)) return Number(raw);
  if (!browser.windows) return null;
  const window = await browser.windows.getCurrent();
  return window.id ?? null;
}
