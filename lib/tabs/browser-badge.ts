/** The badge on the toolbar button: `action` in Chrome MV3, `browserAction` in Firefox MV2. */
import { browser } from 'wxt/browser';
import { type BadgeOptions, badgeFor, DEFAULT_BADGE_TITLE } from './badge';
import { popupPageFor, type TabState } from './tab-state';
import type { TabView } from './tab-view';

// A call about a closed tab rejects: the publisher, the only caller, takes that for no error.
export async function showBadgeOnToolbar(
  tabId: number,
  view: TabView,
  now: number,
  options: BadgeOptions,
): Promise<void> {
  const action = browser.action ?? browser.browserAction;
  const { text, color, title } = badgeFor(view, now, options);
  await Promise.all([
    action.setBadgeText({ tabId, text }),
    action.setBadgeBackgroundColor({ tabId, color }),
    action.setTitle({ tabId, title }),
    // Not every browser version has a text colour setting; white is the default where not.
    action.setBadgeTextColor?.({ tabId, color: '#ffffff' }),
  ]);
}

export async function clearBadgeOnToolbar(tabId: number): Promise<void> {
  const action = browser.action ?? browser.browserAction;
  await Promise.all([
    action.setBadgeText({ tabId, text: '' }),
    action.setTitle({ tabId, title: DEFAULT_BADGE_TITLE }),
  ]);
}

/** The tab's toolbar popup opens on `state` (null: on nothing, reading it as before). */
export async function handStateToPopup(tabId: number, state: TabState | null): Promise<void> {
  const action = browser.action ?? browser.browserAction;
  await action.setPopup({ tabId, popup: popupPageFor(tabId, state) });
}
