/**
 * Backup and restore, in the worker. The import reads the file's text itself (a page cannot
 * make the worker store anything the backup format refuses) and applies the plan to what is
 * stored at that moment; a refused file changes nothing. A service base URL from a file is
 * taken only if the extension may call that host (the page asks for it in the Apply click).
 */
import { buildBackup } from '../backup/backup-export';
import type { KeptData } from '../backup/backup-format';
import { planImport } from '../backup/import-plan';
import { readBackupFile } from '../backup/read-backup';
import { LOOKUP_LOG_RECORD } from '../history/lookup-log';
import { SCORE_HISTORY_RECORD } from '../history/scan-record';
import { mayCallService } from '../settings/service-base-url-choice';
import { SETTINGS_RECORD } from '../settings/settings-record';
import { WATCH_LIST_RECORD } from '../sites/watch-list';
import type { Store } from '../storage/store';
import type { CheckedRequest, ImportResult } from './messages';

async function keptData(store: Store): Promise<Required<KeptData>> {
  const [settings, watchList, scoreHistory, lookupLog] = await Promise.all([
    store.read(SETTINGS_RECORD),
    store.read(WATCH_LIST_RECORD),
    store.read(SCORE_HISTORY_RECORD),
    store.read(LOOKUP_LOG_RECORD),
  ]);
  return { settings, watchList, scoreHistory, lookupLog };
}

export function createBackupIntents(deps: { store: Store; now(): number }) {
  const { store } = deps;
  return {
    async exportBackup(choices: CheckedRequest<'exportBackup'>) {
      const backup = buildBackup(await keptData(store), { ...choices, now: deps.now() });
      return JSON.stringify(backup, null, 2);
    },

    async importBackup({ text, mode }: CheckedRequest<'importBackup'>): Promise<ImportResult> {
      const reading = readBackupFile(text);
      if (!reading.ok) return reading;
      const current = await keptData(store);
      const { changes } = planImport(current, reading.backup, { mode });
      const wanted = reading.backup.settings.serviceBaseUrl;
      const baseUrlKept =
        wanted !== null &&
        wanted !== current.settings.serviceBaseUrl &&
        !(await mayCallService(wanted));
      // Each record is planned again from its value at the moment it is written, in the
      // store's order: a change another page makes meanwhile is merged, not overwritten.
      const planned =
        <K extends keyof KeptData>(key: K) =>
        (value: Required<KeptData>[K]): Required<KeptData>[K] =>
          (planImport({ ...current, [key]: value }, reading.backup, { mode }).next[key] ??
            value) as Required<KeptData>[K];
      await Promise.all([
        store.update(SETTINGS_RECORD, (settings) => {
          const next = planned('settings')(settings);
          return baseUrlKept ? { ...next, serviceBaseUrl: settings.serviceBaseUrl } : next;
        }),
        store.update(WATCH_LIST_RECORD, planned('watchList')),
        reading.backup.scoreHistory && store.update(SCORE_HISTORY_RECORD, planned('scoreHistory')),
        reading.backup.lookupLog && store.update(LOOKUP_LOG_RECORD, planned('lookupLog')),
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
