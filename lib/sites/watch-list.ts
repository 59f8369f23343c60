/**
 * The watch list: sites the user asked to have looked up on a schedule, each with what its
 * last scheduled lookup saw, so a change can be told with the old and new values.
 *
 * - Opt-in, one site at a time, from the popup or the sites page; only origins the extension
 *   already shows a view for (so never a private-window, paused-at-the-time or local site).
 * - Kept in local storage under its own key, not in the settings: "clear local data" clears
 *   it, like every other record of sites the user visited.
 * - Bounded: the scheduled round looks the sites up one after another, and a list without end
 *   would make it a crawler.
 */

import { isHttpOrigin } from '../contract/http-origin';
import { readRecord, watchRecord } from '../storage/record-reads';
import type { Epoch, RecordStore } from '../storage/record-store';
import { WATCH_LIST_RECORD, type WatchList, type WatchRecord } from '../storage/records';

export type { WatchList, WatchRecord };

export const WATCH_LIST_KEY = WATCH_LIST_RECORD.key;
/** The most sites watched at once. */
export const MAX_WATCHED_SITES = 50;

export const newWatchRecord = (now: number): WatchRecord => ({
  since: now,
  checkedAt: null,
  score: null,
  failed: [],
  seenReport: false,
});

export function readWatchList(): Promise<WatchList> {
  return readRecord(WATCH_LIST_RECORD);
}

/** The worker's one way to change the list: one change at a time, in the order asked. */
export function updateWatchList(
  store: RecordStore,
  change: (list: WatchList) => WatchList,
  options: { since?: Epoch } = {},
): Promise<WatchList> {
  return store.update(WATCH_LIST_RECORD, change, options);
}

/** A site the list may hold: an http(s) origin as the URL parser writes it. */
export function isWebOrigin(site: string): boolean {
  return isHttpOrigin(site);
}

/** Starts watching an origin; false when the list is full or `site` is not an origin. */
export async function watchSite(store: RecordStore, site: string, now: number): Promise<boolean> {
  if (!isWebOrigin(site)) return false;
  let added = false;
  await updateWatchList(store, (list) => {
    if (list[site] !== undefined) {
      added = true;
      return list;
    }
    if (Object.keys(list).length >= MAX_WATCHED_SITES) return list;
    added = true;
    return { ...list, [site]: newWatchRecord(now) };
  });
  return added;
}

export async function unwatchSite(store: RecordStore, site: string): Promise<void> {
  await updateWatchList(store, (list) => {
    const { [site]: _gone, ...rest } = list;
    return rest;
  });
}

export function onWatchListChanged(callback: (list: WatchList) => void): () => void {
  return watchRecord(WATCH_LIST_RECORD, callback);
}
