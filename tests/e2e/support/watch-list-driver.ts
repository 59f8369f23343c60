/**
 * The watch list as e2e specs drive it, through the extension's own worker: a site's stored
 * watch record, the notifications the browser holds, and one round fired by its alarm.
 */
import { expect } from 'vitest';
import type { ExtensionBrowser } from '../../../extension-browser/extension-browser';

/** The part of a watch record the specs read (lib/sites/watch-list.ts). */
export interface WatchedSiteRecord {
  checkedAt: number | null;
  score: number | null;
  seenReport?: boolean;
}

/** What `notifications.getAll()` answers: Chrome gives each id `true`, Firefox its options. */
export type ShownNotifications = Record<
  string,
  true | { type?: string; title?: string; message?: string }
>;

export function watchListDriver(browser: ExtensionBrowser) {
  const inWorker = async <R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> =>
    (await browser.worker()).evaluate(fn as (arg: unknown) => Promise<R>, arg as unknown);

  const watchRecord = (site: string) =>
    inWorker(async (origin: string) => {
      const stored = (await chrome.storage.local.get('watch-list:v1'))['watch-list:v1'];
      return (stored as Record<string, WatchedSiteRecord> | undefined)?.[origin];
    }, site);

  return {
    watchRecord,

    shownNotifications: () =>
      inWorker(
        async () => (await chrome.notifications.getAll()) as unknown as ShownNotifications,
        null,
      ),

    /** Fires the watch list's alarm now and waits until the round has checked `site`. */
    async runRound(site: string): Promise<void> {
      const before = (await watchRecord(site))?.checkedAt ?? 0;
      await inWorker(
        async () => chrome.alarms.create('watch-list-round', { when: Date.now() }),
        null,
      );
      await expect
        .poll(async () => (await watchRecord(site))?.checkedAt ?? 0, { timeout: 15_000 })
        .toBeGreaterThan(before);
    },
  };
}
