/**
 * What a backup file is: its name and version, its size limits, and the types of what it holds.
 *
 * The file is one JSON object:
 *
 *   { "format": "agent-readiness-badge-backup", "version": 2,
 *     "exportedAt": "2026-11-22T10:00:00.000Z",
 *     "settings": { "lookupMode", "lookupModeChosen", "pausedDomains", "badgeMode",
 *                   "serviceBaseUrl" },
 *     "watchList": { "<origin>": WatchRecord, … },
 *     "scoreHistory": { "<origin>": { "seen", "scans": [{ "scannedAt", "score", "checks" }, …] }, … },
 *     "lookupLog": [LookupLogEntry, …] }
 *
 * `scoreHistory` and `lookupLog` are there only when the user chose them; the rest always is.
 * Version 1 files (0.2.0 and before) are read as version 2 (read-backup.ts).
 */
import type { LookupLogEntry, StoredLog } from '../history/lookup-log';
import type { StoredHistory } from '../history/score-history';
import type { UserSettings } from '../settings/settings';
import type { WatchList } from '../sites/watch-list';

export const BACKUP_FORMAT = 'agent-readiness-badge-backup';
export const BACKUP_VERSION = 2;

/**
 * The longest backup text read, in characters. A backup at the bounds of every record is far
 * smaller; anything longer is no backup of ours, and is refused before it is parsed.
 */
export const MAX_BACKUP_LENGTH = 2 * 1024 * 1024;

/**
 * How many bytes of a chosen file to read at most: enough that a file too long to be a backup
 * still reads as too long (`readBackupFile` then says so), without reading all of a huge file.
 * A UTF-8 character of three bytes is one UTF-16 unit, the fewest units per byte there are, so
 * three bytes a character and one character more always decode to more than the limit.
 */
export const BACKUP_READ_LIMIT_BYTES = 3 * (MAX_BACKUP_LENGTH + 1);

/** What the user keeps, as stored: what a backup is made of and an import changes. */
export interface KeptData {
  settings: UserSettings;
  watchList: WatchList;
  /** Absent when not read: not exported, and treated as empty by an import's plan. */
  scoreHistory?: StoredHistory;
  /** Absent when not read: not exported, and treated as empty by an import's plan. */
  lookupLog?: StoredLog;
}

/** A backup file's contents, as written and as read back. */
export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  /** When it was made, an ISO 8601 UTC time. */
  exportedAt: string;
  settings: UserSettings;
  watchList: WatchList;
  scoreHistory?: StoredHistory;
  /** Oldest first. The entries' ids are the old browser's; an import numbers them anew. */
  lookupLog?: LookupLogEntry[];
}

/** What the user chose to put in a backup beyond settings, paused sites and watch list. */
export interface BackupChoices {
  includeHistory: boolean;
  includeLog: boolean;
}

/** Why a file cannot be imported. */
export type BackupProblem = 'too-large' | 'not-json' | 'wrong-file' | 'newer-version' | 'malformed';

export type BackupReading = { ok: true; backup: Backup } | { ok: false; problem: BackupProblem };
