/**
 * The watch list's schedule and its notifications.
 *
 * An alarm wakes the worker every WATCH_PERIOD_MINUTES for one round (lib/sites/watch-check.ts);
 * the round itself decides, site by site, whether a request may go (cache freshness, retry
 * gate), so the period is only how often the question is asked.
 *
 * `notifications` is an optional permission, asked for the first time the user watches a
 * site (lib/ui/use-watch-site.ts). Without it nothing is shown, and the sites page still
 * shows the change. Clicking a notification opens the sites page on that site.
 */
import { browser } from 'wxt/browser';
import { watchChangeMessage } from '../sites/watch-change-message';
import type { WatchChange } from '../sites/watch-check';

export const WATCH_ALARM_NAME = 'watch-list-round';
/** How often the watch list is looked at; a site is asked for only when its answer ran out. */
export const WATCH_PERIOD_MINUTES = 30;
const NOTIFICATION_PREFIX = 'watch-change:';

export function registerWatchAlarmListener(
  round: () => Promise<unknown>,
  onError: (error: unknown) => void,
) {
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === WATCH_ALARM_NAME) round().catch(onError);
  });
}

/** Creates the alarm unless it exists (see cache-purge-alarm.ts for why not anew each time). */
export async function ensureWatchAlarm(): Promise<void> {
  if (await browser.alarms.get(WATCH_ALARM_NAME)) return;
  await browser.alarms.create(WATCH_ALARM_NAME, {
    delayInMinutes: WATCH_PERIOD_MINUTES,
    periodInMinutes: WATCH_PERIOD_MINUTES,
  });
}

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
