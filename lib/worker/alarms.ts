/**
 * The worker's alarms: the hourly purge of expired cache entries and retry pauses, the watch
 * list's round, and the wake-up when a busy service's window reopens. Alarms, not timers: the
 * browser stops an idle worker and its timers with it, while an alarm wakes it.
 */
import { browser } from 'wxt/browser';

/** Period in minutes. */
export const PERIODIC_ALARMS = {
  'purge-expired-cache': 60,
  // A site is asked for only when its answer ran out: the period is how often that is checked.
  'watch-list-round': 30,
} as const;

const SERVICE_WINDOW_ALARM = 'service-window-reopens';

type AlarmName = keyof typeof PERIODIC_ALARMS | typeof SERVICE_WINDOW_ALARM;

/** Synchronously at worker start, like every listener (see tab-listeners.ts). */
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
  for (const [name, minutes] of Object.entries(PERIODIC_ALARMS)) {
    if (await browser.alarms.get(name)) continue;
    await browser.alarms.create(name, { delayInMinutes: minutes, periodInMinutes: minutes });
  }
}

/**
 * Sets the one wake-up to `time` (epoch ms); a later call replaces it. A little after the
 * window's end, so the retry gate no longer holds when the alarm fires.
 */
export function scheduleServiceWindowAlarm(time: number, onError: (error: unknown) => void): void {
  Promise.resolve(browser.alarms.create(SERVICE_WINDOW_ALARM, { when: time + 500 })).catch(onError);
}
