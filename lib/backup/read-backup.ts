/**
 * Reading a backup file, never throwing: a file is taken whole or refused with one reason (one
 * bad value refuses it, so an import never brings half a backup), and a newer version is
 * refused rather than half understood. Older files are read as version 2: version 1's paused
 * origins (`pausedSites`) become their hosts, and the badge switch (`badgeVisible`) becomes a
 * badge mode, as the settings record's migration does.
 *
 * The schema holds every value a file may hold: sites are http(s) origins, paused domains host
 * names or addresses, a service base URL an http(s) URL. It is built at the first use: a
 * worker that starts for something else must not pay for it.
 */

import * as z from 'zod/mini';
import { isContractDateTime } from '../contract/date-time';
import { isHttpOrigin } from '../contract/http-origin';
import { normaliseServiceBaseUrl } from '../contract/service-base-url';
import { scanChecksSchema } from '../history/scan-record';
import {
  hostOfSite,
  normalisePausedDomain,
  normalisePausedDomains,
} from '../privacy/paused-domains';
import { type LookupOutcomeKind, OUTCOME_WORDS } from '../service/lookup-outcome';
import { BADGE_MODES, OLD_REPORT_DAYS } from '../settings/settings';
import { badgeModeOfVisible } from '../settings/settings-record';
import type { TabViewStatus } from '../tabs/tab-view';
import { isViewStatus } from '../tabs/view-states';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type Backup,
  type BackupProblem,
  type BackupReading,
  MAX_BACKUP_LENGTH,
} from './backup-format';

const isLogOutcome = (value: unknown): value is LookupOutcomeKind | 'pending' =>
  typeof value === 'string' && Object.hasOwn(OUTCOME_WORDS, value);

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
  const siteHistory = z.object({ seen: time, scans: z.array(scan) });
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
    scoreHistory: z.optional(z.record(webOrigin, siteHistory)),
    lookupLog: z.optional(z.array(logEntry)),
  });
  return { watchRecord, scan, logEntry, backup };
}

let schemas: ReturnType<typeof buildBackupSchemas> | null = null;

export const backupSchemas = () => (schemas ??= buildBackupSchemas());

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

/** A parsed JSON value, checked as a backup (its length is checked by `readBackupFile`). */
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
 * The badge switch (version 1 and the first builds of version 2) as a badge mode. A switch
 * that is no boolean is left in place, so the file is refused as malformed.
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
    typeof site === 'string' && isHttpOrigin(site) ? hostOfSite(site) : null,
  );
  if (!Array.isArray(pausedSites) || hosts.includes(null)) return { ...value, version: 2 };
  return { ...value, version: 2, settings: { ...rest, pausedDomains: hosts } };
}
