/**
 * The sites page (entrypoints/sites/), opened in a tab of its own: from the popup, the options
 * page, the toolbar button's context menu and a watch-list notification. An open sites page is
 * brought forward rather than opened twice; its window too, where the browser has windows
 * (Firefox for Android has none: its tab coming forward is all there is).
 */
import { browser } from 'wxt/browser';

export const SITES_PAGE_PATH = '/sites.html' as const;

/** The page's address, optionally with a site to select: `sites.html?site=<origin>`. */
export function sitesPageUrl(site?: string): string {
  const base = browser.runtime.getURL(SITES_PAGE_PATH);
  return site === undefined ? base : `${base}?site=${encodeURIComponent(site)}`;
}

export async function openSitesPage(site?: string): Promise<void> {
  const base = browser.runtime.getURL(SITES_PAGE_PATH);
  const [open] = await browser.tabs.query({ url: `${base}*` });
  const url = sitesPageUrl(site);
  if (open?.id !== undefined) {
    await browser.tabs.update(open.id, { active: true, ...(site === undefined ? {} : { url }) });
    if (open.windowId !== undefined && browser.windows) {
      await browser.windows.update(open.windowId, { focused: true });
    }
    return;
  }
  await browser.tabs.create({ url });
}
