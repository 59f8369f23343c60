/** Every record the extension keeps, each defined beside its domain. */
import { CHECK_ACCESS_RECORD } from '../checks/check-access';
import { CHECK_RUN_RECORD } from '../checks/check-run-record';
import { LOOKUP_RECORDS } from '../lookup/requests';
import { POLICY_COPY_RECORD } from '../settings/managed-policy';
import { SETTINGS_RECORD } from '../settings/settings-record';
import { WATCH_LIST_RECORD } from '../sites/watch-list';
import { STORAGE_VERSIONS_RECORD } from '../storage/migrate-store';
import type { StoredRecord } from '../storage/record';

export const ALL_RECORDS = [
  SETTINGS_RECORD,
  POLICY_COPY_RECORD,
  WATCH_LIST_RECORD,
  ...LOOKUP_RECORDS,
  CHECK_RUN_RECORD,
  CHECK_ACCESS_RECORD,
  STORAGE_VERSIONS_RECORD,
] as StoredRecord<unknown>[];
