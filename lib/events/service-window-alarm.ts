/**
 * When the service said it is busy (a 429, or a quota spent), the tabs that wanted a lookup
 * are looked up once its window reopens. On an alarm, not a timer: the worker is stopped when
 * idle and its timers with it, while an alarm wakes it.
 */
import { browser } from 'wxt/browser';

export const SERVICE_WINDOW_ALARM_NAME = 'service-window-reopens';

/** A little after the window's end, so the retry gate no longer holds when the alarm fires. */
export const WAKE_MARGIN_MS = 500;

/** Synchronously at worker start, like every listener (see lib/events/tab-listeners.ts). */
export function registerServiceWindowAlarmListener(
  lookUpWaitingTabs: () => Promise<unknown>,
  onError: (error: unknown) => void,
): void {
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === SERVICE_WINDOW_ALARM_NAME) lookUpWaitingTabs().catch(onError);
  });
}

/**
 * Sets the one wake-up alarm to `time` (epoch ms). A later call replaces it; an earlier
 * wake-up than needed costs nothing, since the tabs still waiting are simply shown busy again
 * and set the alarm anew.
 */
export function scheduleServiceWindowAlarm(time: number, onError: (error: unknown) => void): void {
  Promise.resolve(
    browser.alarms.create(SERVICE_WINDOW_ALARM_NAME, { when: time + WAKE_MARGIN_MS }),
  ).catch(onError);
}
