/**
 * Keeps every tab's badge in step with what the tab shows. Must be called synchronously when
 * the worker starts: an event fired before its listener exists is lost (the browser wakes the
 * worker for an event, then delivers it only to listeners already registered).
 */
import { browser } from 'wxt/browser';
import { activeTabs } from './browser-tabs';
import type { LookupService } from './lookup-service';

export function registerTabListeners(service: LookupService, onError: (error: unknown) => void) {
  const show = (tabId: number, url: string | undefined) =>
    service.showTab(tabId, url).catch(onError);

  browser.tabs.onActivated.addListener(({ tabId }) => {
    browser.tabs.get(tabId).then((tab) => show(tabId, tab.url), onError);
  });

  browser.tabs.onUpdated.addListener((tabId, changeInfo, tab) => {
    // Only the active tab is looked up: a background tab is looked up when the user turns to
    // it, so pages opened in bulk do not each cost a request. A URL change covers full loads
    // and in-page (SPA) navigations; "complete" puts the badge back, since the browser
    // clears a tab's badge when a new document commits. Cached answers make repeats free.
    if (!tab.active) return;
    if (changeInfo.url !== undefined || changeInfo.status === 'complete') show(tabId, tab.url);
  });

  browser.tabs.onReplaced.addListener((addedTabId, removedTabId) => {
    // A prerendered or restored page swapped in: the new tab needs its own badge.
    service.forgetTab(removedTabId).catch(onError);
    browser.tabs.get(addedTabId).then((tab) => show(addedTabId, tab.url), onError);
  });

  browser.tabs.onRemoved.addListener((tabId) => {
    service.forgetTab(tabId).catch(onError);
  });

  const showActiveTabs = () =>
    activeTabs().then((tabs) => Promise.all(tabs.map((tab) => show(tab.id, tab.url))), onError);
  browser.runtime.onInstalled.addListener(showActiveTabs);
  browser.runtime.onStartup.addListener(showActiveTabs);
}
