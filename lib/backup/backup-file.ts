/** Making a backup file and reading one, never throwing (README). */
import * as z from 'zod/mini';
import { isContractDateTime } from '../contract/date-time';
import { isHttpOrigin } from '../contract/http-origin';
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

/** Every value a file may hold; built at the first use. */
function buildBackupSchemas() {
  const webOrigin = z.string().check(z.refine(isHttpOrigin));
  const pausedDomain = z.string().check(z.refine((value) => normalisePausedDomain(value) !== null));
  const serviceBaseUrl = z.string().check(z.refine((url) => normaliseServiceBaseUrl(url) !== null));
  // Epoch milliseconds; zod's number is finite, as JSON's numbers are.
  const time = z.number();
  const settings = z.object({
    lookupMode: z.enum(['on-click', 'automatic']),
    lookupModeChosen: z.boolean(),
    pausedDomains: z.array(pausedDomain),
    badgeMode: z.enum(BADGE_MODES),
    oldReportDays: z.optional(z.enum(OLD_REPORT_DAYS)),
    serviceBaseUrl: z.nullable(serviceBaseUrl),
  });
  const watchRecord = z.object({
    since: time,
    checkedAt: z.nullable(time),
    status: z.optional(z.custom<TabViewStatus>(isViewStatus)),
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
  const logEntry = z.object({
    id: z.number(),
    at: time,
    origin: webOrigin,
    service: serviceBaseUrl,
    outcome: z.custom<LookupOutcomeKind | 'pending'>(isLogOutcome),
    status: z.nullable(z.number()),
  });
  const backup = z.object({
    format: z.literal(BACKUP_FORMAT),
    version: z.literal(BACKUP_VERSION),
    exportedAt: z.iso.datetime(),
    settings,
    watchList: z.record(webOrigin, watchRecord),
    scoreHistory: z.optional(z.record(webOrigin, z.object({ seen: time, scans: z.array(scan) }))),
    lookupLog: z.optional(z.array(logEntry)),
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
  const fits = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).success;
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
    const parsed = backupSchemas().backup.safeParse({
      ...value,
      version: version === 1 ? 2 : version,
      settings: settingsOfVersion(version, value.settings),
    });
    if (!parsed.success) return refused('malformed');
    const backup: Backup = parsed.data;
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
