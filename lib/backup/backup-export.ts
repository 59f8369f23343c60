/** Making a backup: whoever reads the stored records passes them here and saves the JSON. */
import type * as z from 'zod/mini';
import { isHttpOrigin } from '../contract/http-origin';
import { normaliseServiceBaseUrl } from '../contract/service-base-url';
import { normalisePausedDomains } from '../privacy/paused-domains';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type Backup,
  type BackupChoices,
  type KeptData,
} from './backup-format';
import { backupSchemas } from './read-backup';

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
  const fits = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).success;
  const backup: Backup = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: new Date(now).toISOString(),
    settings: {
      lookupMode: data.settings.lookupMode,
      lookupModeChosen: data.settings.lookupModeChosen,
      pausedDomains: normalisePausedDomains(data.settings.pausedDomains),
      badgeMode: data.settings.badgeMode,
      oldReportDays: data.settings.oldReportDays,
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
