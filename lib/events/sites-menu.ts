/**
 * The toolbar button's context menu item, "All sites…", which opens the sites page. MV3 calls
 * the button's menu context `action`, Firefox's MV2 `browser_action`.
 *
 * Created right after the link menu's item (link-menu.ts removes all items first, so both are
 * created in one sequence); its click is heard by a listener registered at worker start.
 */
import { browser } from 'wxt/browser';
import { t } from '../locale/i18n';

export const SITES_MENU_ITEM_ID = 'agent-readiness-all-sites';

/** The toolbar button's context for this manifest version. */
export function actionMenuContext(manifestVersion: number): 'action' | 'browser_action' {
  return manifestVersion === 3 ? 'action' : 'browser_action';
}

export async function createSitesMenuItem(): Promise<void> {
  const context = actionMenuContext(browser.runtime.getManifest().manifest_version);
  await new Promise<void>((resolve, reject) => {
    browser.contextMenus.create(
      { id: SITES_MENU_ITEM_ID, title: t('sitesMenuItem'), contexts: [context] },
      () => {
        const error = browser.runtime.lastError;
        if (error) reject(new Error(error.message));
        else resolve();
      },
    );
  });
}

export function registerSitesMenu(
  openSitesPage: () => Promise<unknown>,
  onError: (error: unknown) => void,
) {
  if (!browser.contextMenus) return;
  browser.contextMenus.onClicked.addListener((info: { menuItemId: string | number }) => {
    if (info.menuItemId === SITES_MENU_ITEM_ID) openSitesPage().catch(onError);
  });
}
