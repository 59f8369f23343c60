/**
 * The watch list's notifications of a change, shown only with the optional `notifications`
 * permission (asked for the first time the user watches a site); the sites page shows it anyway.
 */
import { browser } from 'wxt/browser';
import { watchChangeMessage } from '../sites/watch-change-message';
import type { WatchChange } from '../sites/watch-check';

const NOTIFICATION_PREFIX = 'watch-change:';

export async function notifyWatchChange(change: WatchChange): Promise<void> {
  if (!browser.notifications) return;
  if (!(await browser.permissions.contains({ permissions: ['notifications'] }))) return;
  const { title, message } = watchChangeMessage(change);
  await browser.notifications.create(`${NOTIFICATION_PREFIX}${change.site}`, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/icon/128.png'),
    title,
    message,
  });
}

/** The API exists only once the permission is granted: listened to at start if it is, and when it is. */
export function registerWatchNotificationClicks(
  openSitesPage: (site: string) => Promise<unknown>,
  onError: (error: unknown) => void,
) {
  let listening = false;
  const listen = () => {
    if (listening || !browser.notifications) return;
    listening = true;
    browser.notifications.onClicked.addListener((id) => {
      if (!id.startsWith(NOTIFICATION_PREFIX)) return;
      openSitesPage(id.slice(NOTIFICATION_PREFIX.length)).catch(onError);
      browser.notifications.clear(id).catch(onError);
    });
  };
  listen();
  browser.permissions.onAdded?.addListener(listen);
}
