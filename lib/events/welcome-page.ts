/**
 * The first-run page: opened once, when the extension is installed, to explain what is sent
 * and ask whether lookups may be automatic. Never on an update or a browser restart.
 */
import { browser } from 'wxt/browser';

export const WELCOME_PAGE = '/welcome.html';

export function registerWelcomePage(onError: (error: unknown) => void) {
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason !== 'install') return;
    browser.tabs.create({ url: browser.runtime.getURL(WELCOME_PAGE) }).catch(onError);
  });
}
