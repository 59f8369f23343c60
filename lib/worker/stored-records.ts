/**
 * Every record the extension keeps, for the worker's store (migrations, and what "clear all
 * local data" keeps) and for the tests that cover them all. Each is defined beside its domain.
 */
import { CACHE_ENTRY_RECORD, CACHE_INDEX_RECORD } from '../cache/cache-records';
import { RETRY_GATE_RECORD } from '../cache/retry-gate';
import { CHECK_ACCESS_RECORD } from '../checks/check-access';
import { CHECK_RUN_RECORD } from '../checks/check-run-record';
import { LOOKUP_LOG_RECORD } from '../history/lookup-log';
import { SCORE_HISTORY_RECORD } from '../history/scan-record';
import { DEPRECATION_NOTICE_RECORD } from '../service/deprecation-notice';
import { POLICY_COPY_RECORD } from '../settings/managed-policy';
import { SETTINGS_RECORD } from '../settings/settings-record';
import { WATCH_LIST_RECORD } from '../sites/watch-list';
import type { StoredRecord } from '../storage/record';
import { STORAGE_VERSIONS_RECORD } from '../storage/store';
import { TAB_STATE_RECORD } from '../tabs/tab-state';

export const ALL_RECORDS = [
  SETTINGS_RECORD,
  POLICY_COPY_RECORD,
  WATCH_LIST_RECORD,
  LOOKUP_LOG_RECORD,
  SCORE_HISTORY_RECORD,
  DEPRECATION_NOTICE_RECORD,
  RETRY_GATE_RECORD,
  CACHE_ENTRY_RECORD,
  CACHE_INDEX_RECORD,
  TAB_STATE_RECORD,
  CHECK_RUN_RECORD,
  CHECK_ACCESS_RECORD,
  STORAGE_VERSIONS_RECORD,
] as StoredRecord<unknown>[];
