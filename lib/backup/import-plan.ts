/**
 * Planning an import: what importing a backup in either mode makes of what is stored, and the
 * changes to show for it. The options page runs it for the preview; the worker runs it again
 * on the records as stored when the user applies the import, and stores `next`.
 *
 * It changes the user's own settings only: an administrator's policy still wins, applied by
 * the worker over them as over any other write. The watch list stays within
 * MAX_WATCHED_SITES (the plan says which sites did not fit).
 */
import type { UserSettings } from '../settings/settings';
import { MAX_WATCHED_SITES, type WatchList } from '../sites/watch-list';
import type { Backup, KeptData } from './backup-format';
import type {
  ImportChange,
  ImportMode,
  ImportPlan,
  ImportPreview,
  LookupChoice,
} from './import-changes';
import { boundedHistory, mergedHistory, newScans, plannedLog } from './import-history';

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
