/**
 * Puts a tab's badge on the toolbar button. Chrome MV3 calls it `action`, Firefox MV2
 * `browserAction`; both take per-tab text, colour and title.
 */
import { browser } from 'wxt/browser';
import { type BadgeOptions, badgeFor, DEFAULT_BADGE_TITLE } from './badge';
import { unlessTabClosed } from './open-tab';
import type { TabView } from './tab-view';

/**
 * Shows a tab's view on the toolbar button, with the text the user's badge mode allows (none
 * where it allows none), while its tooltip always says the state in words.
 */
export async function showBadgeOnToolbar(
  tabId: number,
  view: TabView,
  now: number,
  options: BadgeOptions,
): Promise<void> {
  const action = browser.action ?? browser.browserAction;
  const { text, color, title } = badgeFor(view, now, options);
  await unlessTabClosed(
    Promise.all([
      action.setBadgeText({ tabId, text }),
      action.setBadgeBackgroundColor({ tabId, color }),
      action.setTitle({ tabId, title }),
      // Not every browser version has a text colour setting; white is the default where not.
      action.setBadgeTextColor?.({ tabId, color: '#ffffff' }),
    ]),
  );
}

/** Back to no badge and the default tooltip, for a tab about whose site nothing is known. */
export async function clearBadgeOnToolbar(tabId: number): Promise<void> {
  const action = browser.action ?? browser.browserAction;
  await unlessTabClosed(
    Promise.all([
      action.setBadgeText({ tabId, text: '' }),
      action.setTitle({ tabId, title: DEFAULT_BADGE_TITLE }),
    ]),
  );
}
