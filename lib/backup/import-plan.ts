/**
 * Planning an import: what importing a backup in either mode makes of what is stored, and the
 * changes to show for it. The options page runs it for the preview; the worker runs it again
 * on the records as stored when the user applies the import, and stores `next`.
 *
 * It changes the user's own settings only: an administrator's policy still wins, applied by
 * the worker over them as over any other write. The watch list stays within
 * MAX_WATCHED_SITES (the plan says which sites did not fit).
 */

import { boundedHistory } from '../history/score-history';
import type { UserSettings } from '../settings/settings';
import { MAX_WATCHED_SITES, type WatchList } from '../sites/watch-list';
import type { Backup, KeptData } from './backup-format';
import type { ImportChange, ImportMode, ImportPreview, LookupChoice } from './import-changes';
import { mergedHistory, newScans, plannedLog } from './import-history';

type SitesChange = Exclude<
  Extract<ImportChange, { sites: string[] }>['kind'],
  'watched-sites-left-out'
>;

/** The change listing these sites, sorted and each once; none when there are none. */
const sitesChange = (kind: SitesChange, sites: readonly string[]): ImportChange[] =>
  sites.length === 0 ? [] : [{ kind, sites: sortedSites(sites) }];

const sortedSites = (sites: readonly string[]) => [...new Set(sites)].sort();

/**
 * What importing `backup` in `mode` makes of `current` (the user's own settings, without the
 * policy; a score history or lookup log not read counts as empty), and the changes to show in
 * the preview's order. `next` holds a score history and lookup log only when the file does.
 */
export function planImport(
  current: KeptData,
  backup: Backup,
  { mode }: { mode: ImportMode },
): { next: KeptData; changes: ImportChange[] } {
  const settings = plannedSettings(current.settings, backup.settings, mode);
  const watch = plannedWatchList(current.watchList, backup.watchList, mode);
  const changes = settingsChanges(current.settings, settings);
  const [before, after] = [Object.keys(current.watchList), Object.keys(watch.list)];
  changes.push(
    ...sitesChange(
      'watched-sites-added',
      after.filter((site) => !before.includes(site)),
    ),
    ...sitesChange(
      'watched-sites-removed',
      before.filter((site) => !after.includes(site)),
    ),
  );
  if (watch.leftOut.length > 0) {
    const sites = watch.leftOut.sort();
    changes.push({ kind: 'watched-sites-left-out', sites, limit: MAX_WATCHED_SITES });
  }

  const next: KeptData = { settings, watchList: watch.list };
  if (backup.scoreHistory !== undefined) {
    const kept = current.scoreHistory ?? {};
    if (mode === 'replace') {
      next.scoreHistory = boundedHistory(backup.scoreHistory);
      const sites = Object.keys(next.scoreHistory).length;
      changes.push({ kind: 'score-history-replaced', sites });
    } else {
      next.scoreHistory = mergedHistory(kept, backup.scoreHistory);
      const scans = newScans(kept, next.scoreHistory);
      if (scans > 0) changes.push({ kind: 'score-history-merged', scans });
    }
  }
  if (backup.lookupLog !== undefined) {
    const { log, added } = plannedLog(current.lookupLog, backup.lookupLog, mode);
    next.lookupLog = log;
    if (mode === 'replace')
      changes.push({ kind: 'lookup-log-replaced', entries: log.entries.length });
    else if (added > 0) changes.push({ kind: 'lookup-log-merged', entries: added });
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

function plannedSettings(
  current: UserSettings,
  backup: Backup['settings'],
  mode: ImportMode,
): UserSettings {
  const fromFile = { ...backup, oldReportDays: backup.oldReportDays ?? current.oldReportDays };
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

const lookupChoiceOf = (settings: UserSettings): LookupChoice =>
  settings.lookupModeChosen ? settings.lookupMode : 'unanswered';

function settingsChanges(before: UserSettings, after: UserSettings): ImportChange[] {
  const changes: ImportChange[] = [];
  const [from, to] = [lookupChoiceOf(before), lookupChoiceOf(after)];
  if (from !== to) changes.push({ kind: 'lookup-mode', from, to });
  if (before.badgeMode !== after.badgeMode) {
    changes.push({ kind: 'badge', from: before.badgeMode, to: after.badgeMode });
  }
  if (before.oldReportDays !== after.oldReportDays) {
    changes.push({ kind: 'old-reports', from: before.oldReportDays, to: after.oldReportDays });
  }
  if (before.serviceBaseUrl !== after.serviceBaseUrl) {
    const [from, to] = [before.serviceBaseUrl, after.serviceBaseUrl];
    changes.push({ kind: 'service-base-url', from, to });
  }
  const [was, is] = [before.pausedDomains, after.pausedDomains];
  changes.push(
    ...sitesChange(
      'paused-sites-added',
      is.filter((site) => !was.includes(site)),
    ),
    ...sitesChange(
      'paused-sites-removed',
      was.filter((site) => !is.includes(site)),
    ),
  );
  return changes;
}

/**
 * Merge keeps every site watched here with its record and adds the file's others; replace
 * takes the file's list. Either way, the file's sites that do not fit are left out, the ones
 * watched longest kept first.
 */
function plannedWatchList(current: WatchList, fromFile: WatchList, mode: ImportMode) {
  const list: WatchList = mode === 'merge' ? { ...current } : {};
  const leftOut: string[] = [];
  const candidates = Object.entries(fromFile)
    .filter(([site]) => !Object.hasOwn(list, site))
    .sort(([siteA, a], [siteB, b]) => a.since - b.since || (siteA < siteB ? -1 : 1));
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
