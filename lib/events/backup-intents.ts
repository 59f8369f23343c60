/**
 * Backup and restore, in the worker: the export reads what is stored, the import validates the
 * file's text itself (a page cannot make the worker store anything the backup format refuses)
 * and applies the plan to what is stored at that moment. A refused file changes nothing.
 *
 * A service base URL from a file is taken only if the extension may call that host: the page
 * asks the user for it in the Apply click; without it the current base URL stays.
 */
import {
  buildBackup,
  type ImportMode,
  type KeptData,
  planImport,
  readBackupFile,
} from '../backup/backup-file';
import { mayCallService } from '../settings/service-base-url-choice';
import type { RecordStore } from '../storage/record-store';
import {
  LOOKUP_LOG_RECORD,
  SCORE_HISTORY_RECORD,
  SETTINGS_RECORD,
  WATCH_LIST_RECORD,
} from '../storage/records';
import type { ImportResult } from './protocol';

async function keptData(store: RecordStore): Promise<Required<KeptData>> {
  const [settings, watchList, scoreHistory, lookupLog] = await Promise.all([
    store.read(SETTINGS_RECORD),
    store.read(WATCH_LIST_RECORD),
    store.read(SCORE_HISTORY_RECORD),
    store.read(LOOKUP_LOG_RECORD),
  ]);
  return { settings, watchList, scoreHistory, lookupLog };
}

export function createBackupIntents(deps: { store: RecordStore; now(): number }) {
  const { store } = deps;
  return {
    async exportBackup(choices: { includeHistory: boolean; includeLog: boolean }) {
      const backup = buildBackup(await keptData(store), { ...choices, now: deps.now() });
      return JSON.stringify(backup, null, 2);
    },

    async importBackup({ text, mode }: { text: string; mode: ImportMode }): Promise<ImportResult> {
      const reading = readBackupFile(text);
      if (!reading.ok) return reading;
      const current = await keptData(store);
      const { next, changes } = planImport(current, reading.backup, { mode });
      const wanted = next.settings.serviceBaseUrl;
      const baseUrlKept =
        wanted !== null &&
        wanted !== current.settings.serviceBaseUrl &&
        !(await mayCallService(wanted));
      const settings = baseUrlKept
        ? { ...next.settings, serviceBaseUrl: current.settings.serviceBaseUrl }
        : next.settings;
      await Promise.all([
        store.write(SETTINGS_RECORD, settings),
        store.write(WATCH_LIST_RECORD, next.watchList),
        next.scoreHistory && store.write(SCORE_HISTORY_RECORD, next.scoreHistory),
        next.lookupLog && store.write(LOOKUP_LOG_RECORD, next.lookupLog),
      ]);
      return {
        ok: true,
        changes: baseUrlKept
          ? changes.filter((change) => change.kind !== 'service-base-url')
          : changes,
        baseUrlKept,
      };
    },
  };
}
