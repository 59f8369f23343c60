/**
 * The site report page's one request of the background: "show me this site". Like the
 * popup's request (messages.ts), it is answered with the view; the background decides again
 * what may be sent, so the page cannot make it send more than an origin.
 */
import { browser } from 'wxt/browser';
import type { LookupService } from '../lookup/ports';
import type { TabView } from '../tabs/tab-view';

export interface ShowSiteRequest {
  type: 'show-site';
  /** The site's origin, as the link menu put it in the page's address. */
  site: string;
  /** True for the page's Refresh: skip the cache. */
  force: boolean;
}

function isShowSiteRequest(message: unknown): message is ShowSiteRequest {
  if (typeof message !== 'object' || message === null) return false;
  const candidate = message as Partial<ShowSiteRequest>;
  return (
    candidate.type === 'show-site' &&
    typeof candidate.site === 'string' &&
    typeof candidate.force === 'boolean'
  );
}

/** Page side: the site's view, or null when the background could not produce one. */
export function requestSiteView(site: string, force: boolean): Promise<TabView | null> {
  const request: ShowSiteRequest = { type: 'show-site', site, force };
  return browser.runtime.sendMessage(request) as Promise<TabView | null>;
}

/** Background side. Leaves every other message to the other listeners. */
export function registerSiteMessageHandler(
  sites: Pick<LookupService, 'showSite'>,
  onError: (error: unknown) => void,
) {
  browser.runtime.onMessage.addListener((message, _sender, sendResponse) => {
    if (!isShowSiteRequest(message)) return undefined;
    sites.showSite(message.site, { force: message.force }).then(sendResponse, (error: unknown) => {
      onError(error);
      sendResponse(null);
    });
    return true;
  });
}
