/**
 * The context menu item on links, "Agent readiness of this site": a lookup the user asks for
 * by name, of the link's site, under the same privacy rules as every other lookup (only the
 * origin is sent; local and private sites never are, nor any link in a private window, and the
 * page says why).
 *
 * Must be registered synchronously when the background starts: the browser wakes it for a
 * menu click and delivers the click only to listeners that already exist.
 */
import { browser } from 'wxt/browser';
import { deriveLookupTarget } from '../privacy/lookup-target';
import { siteReportPath } from './site-report-address';

export const LINK_MENU_ITEM_ID = 'agent-readiness-of-link-site';
export const LINK_MENU_TITLE = 'Agent readiness of this site';

export interface LinkMenuClick {
  menuItemId: string | number;
  linkUrl?: string | undefined;
}

/** The tab the click was in, as far as the menu needs it. */
export interface LinkMenuTab {
  incognito?: boolean | undefined;
}

/**
 * Creates the item afresh. Chrome keeps menu items across restarts and refuses a second item
 * with the same id, Firefox may not keep them: removing everything first suits both.
 */
export async function createLinkMenuItem(): Promise<void> {
  await browser.contextMenus.removeAll();
  await new Promise<void>((resolve, reject) => {
    browser.contextMenus.create(
      {
        id: LINK_MENU_ITEM_ID,
        title: LINK_MENU_TITLE,
        contexts: ['link'],
        // Only web links: a mailto: or javascript: link has no site to look up.
        targetUrlPatterns: ['http://*/*', 'https://*/*'],
      },
      () => {
        const error = browser.runtime.lastError;
        if (error) reject(new Error(error.message));
        else resolve();
      },
    );
  });
}

/**
 * Registers the item and its click handler. `showSiteReport` opens the site report page at
 * the path it is given (site-report-window.ts).
 */
export function registerLinkMenu(
  showSiteReport: (path: string) => Promise<unknown>,
  onError: (error: unknown) => void,
  /** Other menu items, created after this one (it removes every item first). */
  createOtherItems: () => Promise<void> = async () => undefined,
) {
  // Firefox for Android has no context menus; everything else works there.
  if (!browser.contextMenus) return;
  browser.contextMenus.onClicked.addListener((info: LinkMenuClick, tab?: LinkMenuTab) => {
    if (info.menuItemId !== LINK_MENU_ITEM_ID) return;
    // A link in a private window is never sent, and its site never reaches the report page's
    // address: the page is told only why. The browser names the tab of every click in a page;
    // only a click outside any tab (an extension's own page) comes without one.
    const target = deriveLookupTarget(info.linkUrl, { incognito: tab?.incognito === true });
    showSiteReport(siteReportPath(target)).catch(onError);
  });
  const create = () => {
    createLinkMenuItem().then(createOtherItems).catch(onError);
  };
  browser.runtime.onInstalled.addListener(create);
  browser.runtime.onStartup.addListener(create);
}
