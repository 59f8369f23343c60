/** What a backup file is, what the user keeps, and what an import changes (README). */
import { LOOKUP_LOG_RECORD, type LookupLogEntry, type StoredLog } from '../history/lookup-log';
import type { StoredHistory } from '../history/scan-record';
import { readWholeHistory } from '../history/score-history';
import type { BadgeMode, OldReportDays, UserSettings } from '../settings/settings';
import { SETTINGS_RECORD } from '../settings/settings-record';
import { WATCH_LIST_RECORD, type WatchList } from '../sites/watch-list';
import type { Store } from '../storage/store';

export const BACKUP_FORMAT = 'agent-readiness-badge-backup';
export const BACKUP_VERSION = 2;

/** In characters: a backup at every record's bounds is far smaller. */
export const MAX_BACKUP_LENGTH = 2 * 1024 * 1024;

/** Read of a chosen file: three UTF-8 bytes make at least one character, so too long shows. */
export const BACKUP_READ_LIMIT_BYTES = 3 * (MAX_BACKUP_LENGTH + 1);

export interface KeptData {
  settings: UserSettings;
  watchList: WatchList;
  /** Absent when not read: not exported, and empty to an import's plan. */
  scoreHistory?: StoredHistory;
  lookupLog?: StoredLog;
}

export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  exportedAt: string;
  /** Without `oldReportDays` in a file from before that choice: the current one stays. */
  settings: Omit<UserSettings, 'oldReportDays'> & Partial<Pick<UserSettings, 'oldReportDays'>>;
  watchList: WatchList;
  scoreHistory?: StoredHistory;
  /** Oldest first. The entries' ids are the old browser's; an import numbers them anew. */
  lookupLog?: LookupLogEntry[];
}

export interface BackupChoices {
  includeHistory: boolean;
  includeLog: boolean;
}

export type BackupProblem = 'too-large' | 'not-json' | 'wrong-file' | 'newer-version' | 'malformed';

export type BackupReading = { ok: true; backup: Backup } | { ok: false; problem: BackupProblem };

/** `merge` adds the file's sites to these and takes its single settings; `replace` takes it all. */
export type ImportMode = 'merge' | 'replace';

export type LookupChoice = 'automatic' | 'on-click' | 'unanswered';

/**
 * One change an import makes, for the preview. A base URL of null is the build's own service;
 * the counts of a replaced record are what it holds after, of a merged one what was added.
 */
export type ImportChange =
  | { kind: 'lookup-mode'; from: LookupChoice; to: LookupChoice }
  | { kind: 'badge'; from: BadgeMode; to: BadgeMode }
  | { kind: 'old-reports'; from: OldReportDays; to: OldReportDays }
  | { kind: 'service-base-url'; from: string | null; to: string | null }
  | { kind: 'paused-sites-added'; sites: string[] }
  | { kind: 'paused-sites-removed'; sites: string[] }
  | { kind: 'watched-sites-added'; sites: string[] }
  | { kind: 'watched-sites-removed'; sites: string[] }
  /** The file's sites that did not fit the watch list. */
  | { kind: 'watched-sites-left-out'; sites: string[]; limit: number }
  | { kind: 'score-history-replaced'; sites: number }
  | { kind: 'score-history-merged'; scans: number }
  | { kind: 'lookup-log-replaced'; entries: number }
  | { kind: 'lookup-log-merged'; entries: number };

export type ImportPreview = Record<ImportMode, ImportChange[]>;

/** Read the same way by the options page (to plan) and the worker (to apply). */
export async function readKeptData({
  read,
  readItems,
}: Pick<Store, 'read' | 'readItems'>): Promise<Required<KeptData>> {
  const [settings, watchList, scoreHistory, lookupLog] = await Promise.all([
    read(SETTINGS_RECORD),
    read(WATCH_LIST_RECORD),
    readWholeHistory(readItems),
    read(LOOKUP_LOG_RECORD),
  ]);
  return { settings, watchList, scoreHistory, lookupLog };
}

/** FNV-1a of the records' JSON. */
export function fingerprintOf(kept: KeptData): string {
  const text = JSON.stringify([kept.settings, kept.watchList, kept.scoreHistory, kept.lookupLog]);
  let hash = 0x811c9dc5;
  for (let at = 0; at < text.length; at++) {
    hash ^= text.charCodeAt(at);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${text.length}:${hash.toString(16)}`;
}
