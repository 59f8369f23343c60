/** The scheduled round over the watch list, and the changes it tells (README). */
import type { ScanReport } from '../contract/report-schema';
import { type CheckDiff, checkDiffFor, otherSites } from '../history/check-diff';
import type { ScoreRecord } from '../history/scan-record';
import { type EffectiveSettings, isSitePaused } from '../settings/settings';
import type { Store } from '../storage/store';
import { roundScore } from '../tabs/score-band';
import { STATUS_TRAITS } from '../tabs/status-traits';
import type { TabView } from '../tabs/tab-view';
import { notLookedUp } from '../tabs/tab-view';
import { WATCH_LIST_RECORD, type WatchList, type WatchRecord, watchingAllowed } from './watch-list';

/** A change: the old and new values the watch record keeps, and what the history adds. */
export interface WatchChange {
  site: string;
  oldScore: number | null;
  newScore: number | null;
  oldFailed: number;
  newFailed: number;
  /** The checks' changes since the previous scan the score history holds. */
  checks: CheckDiff;
}

interface WatchRoundDeps {
  store: Store;
  readSettings(): Promise<EffectiveSettings>;
  showSite(site: string): Promise<TabView>;
  readAllScans(): Promise<Record<string, ScoreRecord[]>>;
  notify(change: WatchChange): Promise<void>;
  now(): number;
  onError(error: unknown): void;
}

/** The record after a scheduled lookup ended with `view`, and the change to tell. */
export function afterLookup(site: string, record: WatchRecord, view: TabView, now: number) {
  if (view.status !== 'report') {
    return { record: { ...record, checkedAt: now, status: view.status }, change: null };
  }
  const score = view.report.score === null ? null : roundScore(view.report.score);
  const failed = view.report.issues
    .filter((issue) => issue.result === 'failed')
    .map((issue) => issue.id)
    .sort();
  const next: WatchRecord = {
    ...record,
    checkedAt: now,
    status: 'report',
    score,
    failed,
    seenReport: true,
  };
  const changed =
    record.seenReport &&
    (record.score !== score || JSON.stringify(record.failed) !== JSON.stringify(failed));
  const change = changed
    ? {
        site,
        oldScore: record.score,
        newScore: score,
        oldFailed: record.failed.length,
        newFailed: failed.length,
      }
    : null;
  return { record: next, change };
}

/** The checks' changes since the scan before the report's; a history unread costs only names. */
async function checkDiffOf(
  deps: WatchRoundDeps,
  site: string,
  report: ScanReport,
): Promise<CheckDiff> {
  try {
    const history = await deps.readAllScans();
    return checkDiffFor(history[site] ?? [], report, otherSites(history, site));
  } catch (error) {
    deps.onError(error);
    return { kind: 'unknown' };
  }
}

/**
 * One round; resolves to the number of sites shown. A record is saved unless its site was
 * unwatched meanwhile, and none once local data was cleared after the round began.
 */
export async function runStoredWatchRound(deps: WatchRoundDeps): Promise<number> {
  const { store } = deps;
  const since = store.epoch();
  const settings = await deps.readSettings();
  if (!watchingAllowed(settings)) return 0;
  let shown = 0;
  for (const site of Object.keys(await store.read(WATCH_LIST_RECORD))) {
    // Read again before each site: one unwatched meanwhile, or cleared, is not looked up.
    const record = (await store.read(WATCH_LIST_RECORD))[site];
    if (record === undefined) continue;
    const paused = isSitePaused(settings, site);
    const view = paused ? notLookedUp('paused') : await deps.showSite(site);
    if (!paused) shown += 1;
    const { record: next, change } = afterLookup(site, record, view, deps.now());
    const save = (list: WatchList) => (list[site] ? { ...list, [site]: next } : list);
    await store.update(WATCH_LIST_RECORD, save, { since });
    if (change !== null && view.status === 'report') {
      await deps.notify({ ...change, checks: await checkDiffOf(deps, site, view.report) });
    }
    // The service cannot answer now: the next site would fare the same.
    if (STATUS_TRAITS[view.status].serviceTrouble) break;
  }
  return shown;
}
