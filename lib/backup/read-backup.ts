/**
 * Reading a backup file: its text (`readBackupFile`) or an already parsed value
 * (`parseBackup`), checked against the schema. Reading never throws, whatever the text or
 * value: a file is refused with one reason. A file is read whole or not at all: one bad value
 * refuses it ("malformed"), so an import never brings half a backup. A newer version is
 * refused rather than half understood.
 *
 * Older files are read as version 2. Version 1 (0.2.0 and before) paused exact origins,
 * `"pausedSites": ["https://…"]`: each origin becomes its host. The badge switch
 * (`"badgeVisible": true | false`) becomes a badge mode (`all` | `off`), as the settings
 * record's migration does.
 */
import { hostOfSite, normalisePausedDomains } from '../privacy/paused-domains';
import { normaliseServiceBaseUrl } from '../service/service-base-url';
import { isWebOrigin } from '../sites/watch-list';
import { badgeModeOfVisible } from '../storage/records';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type Backup,
  type BackupProblem,
  type BackupReading,
  MAX_BACKUP_LENGTH,
} from './backup-format';
import { backupSchemas } from './backup-schema';

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
