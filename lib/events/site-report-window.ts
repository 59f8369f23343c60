/**
 * Shows a site report page in a small window of its own, sized like the toolbar popup: the
 * report is about a link, not about the tab the user is on, so it neither replaces that tab
 * nor takes over the side panel (which follows the active tab).
 */
import { browser } from 'wxt/browser';

export const SITE_REPORT_WINDOW = { width: 420, height: 640 } as const;

export async function openSiteReportWindow(path: string): Promise<void> {
  await browser.windows.create({
    url: browser.runtime.getURL(path as '/site-report.html'),
    type: 'popup',
    ...SITE_REPORT_WINDOW,
  });
}
