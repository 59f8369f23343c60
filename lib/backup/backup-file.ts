/**
 * lib/backup/ — what the user keeps, as a file to keep or take to another browser: settings,
 * paused sites, the watch list, and on request the score history and the lookup log. Imports
 * the layers below it only; plain data in and out, never a browser API, never storage.
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
 * Version 1 files (0.2.0 and before) paused exact origins, `"pausedSites": ["https://…"]`: they
 * are read as version 2, each origin becoming its host, and their badge switch
 * (`"badgeVisible": true | false`) a badge mode (`all` | `off`), as the settings record's
 * migration does.
 *
 * How it is used:
 *
 * - Export: whoever reads the stored records passes them to `buildBackup` and saves
 *   `JSON.stringify` of the result under `backupFileName`.
 * - Preview: the options page reads the chosen file's text, `readBackupFile`, and
 *   `previewImport` (or `planImport`) against what is stored, so the user sees every change,
 *   merged or replaced, before anything happens.
 * - Apply: the page sends the worker the file's text and the mode, never a plan or records.
 *   The worker, the one writer of storage, reads the text again with `readBackupFile` (or a
 *   received value with `parseBackup`), runs `planImport` on the records as stored at that
 *   moment and writes `next`. So a page cannot make the worker store anything this module did
 *   not validate, and what changed between preview and apply is not lost.
 *
 * Rules it keeps:
 *
 * - Reading never throws, whatever the text or value: a file is refused with one reason.
 * - A file is read whole or not at all: one bad value refuses it ("malformed"), so an import
 *   never brings half a backup. A newer version is refused rather than half understood.
 * - Sites are http(s) origins only, as the watch list takes them; paused domains are host
 *   names or addresses (lib/privacy/paused-domains.ts); a service
 *   base URL must be an http(s) URL (it is kept in its normalised form).
 * - `planImport` changes the user's own settings only. An administrator's policy still wins:
 *   the worker applies it over them as over any other write. A service base URL from the file
 *   needs its host permission before lookups can go there, and the browser grants one only
 *   in answer to a click: the page asks for it in the Apply click, as the service section does.
 * - The bounds of each record hold after an import: at most MAX_WATCHED_SITES watched sites
 *   (the plan says which sites did not fit), the score history's and the log's own bounds.
 */
import * as z from 'zod/mini';
import { isContractDateTime, parseContractDateTime } from '../contract/date-time';
import { type LookupLogEntry, MAX_LOG_ENTRIES, type StoredLog } from '../history/lookup-log';
import {
  MAX_SITES,
  SCANS_PER_SITE,
  type ScoreRecord,
  type SiteHistory,
  type StoredHistory,
  scanChecksSchema,
} from '../history/score-history';
import {
  hostOfSite,
  normalisePausedDomain,
  normalisePausedDomains,
} from '../privacy/paused-domains';
import type { LookupOutcomeKind } from '../service/lookup-outcome';
import { normaliseServiceBaseUrl } from '../service/service-base-url';
import { BADGE_MODES, type BadgeMode, type UserSettings } from '../settings/settings';
import { isWebOrigin, MAX_WATCHED_SITES, type WatchList } from '../sites/watch-list';
import { badgeModeOfVisible } from '../storage/records';
import type { TabViewStatus } from '../tabs/tab-view';

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

/**
 * `merge`: the file's sites are added to the ones here, and its single settings taken.
 * `replace`: what the file holds takes the place of what is here.
 */
export type ImportMode = 'merge' | 'replace';

/** The answer to the consent question, as the user sees it. */
export type LookupChoice = 'automatic' | 'on-click' | 'unanswered';

/** One change an import makes, for the preview; sites are listed by origin. */
export type ImportChange =
  | { kind: 'lookup-mode'; from: LookupChoice; to: LookupChoice }
  | { kind: 'badge'; from: BadgeMode; to: BadgeMode }
  /** null: the service this build was made for. */
  | { kind: 'service-base-url'; from: string | null; to: string | null }
  | { kind: 'paused-sites-added'; sites: string[] }
  | { kind: 'paused-sites-removed'; sites: string[] }
  | { kind: 'watched-sites-added'; sites: string[] }
  | { kind: 'watched-sites-removed'; sites: string[] }
  /** Sites of the file not watched because the list was full. */
  | { kind: 'watched-sites-left-out'; sites: string[]; limit: number }
  /** The history is now the file's: `sites` sites. */
  | { kind: 'score-history-replaced'; sites: number }
  /** `scans` scans of the file were added to the history. */
  | { kind: 'score-history-merged'; scans: number }
  /** The log is now the file's: `entries` entries. */
  | { kind: 'lookup-log-replaced'; entries: number }
  /** `entries` lookups of the file were added to the log. */
  | { kind: 'lookup-log-merged'; entries: number };

export interface ImportPlan {
  /**
   * The records to store. `scoreHistory` and `lookupLog` are there only when the file carries
   * them; a record not there is left as it is.
   */
  next: KeptData;
  /** In the order the preview lists them; empty when the import changes nothing. */
  changes: ImportChange[];
}

/** The changes an import would make, each way, for the preview's choice. */
export type ImportPreview = Record<ImportMode, ImportChange[]>;

const LOOKUP_OUTCOMES: Record<LookupOutcomeKind | 'pending', true> = {
  pending: true,
  report: true,
  'no-report': true,
  busy: true,
  'service-moved': true,
  'service-not-permitted': true,
  unavailable: true,
  'invalid-request': true,
  'invalid-response': true,
  'network-failure': true,
  timeout: true,
};

const TAB_VIEW_STATUSES: Record<TabViewStatus, true> = {
  loading: true,
  report: true,
  'no-report': true,
  busy: true,
  'service-moved': true,
  'service-not-permitted': true,
  unavailable: true,
  'invalid-response': true,
  rejected: true,
  'not-looked-up': true,
};

const oneOf =
  <T extends string>(names: Record<T, true>) =>
  (value: unknown): value is T =>
    typeof value === 'string' && Object.hasOwn(names, value);

/**
 * The file's schemas, built at the first use and kept: a worker that starts for something
 * else must not pay for them.
 */
function buildBackupSchemas() {
  const webOrigin = z.string().check(z.refine(isWebOrigin));
  const pausedDomain = z.string().check(z.refine((value) => normalisePausedDomain(value) !== null));
  const serviceBaseUrl = z.string().check(z.refine((url) => normaliseServiceBaseUrl(url) !== null));
  // Epoch milliseconds; zod's number is finite, as JSON's numbers are.
  const time = z.number();
  const settings = z.object({
    lookupMode: z.enum(['on-click', 'automatic']),
    lookupModeChosen: z.boolean(),
    pausedDomains: z.array(pausedDomain),
    badgeMode: z.enum(BADGE_MODES),
    serviceBaseUrl: z.nullable(serviceBaseUrl),
  });
  const watchRecord = z.object({
    since: time,
    checkedAt: z.nullable(time),
    status: z.optional(z.custom<TabViewStatus>(oneOf(TAB_VIEW_STATUSES))),
    score: z.nullable(z.number()),
    failed: z.array(z.string()),
    seenReport: z.boolean(),
  });
  const scan = z.object({
    scannedAt: z.string().check(z.refine(isContractDateTime)),
    score: z.nullable(z.number().check(z.gte(0), z.lte(100))),
    // A file of a version that kept no checks: they are not known.
    checks: z._default(z.nullable(scanChecksSchema()), null),
  });
  const siteHistory = z.object({ seen: time, scans: z.array(scan) });
  const logEntry = z.object({
    id: z.number(),
    at: time,
    origin: webOrigin,
    service: serviceBaseUrl,
    outcome: z.custom<LookupOutcomeKind | 'pending'>(oneOf(LOOKUP_OUTCOMES)),
    status: z.nullable(z.number()),
  });
  const backup = z.object({
    format: z.literal(BACKUP_FORMAT),
    version: z.literal(BACKUP_VERSION),
    exportedAt: z.iso.datetime(),
    settings,
    watchList: z.record(webOrigin, watchRecord),
    scoreHistory: z.optional(z.record(webOrigin, siteHistory)),
    lookupLog: z.optional(z.array(logEntry)),
  });
  return { watchRecord, scan, logEntry, backup };
}

let schemas: ReturnType<typeof buildBackupSchemas> | null = null;
function backupSchemas(): ReturnType<typeof buildBackupSchemas> {
  schemas ??= buildBackupSchemas();
  return schemas;
}

const fits = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).success;

/**
 * The backup of `data`: what a backup may hold of it, so that `parseBackup` always takes it
 * back. A stored value the file could not carry (a site that is no origin, a damaged record,
 * from an older version or a hand edit) is left out, not the whole backup refused.
 */
export function buildBackup(
  data: KeptData,
  { includeHistory, includeLog, now }: BackupChoices & { now: number },
): Backup {
  const { watchRecord, scan, logEntry } = backupSchemas();
  const backup: Backup = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: new Date(now).toISOString(),
    settings: {
      lookupMode: data.settings.lookupMode,
      lookupModeChosen: data.settings.lookupModeChosen,
      pausedDomains: normalisePausedDomains(data.settings.pausedDomains),
      badgeMode: data.settings.badgeMode,
      serviceBaseUrl: normaliseServiceBaseUrl(data.settings.serviceBaseUrl),
    },
    watchList: Object.fromEntries(
      Object.entries(data.watchList).filter(
        ([site, record]) => isWebOrigin(site) && fits(watchRecord, record),
      ),
    ),
  };
  if (includeHistory && data.scoreHistory !== undefined) {
    backup.scoreHistory = Object.fromEntries(
      Object.entries(data.scoreHistory)
        .filter(([site, entry]) => isWebOrigin(site) && Number.isFinite(entry.seen))
        .map(([site, entry]) => [
          site,
          { seen: entry.seen, scans: entry.scans.filter((record) => fits(scan, record)) },
        ]),
    );
  }
  if (includeLog && data.lookupLog !== undefined) {
    backup.lookupLog = data.lookupLog.entries.filter((entry) => fits(logEntry, entry));
  }
  return backup;
}

/** The file name a backup made at `now` is offered under (the date is UTC's). */
export function backupFileName(now: number): string {
  return `agent-readiness-badge-backup-${new Date(now).toISOString().slice(0, 10)}.json`;
}

const refused = (problem: BackupProblem): BackupReading => ({ ok: false, problem });

/** A backup file's text, read and checked; never throws. */
export function readBackupFile(text: string): BackupReading {
  if (typeof text !== 'string' || text.length > MAX_BACKUP_LENGTH) return refused('too-large');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refused('not-json');
  }
  return parseBackup(value);
}

/**
 * A parsed JSON value, checked as a backup; never throws. For the worker when it is handed a
 * value rather than the text (the text's length is then not checked: `readBackupFile` does).
 */
export function parseBackup(value: unknown): BackupReading {
  try {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return refused('wrong-file');
    }
    const raw = value as { format?: unknown; version?: unknown };
    if (raw.format !== BACKUP_FORMAT) return refused('wrong-file');
    if (Number.isInteger(raw.version) && (raw.version as number) > BACKUP_VERSION) {
      return refused('newer-version');
    }
    const current = withBadgeMode(value);
    const parsed = backupSchemas().backup.safeParse(
      raw.version === 1 ? fromVersion1(current) : current,
    );
    if (!parsed.success) return refused('malformed');
    const backup: Backup = parsed.data;
    // Kept as the settings keep them: paused domains normalised, sorted and once, the base URL
    // normalised.
    backup.settings.pausedDomains = normalisePausedDomains(backup.settings.pausedDomains);
    backup.settings.serviceBaseUrl = normaliseServiceBaseUrl(backup.settings.serviceBaseUrl);
    if (backup.lookupLog !== undefined) {
      backup.lookupLog = backup.lookupLog.map((entry) => ({
        ...entry,
        service: normaliseServiceBaseUrl(entry.service) ?? entry.service,
      }));
    }
    return { ok: true, backup };
  } catch {
    // Only a value that is no JSON (a proxy, a getter) can get here.
    return refused('malformed');
  }
}

/**
 * What importing `backup` in `mode` makes of `current`, and the changes to show for it.
 * `current` is the user's own settings, without the policy; its score history and lookup log
 * are needed when the backup carries them (absent, they count as empty).
 */
export function planImport(
  current: KeptData,
  backup: Backup,
  { mode }: { mode: ImportMode },
): ImportPlan {
  const changes: ImportChange[] = [];
  const settings = plannedSettings(current.settings, backup.settings, mode);
  changes.push(...settingsChanges(current.settings, settings));

  const watch = plannedWatchList(current.watchList, backup.watchList, mode);
  const currentSites = Object.keys(current.watchList);
  const nextSites = Object.keys(watch.list);
  const added = nextSites.filter((site) => current.watchList[site] === undefined).sort();
  const removed = currentSites.filter((site) => watch.list[site] === undefined).sort();
  if (added.length > 0) changes.push({ kind: 'watched-sites-added', sites: added });
  if (removed.length > 0) changes.push({ kind: 'watched-sites-removed', sites: removed });
  if (watch.leftOut.length > 0) {
    changes.push({
      kind: 'watched-sites-left-out',
      sites: watch.leftOut.sort(),
      limit: MAX_WATCHED_SITES,
    });
  }

  const next: KeptData = { settings, watchList: watch.list };
  if (backup.scoreHistory !== undefined) {
    const before = current.scoreHistory ?? {};
    if (mode === 'replace') {
      next.scoreHistory = boundedHistory(backup.scoreHistory);
      changes.push({
        kind: 'score-history-replaced',
        sites: Object.keys(next.scoreHistory).length,
      });
    } else {
      next.scoreHistory = mergedHistory(before, backup.scoreHistory);
      const scans = newScans(before, next.scoreHistory);
      if (scans > 0) changes.push({ kind: 'score-history-merged', scans });
    }
  }
  if (backup.lookupLog !== undefined) {
    const log = plannedLog(current.lookupLog, backup.lookupLog, mode);
    next.lookupLog = log.log;
    if (mode === 'replace') {
      changes.push({ kind: 'lookup-log-replaced', entries: log.log.entries.length });
    } else if (log.added > 0) {
      changes.push({ kind: 'lookup-log-merged', entries: log.added });
    }
  }
  return { next, changes };
}

/** The changes of both ways of importing, for a preview that lets the user choose. */
export function previewImport(current: KeptData, backup: Backup): ImportPreview {
  return {
    merge: planImport(current, backup, { mode: 'merge' }).changes,
    replace: planImport(current, backup, { mode: 'replace' }).changes,
  };
}

/**
 * A file whose settings hold the badge switch (`badgeVisible`, version 1 and the first builds
 * of version 2) with its badge mode instead. A switch that is no boolean is left in place, so
 * the file is refused as malformed, as before.
 */
function withBadgeMode(value: object): object {
  const { settings } = value as { settings?: unknown };
  if (typeof settings !== 'object' || settings === null || 'badgeMode' in settings) return value;
  const { badgeVisible, ...rest } = settings as { badgeVisible?: unknown };
  const badgeMode = badgeModeOfVisible(badgeVisible);
  return badgeMode === undefined ? value : { ...value, settings: { ...rest, badgeMode } };
}

/**
 * A version 1 file as version 2: its paused origins as their hosts. One that is no web origin
 * is left in place under its old name, so the file is refused as malformed, as version 1 did.
 */
function fromVersion1(value: object): unknown {
  const { settings } = value as { settings?: unknown };
  if (typeof settings !== 'object' || settings === null) return { ...value, version: 2 };
  const { pausedSites, ...rest } = settings as { pausedSites?: unknown };
  const origins = Array.isArray(pausedSites) ? pausedSites : [];
  const hosts = origins.map((site) =>
    typeof site === 'string' && isWebOrigin(site) ? hostOfSite(site) : null,
  );
  if (!Array.isArray(pausedSites) || hosts.includes(null)) return { ...value, version: 2 };
  return { ...value, version: 2, settings: { ...rest, pausedDomains: hosts } };
}

function sortedSites(sites: readonly string[]): string[] {
  return [...new Set(sites)].sort();
}

const lookupChoiceOf = (settings: UserSettings): LookupChoice =>
  settings.lookupModeChosen ? settings.lookupMode : 'unanswered';

function plannedSettings(
  current: UserSettings,
  fromFile: UserSettings,
  mode: ImportMode,
): UserSettings {
  if (mode === 'replace') return { ...fromFile, pausedDomains: [...fromFile.pausedDomains] };
  return {
    ...fromFile,
    // A file whose consent question was never answered carries no answer to take.
    ...(fromFile.lookupModeChosen
      ? {}
      : { lookupMode: current.lookupMode, lookupModeChosen: current.lookupModeChosen }),
    pausedDomains: sortedSites([...current.pausedDomains, ...fromFile.pausedDomains]),
  };
}

function settingsChanges(before: UserSettings, after: UserSettings): ImportChange[] {
  const changes: ImportChange[] = [];
  const [fromChoice, toChoice] = [lookupChoiceOf(before), lookupChoiceOf(after)];
  if (fromChoice !== toChoice)
    changes.push({ kind: 'lookup-mode', from: fromChoice, to: toChoice });
  if (before.badgeMode !== after.badgeMode) {
    changes.push({ kind: 'badge', from: before.badgeMode, to: after.badgeMode });
  }
  if (before.serviceBaseUrl !== after.serviceBaseUrl) {
    changes.push({
      kind: 'service-base-url',
      from: before.serviceBaseUrl,
      to: after.serviceBaseUrl,
    });
  }
  const added = after.pausedDomains.filter((site) => !before.pausedDomains.includes(site));
  const removed = before.pausedDomains.filter((site) => !after.pausedDomains.includes(site));
  if (added.length > 0) changes.push({ kind: 'paused-sites-added', sites: sortedSites(added) });
  if (removed.length > 0) {
    changes.push({ kind: 'paused-sites-removed', sites: sortedSites(removed) });
  }
  return changes;
}

/**
 * Merge keeps every site watched here with its record and adds the file's others; replace
 * takes the file's list. Either way, the file's sites that do not fit are left out, the ones
 * watched longest kept first.
 */
function plannedWatchList(
  current: WatchList,
  fromFile: WatchList,
  mode: ImportMode,
): { list: WatchList; leftOut: string[] } {
  const list: WatchList = mode === 'merge' ? { ...current } : {};
  const leftOut: string[] = [];
  const candidates = Object.entries(fromFile)
    .filter(([site]) => !Object.hasOwn(list, site))
    .sort(([siteA, a], [siteB, b]) => a.since - b.since || compareText(siteA, siteB));
  let count = Object.keys(list).length;
  for (const [site, record] of candidates) {
    if (count < MAX_WATCHED_SITES) {
      list[site] = record;
      count += 1;
    } else {
      leftOut.push(site);
    }
  }
  return { list, leftOut };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The history within its bounds: its latest scans per site, its most recently seen sites. */
function boundedHistory(history: StoredHistory): StoredHistory {
  const sites = Object.entries(history)
    .sort(([, a], [, b]) => b.seen - a.seen)
    .slice(0, MAX_SITES);
  return Object.fromEntries(
    sites.map(([site, entry]) => [
      site,
      { seen: entry.seen, scans: entry.scans.slice(-SCANS_PER_SITE) },
    ]),
  );
}

/** Scans oldest first; a scan time that does not read (only from storage) counts as oldest. */
function oldestFirst(scans: readonly ScoreRecord[]): ScoreRecord[] {
  const at = (record: ScoreRecord) =>
    parseContractDateTime(record.scannedAt) ?? Number.NEGATIVE_INFINITY;
  return [...scans].sort((a, b) => {
    const [timeA, timeB] = [at(a), at(b)];
    return timeA < timeB ? -1 : timeA > timeB ? 1 : 0;
  });
}

/** Both histories, a scan once (told by its time, as the history tells scans apart). */
function mergedHistory(current: StoredHistory, fromFile: StoredHistory): StoredHistory {
  const merged: StoredHistory = { ...current };
  for (const [site, entry] of Object.entries(fromFile)) {
    const kept: SiteHistory | undefined = Object.hasOwn(merged, site) ? merged[site] : undefined;
    if (kept === undefined) {
      merged[site] = entry;
      continue;
    }
    const known = new Set(kept.scans.map((record) => record.scannedAt));
    const scans = [...kept.scans, ...entry.scans.filter((record) => !known.has(record.scannedAt))];
    merged[site] = { seen: Math.max(kept.seen, entry.seen), scans: oldestFirst(scans) };
  }
  return boundedHistory(merged);
}

/** How many scans `after` has that `before` had not. */
function newScans(before: StoredHistory, after: StoredHistory): number {
  let count = 0;
  for (const [site, entry] of Object.entries(after)) {
    const known = new Set(
      (Object.hasOwn(before, site) ? before[site]?.scans : undefined)?.map(
        (record) => record.scannedAt,
      ),
    );
    count += entry.scans.filter((record) => !known.has(record.scannedAt)).length;
  }
  return count;
}

/** What tells two log entries of the same lookup apart from others: all but the id. */
const lookupKey = (entry: LookupLogEntry) =>
  JSON.stringify([entry.at, entry.origin, entry.service, entry.outcome, entry.status]);

/**
 * The log after the import. The file's entries are numbered on from this log's next id: an
 * entry still pending here is settled later by its id, which must not then name a file's entry.
 */
function plannedLog(
  current: StoredLog | undefined,
  fromFile: readonly LookupLogEntry[],
  mode: ImportMode,
): { log: StoredLog; added: number } {
  const before = current ?? { nextId: 1, entries: [] };
  let nextId = Math.max(before.nextId, ...before.entries.map((entry) => entry.id + 1));
  const firstNewId = nextId;
  const known = new Set(mode === 'merge' ? before.entries.map(lookupKey) : []);
  const incoming = fromFile
    .filter((entry) => !known.has(lookupKey(entry)))
    .slice(-MAX_LOG_ENTRIES)
    .map((entry) => {
      const numbered = { ...entry, id: nextId };
      nextId += 1;
      return numbered;
    });
  const entries =
    mode === 'merge'
      ? [...before.entries, ...incoming].sort((a, b) => a.at - b.at).slice(-MAX_LOG_ENTRIES)
      : incoming;
  const added = entries.filter((entry) => entry.id >= firstNewId).length;
  return { log: { nextId, entries }, added };
}
