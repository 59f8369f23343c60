/**
 * Restoring a backup, in the worker. The options page reads and checks the file and plans the
 * import (lib/backup/) against the records as it read them; it sends the records to write and
 * the fingerprint of what it planned against. The worker applies the plan only to those same
 * records (else the page plans again), parses each record as the store reads it, and holds it
 * to the bounds every other write keeps. The report service changes only when the user said so
 * in the preview, and the extension may call that host: access a check was given never
 * switches the service by itself.
 */

import * as z from 'zod/mini';
import { LOOKUP_LOG_RECORD, MAX_LOG_ENTRIES, type StoredLog } from '../history/lookup-log';
import { SCORE_HISTORY_RECORD } from '../history/scan-record';
import { boundedHistory } from '../history/score-history';
import { mayCallService } from '../settings/service-base-url-choice';
import { SETTINGS_RECORD } from '../settings/settings-record';
import { MAX_WATCHED_SITES, WATCH_LIST_RECORD, type WatchList } from '../sites/watch-list';
import type { StoredRecord } from '../storage/record';
import type { Store } from '../storage/store';
import type { BackupProblem } from './backup-format';
import { fingerprintOf, readKeptData } from './kept-data';

/**
 * The records an import leaves, as the page planned them (the worker parses each itself), the
 * fingerprint of the records it planned on, and whether the user chose the file's report
 * service.
 */
export const importRequestSchema = () =>
  z.object({
    settings: z.unknown(),
    watchList: z.unknown(),
    scoreHistory: z.optional(z.unknown()),
    lookupLog: z.optional(z.unknown()),
    plannedOn: z.string().check(z.maxLength(64)),
    switchService: z.boolean(),
  });

export type ImportRequest = z.output<ReturnType<typeof importRequestSchema>>;

/**
 * Applied, or why the records were refused (nothing was touched then; `changed`: the records
 * changed since the page planned the import). `baseUrlKept`: the file names another service
 * that the user did not choose, or that the extension has no permission for, so the current
 * one stays.
 */
export type ImportResult =
  | { ok: true; baseUrlKept: boolean }
  | { ok: false; problem: BackupProblem | 'changed' };

/** The value as the record's shape; null when it is not one. Absent stays absent. */
function parsed<T>(record: StoredRecord<T>, raw: unknown): T | undefined | null {
  if (raw === undefined) return undefined;
  try {
    return record.parse(raw) ?? null;
  } catch {
    return null;
  }
}

/** The sites watched longest, as many as the list holds. */
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
      const current = await readKeptData(store.read);
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
        scoreHistory && store.write(SCORE_HISTORY_RECORD, boundedHistory(scoreHistory)),
        lookupLog && store.write(LOOKUP_LOG_RECORD, lookupLog),
      ]);
      return { ok: true, baseUrlKept };
    },
  };
}
