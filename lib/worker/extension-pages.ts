/**
 * The sites page in one tab, brought forward when open; a site's report in a window sized like
 * the popup, since it is about a link, not the tab the user is on.
 */
import { browser } from 'wxt/browser';

export function sitesPageUrl(site?: string): string {
  const base = browser.runtime.getURL('/sites.html');
  return site === undefined ? base : `${base}?site=${encodeURIComponent(site)}`;
}

export async function openSitesPage(site?: string): Promise<void> {
  const url = sitesPageUrl(site);
  const [open] = await browser.tabs.query({ url: `${sitesPageUrl()}*` });
  if (open?.id === undefined) {
    await browser.tabs.create({ url });
    return;
  }
  await browser.tabs.update(open.id, { active: true, ...(site === undefined ? {} : { url }) });
  if (open.windowId !== undefined && browser.windows) {
    await browser.windows.update(open.windowId, { focused: true });
  }
}

export async function openSiteReportWindow(path: string): Promise<void> {
  const url = browser.runtime.getURL(path as '/site-report.html');
  if (browser.windows)
    await browser.windows.create({ url, type: 'popup', width: 420, height: 640 });
  else await browser.tabs.create({ url });
}
