/** Planning an import: what either mode makes of what is stored, and the preview's changes. */
import { boundedHistory } from '../history/score-history';
import type { UserSettings } from '../settings/settings';
import { MAX_WATCHED_SITES, type WatchList } from '../sites/watch-list';
import type {
  Backup,
  ImportChange,
  ImportMode,
  ImportPreview,
  KeptData,
  LookupChoice,
} from './backup-format';
import { mergedHistory, newScans, plannedLog } from './import-history';

const sortedSites = (sites: readonly string[]) => [...new Set(sites)].sort();

/** The sites `after` adds to `before`, then those it drops, sorted and each once. */
function sitesChanges(
  of: 'paused' | 'watched',
  before: readonly string[],
  after: readonly string[],
): ImportChange[] {
  const change = (verb: 'added' | 'removed', sites: string[]): ImportChange[] =>
    sites.length === 0 ? [] : [{ kind: `${of}-sites-${verb}`, sites: sortedSites(sites) }];
  const added = after.filter((site) => !before.includes(site));
  const removed = before.filter((site) => !after.includes(site));
  return [...change('added', added), ...change('removed', removed)];
}

/**
 * What importing `backup` makes of `current` (the user's own settings; a record not read counts
 * as empty), and the preview's changes; `next` holds a history and log only when the file does.
 */
export function planImport(
  current: KeptData,
  backup: Backup,
  { mode }: { mode: ImportMode },
): { next: KeptData; changes: ImportChange[] } {
  const settings = plannedSettings(current.settings, backup.settings, mode);
  const watch = plannedWatchList(current.watchList, backup.watchList, mode);
  const changes = settingsChanges(current.settings, settings);
  changes.push(...sitesChanges('watched', Object.keys(current.watchList), Object.keys(watch.list)));
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
  const changes = [
    { kind: 'lookup-mode', from: lookupChoiceOf(before), to: lookupChoiceOf(after) },
    { kind: 'badge', from: before.badgeMode, to: after.badgeMode },
    { kind: 'old-reports', from: before.oldReportDays, to: after.oldReportDays },
    { kind: 'service-base-url', from: before.serviceBaseUrl, to: after.serviceBaseUrl },
  ] satisfies ImportChange[];
  return [
    ...changes.filter(({ from, to }) => from !== to),
    ...sitesChanges('paused', before.pausedDomains, after.pausedDomains),
  ];
}

/** Merge adds the file's sites to these, replace takes its list; the longest watched fit first. */
function plannedWatchList(current: WatchList, fromFile: WatchList, mode: ImportMode) {
  const list: WatchList = mode === 'merge' ? { ...current } : {};
  const candidates = Object.entries(fromFile)
    .filter(([site]) => !Object.hasOwn(list, site))
    .sort(([siteA, a], [siteB, b]) => a.since - b.since || (siteA < siteB ? -1 : 1));
  const room = Math.max(0, MAX_WATCHED_SITES - Object.keys(list).length);
  for (const [site, record] of candidates.slice(0, room)) list[site] = record;
  return { list, leftOut: candidates.slice(room).map(([site]) => site) };
}
