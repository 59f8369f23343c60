/**
 * Shows a site report page in a small window of its own, sized like the toolbar popup: the
 * report is about a link, not about the tab the user is on, so it neither replaces that tab
 * nor takes over the side panel (which follows the active tab). Where the browser has no
 * windows (Firefox for Android), a tab of its own does the same.
 */
import { browser } from 'wxt/browser';

export const SITE_REPORT_WINDOW = { width: 420, height: 640 } as const;

export async function openSiteReportWindow(path: string): Promise<void> {
  const url = browser.runtime.getURL(path as '/site-report.html');
  if (!browser.windows) {
    await browser.tabs.create({ url });
    return;
  }
  await browser.windows.create({
    url,
    type: 'popup',
    ...SITE_REPORT_WINDOW,
  });
}
