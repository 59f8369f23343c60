/** The worker's alarms: the purge, the watch list's round, the wake-up when a busy service reopens. */
import { browser } from 'wxt/browser';

export const PERIODIC_ALARM_MINUTES = {
  'purge-expired-cache': 60,
  // A site is asked for only when its answer ran out: the period is how often that is checked.
  'watch-list-round': 30,
} as const;

const SERVICE_WINDOW_ALARM = 'service-window-reopens';

type AlarmName = keyof typeof PERIODIC_ALARM_MINUTES | typeof SERVICE_WINDOW_ALARM;

export function registerAlarms(
  handlers: Record<AlarmName, () => Promise<unknown>>,
  onError: (error: unknown) => void,
): void {
  browser.alarms.onAlarm.addListener(({ name }) => {
    if (Object.hasOwn(handlers, name)) handlers[name as AlarmName]().catch(onError);
  });
  // Also once after an update: the purge lists every kept answer in the cache's index, which
  // an earlier version did not keep.
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason === 'update') handlers['purge-expired-cache']().catch(onError);
  });
}

/**
 * At every worker start, since alarms can be lost; only those missing, since one created anew
 * would restart its period, and a worker woken more often than that would never run it.
 */
export async function ensureAlarms(): Promise<void> {
  for (const [name, minutes] of Object.entries(PERIODIC_ALARM_MINUTES)) {
    if (await browser.alarms.get(name)) continue;
    await browser.alarms.create(name, { delayInMinutes: minutes, periodInMinutes: minutes });
  }
}

/** A later call replaces the wake-up; a little after the window, so the retry gate no longer holds. */
export function scheduleServiceWindowAlarm(time: number, onError: (error: unknown) => void): void {
  Promise.resolve(browser.alarms.create(SERVICE_WINDOW_ALARM, { when: time + 500 })).catch(onError);
}
