/**
 * What a backup file is: one JSON object (`Backup`), its format's name and version, its size
 * limits. Version 1 files (0.2.0 and before) are read as version 2 (read-backup.ts).
 */
import type { LookupLogEntry, StoredLog } from '../history/lookup-log';
import type { StoredHistory } from '../history/scan-record';
import type { UserSettings } from '../settings/settings';
import type { WatchList } from '../sites/watch-list';

export const BACKUP_FORMAT = 'agent-readiness-badge-backup';
export const BACKUP_VERSION = 2;

/** The longest backup text read, in characters: a backup at every record's bounds is far smaller. */
export const MAX_BACKUP_LENGTH = 2 * 1024 * 1024;

/**
 * The bytes of a chosen file read at most: enough that a file too long still reads as too
 * long, without reading all of a huge one: every three UTF-8 bytes decode to at least one
 * UTF-16 unit, so this many decode to more than the limit.
 */
export const BACKUP_READ_LIMIT_BYTES = 3 * (MAX_BACKUP_LENGTH + 1);

/** What the user keeps, as stored: what a backup is made of and an import changes. */
export interface KeptData {
  settings: UserSettings;
  watchList: WatchList;
  /** Absent when not read: not exported, and empty to an import's plan. */
  scoreHistory?: StoredHistory;
  lookupLog?: StoredLog;
}

/** A backup file's contents, as written and as read back. */
export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  /** ISO 8601, UTC. */
  exportedAt: string;
  /** Without `oldReportDays` in a file from before that choice: the current one stays. */
  settings: Omit<UserSettings, 'oldReportDays'> & Partial<Pick<UserSettings, 'oldReportDays'>>;
  watchList: WatchList;
  /** Only when the user chose it, as the log. */
  scoreHistory?: StoredHistory;
  /** Oldest first. The entries' ids are the old browser's; an import numbers them anew. */
  lookupLog?: LookupLogEntry[];
}

/** What the user chose to put in a backup beyond settings, paused sites and watch list. */
export interface BackupChoices {
  includeHistory: boolean;
  includeLog: boolean;
}

export type BackupProblem = 'too-large' | 'not-json' | 'wrong-file' | 'newer-version' | 'malformed';

export type BackupReading = { ok: true; backup: Backup } | { ok: false; problem: BackupProblem };
