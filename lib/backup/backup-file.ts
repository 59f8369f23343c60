/** Making a backup file and reading one, never throwing (README). */
import * as v from 'valibot';
import { isContractDateTime } from '../contract/date-time';
import { isHttpOrigin } from '../contract/http-origin';
import { jsonNumber, jsonRecordOf } from '../contract/json-schemas';
import { normaliseServiceBaseUrl } from '../contract/service-base-url';
import { scanChecksSchema } from '../history/scan-record';
import { normalisePausedDomain, normalisePausedDomains } from '../privacy/paused-domains';
import { type LookupOutcomeKind, OUTCOME_WORDS } from '../service/lookup-outcome';
import { BADGE_MODES, OLD_REPORT_DAYS } from '../settings/settings';
import { badgeModeOfVisible, SETTINGS_RECORD } from '../settings/settings-record';
import { isObject, migrated } from '../storage/record';
import { isViewStatus } from '../tabs/status-traits';
import type { TabViewStatus } from '../tabs/tab-view';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type Backup,
  type BackupChoices,
  type BackupProblem,
  type BackupReading,
  type KeptData,
  MAX_BACKUP_LENGTH,
} from './backup-format';

const isLogOutcome = (value: unknown): value is LookupOutcomeKind | 'pending' =>
  typeof value === 'string' && Object.hasOwn(OUTCOME_WORDS, value);

/** As toISOString writes it, the form files have always been held to: `T`, seconds and `Z`. */
const UTC_DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:[0-5]\d(?:\.\d+)?Z$/;
const isUtcDateTime = (value: string) => UTC_DATE_TIME.test(value) && isContractDateTime(value);

/** Every value a file may hold; built at the first use. */
function buildBackupSchemas() {
  const webOrigin = v.pipe(v.string(), v.check(isHttpOrigin));
  const pausedDomain = v.pipe(
    v.string(),
    v.check((value) => normalisePausedDomain(value) !== null),
  );
  const serviceBaseUrl = v.pipe(
    v.string(),
    v.check((url) => normaliseServiceBaseUrl(url) !== null),
  );
  // Epoch milliseconds.
  const time = jsonNumber();
  const settings = v.object({
    lookupMode: v.picklist(['on-click', 'automatic']),
    lookupModeChosen: v.boolean(),
    pausedDomains: v.array(pausedDomain),
    badgeMode: v.picklist(BADGE_MODES),
    oldReportDays: v.optional(v.picklist(OLD_REPORT_DAYS)),
    serviceBaseUrl: v.nullable(serviceBaseUrl),
  });
  const watchRecord = v.object({
    since: time,
    checkedAt: v.nullable(time),
    status: v.optional(v.custom<TabViewStatus>(isViewStatus)),
    score: v.nullable(jsonNumber()),
    failed: v.array(v.string()),
    seenReport: v.boolean(),
  });
  const scan = v.object({
    scannedAt: v.pipe(v.string(), v.check(isContractDateTime)),
    score: v.nullable(v.pipe(jsonNumber(), v.minValue(0), v.maxValue(100))),
    // A file of a version that kept no checks: they are not known.
    checks: v.optional(v.nullable(scanChecksSchema()), null),
  });
  const logEntry = v.object({
    id: jsonNumber(),
    at: time,
    origin: webOrigin,
    service: serviceBaseUrl,
    outcome: v.custom<LookupOutcomeKind | 'pending'>(isLogOutcome),
    status: v.nullable(jsonNumber()),
  });
  const siteHistory = v.object({ seen: time, scans: v.array(scan) });
  const backup = v.object({
    format: v.literal(BACKUP_FORMAT),
    version: v.literal(BACKUP_VERSION),
    exportedAt: v.pipe(v.string(), v.check(isUtcDateTime)),
    settings,
    watchList: jsonRecordOf(webOrigin, watchRecord),
    scoreHistory: v.optional(jsonRecordOf(webOrigin, siteHistory)),
    lookupLog: v.optional(v.array(logEntry)),
  });
  return { watchRecord, scan, logEntry, backup };
}

let schemas: ReturnType<typeof buildBackupSchemas> | null = null;
const backupSchemas = () => (schemas ??= buildBackupSchemas());

/** What a backup may hold of `data`, so that `parseBackup` always takes it back (README). */
export function buildBackup(
  data: KeptData,
  { includeHistory, includeLog, now }: BackupChoices & { now: number },
): Backup {
  const { watchRecord, scan, logEntry } = backupSchemas();
  const fits = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).success;
  const backup: Backup = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: new Date(now).toISOString(),
    settings: {
      ...data.settings,
      pausedDomains: normalisePausedDomains(data.settings.pausedDomains),
      serviceBaseUrl: normaliseServiceBaseUrl(data.settings.serviceBaseUrl),
    },
    watchList: Object.fromEntries(
      Object.entries(data.watchList).filter(
        ([site, record]) => isHttpOrigin(site) && fits(watchRecord, record),
      ),
    ),
  };
  if (includeHistory && data.scoreHistory !== undefined) {
    backup.scoreHistory = Object.fromEntries(
      Object.entries(data.scoreHistory)
        .filter(([site, entry]) => isHttpOrigin(site) && Number.isFinite(entry.seen))
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

const refused = (problem: BackupProblem): BackupReading => ({ ok: false, problem });

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

/** A parsed JSON value, checked as a backup (its length by `readBackupFile`). */
export function parseBackup(value: unknown): BackupReading {
  try {
    if (!isObject(value) || value.format !== BACKUP_FORMAT) return refused('wrong-file');
    const { version } = value;
    if (Number.isInteger(version) && (version as number) > BACKUP_VERSION) {
      return refused('newer-version');
    }
    const parsed = v.safeParse(backupSchemas().backup, {
      ...value,
      version: version === 1 ? 2 : version,
      settings: settingsOfVersion(version, value.settings),
    });
    if (!parsed.success) return refused('malformed');
    const backup: Backup = parsed.output;
    // Kept as the settings keep them.
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
 * A file's settings as version 2's, version 1's through the settings record's migration, the
 * badge switch of early version 2 files as a mode. A paused site that is no web origin, or a
 * switch that is no boolean, is left in place, so the file is refused as version 1 did.
 */
function settingsOfVersion(version: unknown, settings: unknown): unknown {
  if (!isObject(settings)) return settings;
  const { badgeVisible, pausedDomains, ...rest } = settings;
  const badgeMode = 'badgeMode' in settings ? settings.badgeMode : badgeModeOfVisible(badgeVisible);
  if (badgeMode === undefined) return settings;
  if (version !== 1) return { ...rest, pausedDomains, badgeMode };
  const { pausedSites } = settings;
  const origins =
    Array.isArray(pausedSites) &&
    pausedSites.every((site) => typeof site === 'string' && isHttpOrigin(site));
  return origins ? migrated(SETTINGS_RECORD, { ...rest, badgeMode }, 1) : settings;
}
