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

import { createKeyedQueue } from '../storage/keyed-queue';
import { readLocal, watchLocal, writeLocal } from '../storage/local-records';
import type { TabViewStatus } from '../tabs/tab-view';

export const WATCH_LIST_KEY = 'watch-list:v1';
/** The most sites watched at once. */
export const MAX_WATCHED_SITES = 50;

export interface WatchRecord {
  /** When the user started watching (epoch ms). */
  since: number;
  /** When a scheduled lookup last ended (epoch ms); null before the first. */
  checkedAt: number | null;
  /** The view state of that lookup. */
  status?: TabViewStatus;
  /** The rounded score it saw; null for a report without a score or no report at all. */
  score: number | null;
  /** The ids of the failed checks it saw, sorted. */
  failed: string[];
  /** True once a report was seen: only then is there an "old value" to compare with. */
  seenReport: boolean;
}

export type WatchList = Record<string, WatchRecord>;

function isWatchRecord(value: unknown): value is WatchRecord {
  const record = value as Partial<WatchRecord> | null;
  return (
    typeof record?.since === 'number' &&
    (record.checkedAt === null || typeof record.checkedAt === 'number') &&
    (record.score === null || typeof record.score === 'number') &&
    Array.isArray(record.failed) &&
    record.failed.every((id) => typeof id === 'string') &&
    typeof record.seenReport === 'boolean'
  );
}

/** What is stored, with anything malformed left out. */
export function parseWatchList(stored: unknown): WatchList {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const list: WatchList = {};
  for (const [site, record] of Object.entries(stored as Record<string, unknown>)) {
    if (isWatchRecord(record)) list[site] = record;
  }
  return list;
}

export const newWatchRecord = (now: number): WatchRecord => ({
  since: now,
  checkedAt: null,
  score: null,
  failed: [],
  seenReport: false,
});

const queue = createKeyedQueue<string>();

export async function readWatchList(): Promise<WatchList> {
  return parseWatchList(await readLocal(WATCH_LIST_KEY));
}

/** Applies a change to the stored list, one change at a time. */
export function updateWatchList(change: (list: WatchList) => WatchList): Promise<WatchList> {
  return queue.run(WATCH_LIST_KEY, async () => {
    const next = change(await readWatchList());
    await writeLocal(WATCH_LIST_KEY, next);
    return next;
  });
}

/** True for an http(s) origin written as the URL parser writes it, and nothing else. */
export function isWebOrigin(site: string): boolean {
  try {
    const url = new URL(site);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === site;
  } catch {
    return false;
  }
}

/** Starts watching an origin; false when the list is full or `site` is not an origin. */
export async function watchSite(site: string, now: number): Promise<boolean> {
  if (!isWebOrigin(site)) return false;
  let added = false;
  await updateWatchList((list) => {
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

export async function unwatchSite(site: string): Promise<void> {
  await updateWatchList((list) => {
    const { [site]: _gone, ...rest } = list;
    return rest;
  });
}

export function onWatchListChanged(callback: (list: WatchList) => void): () => void {
  return watchLocal(WATCH_LIST_KEY, (value) => callback(parseWatchList(value)));
}
