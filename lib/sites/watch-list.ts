/** The watch list: sites looked up on a schedule, each with what its last lookup saw (README). */
import * as v from 'valibot';
import { isHttpOrigin } from '../contract/http-origin';
import { jsonNumber, jsonRecordOf } from '../contract/json-schemas';
import { automaticLookupsAllowed, type EffectiveSettings } from '../settings/settings';
import { isObject, parseWith, readRecord, type StoredRecord } from '../storage/record';
import type { Store } from '../storage/store';
import { isViewStatus } from '../tabs/status-traits';
import type { TabViewStatus } from '../tabs/tab-view';

function watchRecordSchema() {
  return v.object({
    since: jsonNumber(),
    checkedAt: v.nullable(jsonNumber()),
    // A state a later version names is no reason to forget the site: it reads as unknown.
    status: v.fallback(v.optional(v.custom<TabViewStatus>(isViewStatus)), undefined),
    score: v.nullable(jsonNumber()),
    failed: v.array(v.string()),
    seenReport: v.boolean(),
  });
}

export type WatchRecord = v.InferOutput<ReturnType<typeof watchRecordSchema>>;
export type WatchList = Record<string, WatchRecord>;

const parseWatchRecord = parseWith(watchRecordSchema);

export const WATCH_LIST_RECORD: StoredRecord<WatchList> = {
  name: 'watch-list',
  area: 'local',
  key: 'watch-list:v1',
  version: 1,
  parse: parseWith(() => jsonRecordOf(v.string(), watchRecordSchema())),
  fallback: () => ({}),
  // One damaged site is dropped, not the list.
  salvage: (raw) => {
    if (!isObject(raw)) return undefined;
    return Object.fromEntries(
      Object.entries(raw).flatMap(([site, value]) => {
        const parsed = parseWatchRecord(value);
        // A key that would set the object's prototype is no site.
        return parsed !== undefined && site !== '__proto__' ? [[site, parsed]] : [];
      }),
    );
  },
};

/** Bounded: the round looks the sites up one after another, and a list without end is a crawler. */
export const MAX_WATCHED_SITES = 50;

export const newWatchRecord = (now: number): WatchRecord => ({
  since: now,
  checkedAt: null,
  score: null,
  failed: [],
  seenReport: false,
});

export const readWatchList = () => readRecord(WATCH_LIST_RECORD);

export const watchingAllowed = (settings: EffectiveSettings): boolean =>
  !settings.locked.watchList && automaticLookupsAllowed(settings);

/** Starts watching an origin; false when the list is full or `site` is not an origin. */
export async function watchSite(store: Store, site: string, now: number): Promise<boolean> {
  if (!isHttpOrigin(site)) return false;
  let added = false;
  await store.update(WATCH_LIST_RECORD, (list) => {
    added = list[site] !== undefined || Object.keys(list).length < MAX_WATCHED_SITES;
    return list[site] === undefined && added ? { ...list, [site]: newWatchRecord(now) } : list;
  });
  return added;
}

export async function unwatchSite(store: Store, site: string): Promise<void> {
  await store.update(WATCH_LIST_RECORD, ({ [site]: _gone, ...rest }) => rest);
}
