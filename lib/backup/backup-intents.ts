/** Restoring a backup, in the worker: the one writer of the records a page planned (README). */
import * as v from 'valibot';
import { LOOKUP_LOG_RECORD, MAX_LOG_ENTRIES, type StoredLog } from '../history/lookup-log';
import { SCORE_HISTORY_RECORD, writeWholeHistory } from '../history/score-history';
import { mayCallService } from '../settings/service-base-url-choice';
import { SETTINGS_RECORD } from '../settings/settings-record';
import { MAX_WATCHED_SITES, WATCH_LIST_RECORD, type WatchList } from '../sites/watch-list';
import type { StoredRecord } from '../storage/record';
import type { Store } from '../storage/store';
import { type BackupProblem, fingerprintOf, readKeptData } from './backup-format';

/** The records as planned, the fingerprint planned on, whether to take the file's service. */
export const importRequestSchema = () =>
  v.object({
    settings: v.unknown(),
    watchList: v.unknown(),
    scoreHistory: v.optional(v.unknown()),
    lookupLog: v.optional(v.unknown()),
    plannedOn: v.pipe(v.string(), v.maxLength(64)),
    switchService: v.boolean(),
  });

export type ImportRequest = v.InferOutput<ReturnType<typeof importRequestSchema>>;

/**
 * Applied, or why nothing was (`changed`: the records changed since the page planned).
 * `baseUrlKept`: the file's other service was not chosen, or may not be called, so ours stays.
 */
export type ImportResult =
  | { ok: true; baseUrlKept: boolean }
  | { ok: false; problem: BackupProblem | 'changed' };

/** The value as the record's shape, null when it is not one; absent stays absent. */
function parsed<T>(record: StoredRecord<T>, raw: unknown): T | undefined | null {
  if (raw === undefined) return undefined;
  try {
    return record.parse(raw) ?? null;
  } catch {
    return null;
  }
}

const boundedWatchList = (list: WatchList): WatchList =>
  Object.fromEntries(
    Object.entries(list)
      .sort(([, a], [, b]) => a.since - b.since)
      .slice(0, MAX_WATCHED_SITES),
  );

/** The newest entries, each id once and below the next one; null when the ids collide. */
function boundedLog(log: StoredLog): StoredLog | null {
  const entries = log.entries.slice(-MAX_LOG_ENTRIES);
  const ids = new Set(entries.map((entry) => entry.id));
  if (ids.size !== entries.length || entries.some((entry) => entry.id >= log.nextId)) return null;
  return { nextId: log.nextId, entries };
}

export function createBackupIntents(deps: { store: Store }) {
  const { store } = deps;
  return {
    async importBackup(request: ImportRequest): Promise<ImportResult> {
      const settings = parsed(SETTINGS_RECORD, request.settings);
      const watchList = parsed(WATCH_LIST_RECORD, request.watchList);
      const scoreHistory = parsed(SCORE_HISTORY_RECORD, request.scoreHistory);
      const read = parsed(LOOKUP_LOG_RECORD, request.lookupLog);
      const lookupLog = read ? boundedLog(read) : read;
      if (!settings || !watchList || scoreHistory === null || lookupLog === null) {
        return { ok: false, problem: 'malformed' };
      }
      const current = await readKeptData(store);
      if (fingerprintOf(current) !== request.plannedOn) return { ok: false, problem: 'changed' };
      const wanted = settings.serviceBaseUrl;
      const baseUrlKept =
        wanted !== current.settings.serviceBaseUrl &&
        !(request.switchService && (wanted === null || (await mayCallService(wanted))));
      await Promise.all([
        store.update(SETTINGS_RECORD, (stored) =>
          baseUrlKept ? { ...settings, serviceBaseUrl: stored.serviceBaseUrl } : settings,
        ),
        store.write(WATCH_LIST_RECORD, boundedWatchList(watchList)),
        scoreHistory && writeWholeHistory(store, scoreHistory),
        lookupLog && store.write(LOOKUP_LOG_RECORD, lookupLog),
      ]);
      return { ok: true, baseUrlKept };
    },
  };
}
