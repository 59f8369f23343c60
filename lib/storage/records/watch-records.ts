/** The record of the sites the user watches, each with what its last lookup found. */
import * as z from 'zod/mini';
import type { RecordDefinition } from '../stored-record';
import { salvageEntries } from './lenient-reads';
import { TAB_VIEW_STATUSES } from './tab-records';

function watchRecordSchema() {
  return z.object({
    since: z.number(),
    checkedAt: z.nullable(z.number()),
    // A state a later version names is no reason to forget the site: it reads as unknown.
    status: z.catch(z.optional(z.enum(TAB_VIEW_STATUSES)), undefined),
    score: z.nullable(z.number()),
    failed: z.array(z.string()),
    seenReport: z.boolean(),
  });
}

export type WatchRecord = z.infer<ReturnType<typeof watchRecordSchema>>;
export type WatchList = Record<string, WatchRecord>;

export const WATCH_LIST_RECORD: RecordDefinition<WatchList> = {
  name: 'watch-list',
  area: 'local',
  key: 'watch-list:v1',
  version: 1,
  schema: () => z.record(z.string(), watchRecordSchema()),
  fallback: () => ({}),
  salvage: (raw) => salvageEntries(raw, watchRecordSchema()),
};
