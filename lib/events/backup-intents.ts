/**
 * Restoring a backup, in the worker. The options page reads and checks the file and plans the
 * import (lib/backup/) against the records as stored when the user applies it; it sends the
 * records to write. Each is parsed here as the store reads it, so nothing a record's own schema
 * refuses is written, and one that does not parse refuses the import whole. A service base URL
 * is taken only if the extension may call that host (the page asks for it in the Apply click).
 */
import { LOOKUP_LOG_RECORD } from '../history/lookup-log';
import { SCORE_HISTORY_RECORD } from '../history/scan-record';
import { mayCallService } from '../settings/service-base-url-choice';
import { SETTINGS_RECORD } from '../settings/settings-record';
import { WATCH_LIST_RECORD } from '../sites/watch-list';
import type { StoredRecord } from '../storage/record';
import type { Store } from '../storage/store';
import type { CheckedRequest, ImportResult } from './messages';

/** The value as the record's shape; null when it is not one. Absent stays absent. */
function parsed<T>(record: StoredRecord<T>, raw: unknown): T | undefined | null {
  if (raw === undefined) return undefined;
  try {
    return record.parse(raw) ?? null;
  } catch {
    return null;
  }
}

export function createBackupIntents(deps: { store: Store }) {
  const { store } = deps;
  return {
    async importBackup(records: CheckedRequest<'importBackup'>): Promise<ImportResult> {
      const settings = parsed(SETTINGS_RECORD, records.settings);
      const watchList = parsed(WATCH_LIST_RECORD, records.watchList);
      const scoreHistory = parsed(SCORE_HISTORY_RECORD, records.scoreHistory);
      const lookupLog = parsed(LOOKUP_LOG_RECORD, records.lookupLog);
      if (!settings || !watchList || scoreHistory === null || lookupLog === null) {
        return { ok: false, problem: 'malformed' };
      }
      const current = await store.read(SETTINGS_RECORD);
      const wanted = settings.serviceBaseUrl;
      const baseUrlKept =
        wanted !== null && wanted !== current.serviceBaseUrl && !(await mayCallService(wanted));
      await Promise.all([
        store.update(SETTINGS_RECORD, (stored) =>
          baseUrlKept ? { ...settings, serviceBaseUrl: stored.serviceBaseUrl } : settings,
        ),
        store.write(WATCH_LIST_RECORD, watchList),
        scoreHistory && store.write(SCORE_HISTORY_RECORD, scoreHistory),
        lookupLog && store.write(LOOKUP_LOG_RECORD, lookupLog),
      ]);
      return { ok: true, baseUrlKept };
    },
  };
}
