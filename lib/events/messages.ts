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

/** How often the popup asks before it settles for what storage shows. */
const REQUEST_ATTEMPTS = 3;

/**
 * Popup side: asks the background to look the tab up (answered from cache when fresh).
 *
 * Never rejects. Firefox unloads an idle MV2 event page, and one unloaded while it held the
 * request leaves the popup with "Receiving end does not exist" and the tab's stored state at
 * "loading": asking again starts the page anew and finishes the lookup. After the last try
 * the answer is null, and the popup keeps showing the stored state.
 */
export async function requestTabView(tabId: number, force: boolean): Promise<TabView | null> {
  const request: ShowTabRequest = { type: 'show-tab', tabId, force };
  for (let attempt = 1; ; attempt += 1) {
    try {
      return ((await browser.runtime.sendMessage(request)) as TabView | null) ?? null;
    } catch {
      if (attempt >= REQUEST_ATTEMPTS) return null;
    }
  }
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
