/**
 * The record table: every record the extension keeps, defined once, in the file of its group
 * under records/ (settings, watch, history, service, cache, tab). Everything else reads and
 * writes records through these definitions, imported from here; nothing names a storage key of
 * its own.
 *
 * | record             | area    | key                                   | version | written by      |
 * |--------------------|---------|---------------------------------------|---------|-----------------|
 * | settings           | local   | settings                              | 2       | worker, intents |
 * | managed-policy     | local   | managed-policy                        | 1       | worker          |
 * | watch-list         | local   | watch-list:v1                         | 1       | worker, intents |
 * | lookup-log         | local   | lookup-log:v1                         | 1       | worker          |
 * | score-history      | local   | score-history                         | 2       | worker          |
 * | deprecation-notice | local   | service-deprecation:v1                | 1       | worker          |
 * | retry-gate         | local   | retry-gate:v1:<service> (one each)    | 2       | worker          |
 * | report-cache       | local   | report-cache:v2:<service>|<site>      | 1       | worker          |
 * | report-cache-totals| local   | report-cache-totals:v2                | 1       | worker          |
 * | report-cache-rows  | local   | report-cache-rows:<shard> (16)        | 1       | worker          |
 * | tab-state          | session | tab-state:<tab id>                    | 1       | worker          |
 * | storage-versions   | local   | storage-versions                      | 1       | worker          |
 *
 * The ":v1"/":v2" in some keys are the names 0.1.0 gave them, kept so an update finds the data
 * where it is; the version that counts is the record's own, kept in `storage-versions`.
 *
 * To add a record: define it in its group's file (key, schema, fallback, version 1), add it to
 * this table and to ALL_RECORDS, and give it a parse test. To change a record's shape: raise its version, add the migration
 * from the previous version under the new number, and a test that a stored value of the old
 * shape reads as the new one (tests/unit/storage/records.test.ts).
 */
import * as z from 'zod/mini';
import {
  CACHE_ENTRY_RECORD,
  CACHE_ROWS_RECORD,
  CACHE_TOTALS_RECORD,
} from './records/cache-records';
import { LOOKUP_LOG_RECORD, SCORE_HISTORY_RECORD } from './records/history-records';
import { DEPRECATION_NOTICE_RECORD, RETRY_GATE_RECORD } from './records/service-records';
import { POLICY_COPY_RECORD, SETTINGS_RECORD } from './records/settings-records';
import { TAB_STATE_RECORD } from './records/tab-records';
import { WATCH_LIST_RECORD } from './records/watch-records';
import type { RecordDefinition } from './stored-record';

export * from './records/cache-records';
export * from './records/history-records';
export * from './records/service-records';
export * from './records/settings-records';
export * from './records/tab-records';
export * from './records/watch-records';

/** Which version of each record the store holds, by record name. */
export const STORAGE_VERSIONS_RECORD: RecordDefinition<Record<string, number>> = {
  name: 'storage-versions',
  area: 'local',
  key: 'storage-versions',
  version: 1,
  schema: () => z.record(z.string(), z.number()),
  fallback: () => ({}),
  salvage: (raw) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
    return Object.fromEntries(
      Object.entries(raw).filter(([, version]) => Number.isInteger(version)),
    ) as Record<string, number>;
  },
  keptByClear: true,
};

/** Every record, for migrations, "clear all local data" and the tests that cover them all. */
export const ALL_RECORDS: readonly RecordDefinition<unknown>[] = [
  SETTINGS_RECORD,
  POLICY_COPY_RECORD,
  WATCH_LIST_RECORD,
  LOOKUP_LOG_RECORD,
  SCORE_HISTORY_RECORD,
  DEPRECATION_NOTICE_RECORD,
  RETRY_GATE_RECORD,
  CACHE_ENTRY_RECORD,
  CACHE_TOTALS_RECORD,
  CACHE_ROWS_RECORD,
  TAB_STATE_RECORD,
  STORAGE_VERSIONS_RECORD,
] as RecordDefinition<unknown>[];
