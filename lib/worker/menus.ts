/** The context menu items: "Agent readiness of this site" on links, "All sites…" on the button. */
import { type Browser, browser } from 'wxt/browser';
import { t } from '../locale/i18n';
import { siteReportPath } from '../messaging/site-report-address';
import { deriveLookupTarget } from '../privacy/lookup-target';

export const LINK_MENU_ITEM_ID = 'agent-readiness-of-link-site';
export const LINK_MENU_TITLE = 'Agent readiness of this site';
export const SITES_MENU_ITEM_ID = 'agent-readiness-all-sites';

export type LinkMenuClick = Pick<Browser.contextMenus.OnClickData, 'menuItemId' | 'linkUrl'>;
export type LinkMenuTab = Pick<Browser.tabs.Tab, 'incognito'>;

function createMenuItem(
  properties: Parameters<typeof browser.contextMenus.create>[0],
): Promise<void> {
  return new Promise((resolve, reject) => {
    browser.contextMenus.create(properties, () => {
      const error = browser.runtime.lastError;
      if (error) reject(new Error(error.message));
      else resolve();
    });
  });
}

/**
 * Creates the item afresh. Chrome keeps menu items across restarts and refuses a second item
 * with the same id, Firefox may not keep them: removing everything first suits both.
 */
export async function createLinkMenuItem(): Promise<void> {
  await browser.contextMenus.removeAll();
  await createMenuItem({
    id: LINK_MENU_ITEM_ID,
    title: LINK_MENU_TITLE,
    contexts: ['link'],
    // Only web links: a mailto: or javascript: link has no site to look up.
    targetUrlPatterns: ['http://*/*', 'https://*/*'],
  });
}

/** `createOtherItems` runs after the link item is created, which removes every item first. */
export function registerLinkMenu(
  showSiteReport: (path: string) => Promise<unknown>,
  onError: (error: unknown) => void,
  createOtherItems: () => Promise<void> = async () => undefined,
) {
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

export function actionMenuContext(manifestVersion: number): 'action' | 'browser_action' {
  return manifestVersion === 3 ? 'action' : 'browser_action';
}

export async function createSitesMenuItem(): Promise<void> {
  const context = actionMenuContext(browser.runtime.getManifest().manifest_version);
  return createMenuItem({ id: SITES_MENU_ITEM_ID, title: t('sitesMenuItem'), contexts: [context] });
}

export function registerSitesMenu(
  openSitesPage: () => Promise<unknown>,
  onError: (error: unknown) => void,
) {
  browser.contextMenus?.onClicked.addListener(({ menuItemId }: { menuItemId: string | number }) => {
    if (menuItemId === SITES_MENU_ITEM_ID) openSitesPage().catch(onError);
  });
}
