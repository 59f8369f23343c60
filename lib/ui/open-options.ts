/**
 * Opens the extension's options page, from the popup, the side panel and the sites page. The
 * manifest asks for it in a tab (`options_ui.open_in_tab`), which is how `runtime.openOptionsPage`
 * shows it on desktop and on Firefox for Android alike. Where that call is missing or refused
 * (an Android build whose app does not handle it), a tab at the page's address does the same.
 */
import { browser } from 'wxt/browser';
import { logError } from './log-error';

export const OPTIONS_PAGE_PATH = '/options.html' as const;

export async function openOptionsPage(): Promise<void> {
  try {
    await browser.runtime.openOptionsPage();
  } catch {
    await browser.tabs.create({ url: browser.runtime.getURL(OPTIONS_PAGE_PATH) });
  }
}

/** For a click handler: failures go to the page's console rather than nowhere. */
export function openOptionsPageFromClick(): void {
  openOptionsPage().catch(logError);
}
