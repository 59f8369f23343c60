/**
 * Expired cache entries and past retry records are dropped on an alarm, not a timer: the
 * browser stops an idle worker and its timers with it, while an alarm wakes it.
 */
import { browser } from 'wxt/browser';

export const PURGE_ALARM_NAME = 'purge-expired-cache';
export const PURGE_PERIOD_MINUTES = 60;

/** Synchronously at worker start, like every listener (see lib/events/tab-listeners.ts). */
export function registerPurgeAlarmListener(
  purge: () => Promise<unknown>,
  onError: (error: unknown) => void,
) {
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === PURGE_ALARM_NAME) purge().catch(onError);
  });
}

/**
 * Also once after an update, synchronously at worker start: the purge builds the sites page's
 * rows (lib/cache/cache-rows.ts), which a version that kept none did not leave. Until it runs,
 * the page reads the entries themselves.
 */
export function registerPurgeAfterUpdate(
  purge: () => Promise<unknown>,
  onError: (error: unknown) => void,
) {
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason === 'update') purge().catch(onError);
  });
}

/**
 * Creates the alarm unless it exists. Called at every worker start: alarms can be lost (an
 * update, a browser that does not keep them), and creating one anew each time would restart
 * its period, so a worker woken more often than hourly would never purge.
 */
export async function ensurePurgeAlarm(): Promise<void> {
  const existing = await browser.alarms.get(PURGE_ALARM_NAME);
  if (existing) return;
  await browser.alarms.create(PURGE_ALARM_NAME, {
    delayInMinutes: PURGE_PERIOD_MINUTES,
    periodInMinutes: PURGE_PERIOD_MINUTES,
  });
}
