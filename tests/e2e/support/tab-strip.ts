/**
 * Windows and tabs driven through the extension's background, as the browser's tab strip
 * would drive them: the extension hears the same events as when a person clicks.
 */
import type { ExtensionBrowser } from '../../../extension-browser/extension-browser';

export interface TabStrip {
  /** A new browser window showing `url`; its id and its one tab's id. */
  openWindow(url: string): Promise<{ windowId: number; tabId: number }>;
  /** A new active tab in `windowId` showing `url`; its id. */
  openTabIn(windowId: number, url: string): Promise<number>;
  activeTabOf(windowId: number): Promise<number>;
  switchTo(tabId: number): Promise<void>;
  navigate(tabId: number, url: string): Promise<void>;
}

export function tabStripOf(browser: ExtensionBrowser): TabStrip {
  const worker = () => browser.worker();
  return {
    async openWindow(url) {
      return (await worker()).evaluate(async (address) => {
        const window = await chrome.windows.create({ url: address, focused: true });
        const tabId = window?.tabs?.[0]?.id;
        if (window?.id === undefined || tabId === undefined) throw new Error('No window created');
        return { windowId: window.id, tabId };
      }, url);
    },
    async openTabIn(windowId, url) {
      return (await worker()).evaluate(
        async ({ id, address }) => {
          const tab = await chrome.tabs.create({ windowId: id, url: address, active: true });
          return tab.id as number;
        },
        { id: windowId, address: url },
      );
    },
    async activeTabOf(windowId) {
      return (await worker()).evaluate(async (id) => {
        const [tab] = await chrome.tabs.query({ active: true, windowId: id });
        return tab?.id as number;
      }, windowId);
    },
    async switchTo(tabId) {
      await (await worker()).evaluate(async (id) => {
        await chrome.tabs.update(id, { active: true });
      }, tabId);
    },
    async navigate(tabId, url) {
      await (await worker()).evaluate(
        async ({ id, address }) => {
          await chrome.tabs.update(id, { url: address });
        },
        { id: tabId, address: url },
      );
    },
  };
}
