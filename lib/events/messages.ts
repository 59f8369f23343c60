/**
 * The one request the popup makes of the background: "bring this tab's view up to date".
 * The popup then renders what the background stored, so both always agree.
 */
import { browser } from 'wxt/browser';
import type { LookupService } from '../lookup/ports';
import type { TabView } from '../tabs/tab-view';

export interface ShowTabRequest {
  type: 'show-tab';
  tabId: number;
  /** True for the popup's Refresh: skip the cache (Retry-After still holds). */
  force: boolean;
}

function isShowTabRequest(message: unknown): message is ShowTabRequest {
  if (typeof message !== 'object' || message === null) return false;
  const candidate = message as Partial<ShowTabRequest>;
  return (
    candidate.type === 'show-tab' &&
    Number.isInteger(candidate.tabId) &&
    typeof candidate.force === 'boolean'
  );
}

/** Popup side: asks the background to look the tab up (answered from cache when fresh). */
export function requestTabView(tabId: number, force: boolean): Promise<TabView | null> {
  const request: ShowTabRequest = { type: 'show-tab', tabId, force };
  return browser.runtime.sendMessage(request) as Promise<TabView | null>;
}

/** Background side. `sendResponse` + `return true` keeps the channel open in every browser. */
export function registerMessageHandler(
  service: Pick<LookupService, 'showTab'>,
  onError: (error: unknown) => void,
) {
  // runtime.onMessage only hears this extension's own pages (other extensions and web pages
  // would arrive on onMessageExternal, which is not listened to), so the shape is all to check.
  browser.runtime.onMessage.addListener((message, _sender, sendResponse) => {
    if (!isShowTabRequest(message)) return undefined;
    service
      .showTab(message.tabId, { force: message.force })
      .then(sendResponse, (error: unknown) => {
        onError(error);
        sendResponse(null);
      });
    return true;
  });
}
