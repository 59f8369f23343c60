/**
 * The watch list's notifications of a change (lib/sites/watch-check.ts finds them). The
 * optional `notifications` permission is asked for the first time the user watches a site;
 * without it nothing is shown, and the sites page still shows the change. A click opens the
 * sites page on that site.
 */
import { browser } from 'wxt/browser';
import { watchChangeMessage } from '../sites/watch-change-message';
import type { WatchChange } from '../sites/watch-check';

const NOTIFICATION_PREFIX = 'watch-change:';

/** Shows a change, when the user granted notifications; otherwise does nothing. */
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

/**
 * Opens the sites page when a change notification is clicked. The API exists only once the
 * permission is granted, so the listener is added at worker start if it is, and when it is.
 */
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
