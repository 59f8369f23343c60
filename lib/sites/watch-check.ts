/**
 * The scheduled round over the watch list: each watched site shown again through the lookup
 * service's own `showSite` path, so the privacy rules, the cache, the retry gate and shared
 * requests apply exactly as for a tab, and every request that leaves goes through the same
 * client wrapper and so into the lookup log.
 *
 * What keeps the schedule polite:
 * - `showSite` answers from the cache while the kept answer is fresh: a round costs a request
 *   only for sites whose Cache-Control freshness has run out;
 * - Retry-After, the service's backoff and its busy pause hold a request back (showSite asks
 *   the retry gate); and the round stops at the first site the service could not answer, since
 *   the rest would only be held back or add to the load;
 * - sites are looked up one after another, never at once;
 * - nothing happens before the user said yes to automatic lookups, or when a policy turned
 *   the watch list off or allows lookups only on request; a paused site is refused by
 *   showSite itself and is not sent.
 *
 * A change is told when a report was seen before and the rounded score or the set of failed
 * checks differs; the first report seen after watching starts the record silently. It comes
 * with what changed check by check, from the score history: the report's scan against the
 * newest earlier scan the history holds.
 */
import { roundScore } from '../badge/score-band';
import type { ScanReport } from '../contract/report-schema';
import { type CheckDiff, checkDiffFor } from '../history/check-diff';
import type { ScoreRecord } from '../history/score-history';
import type { LookupService } from '../lookup/ports';
import { type EffectiveSettings, isSitePaused } from '../settings/settings';
import type { RecordStore } from '../storage/record-store';
import { WATCH_LIST_RECORD } from '../storage/records';
import type { TabView } from '../tabs/tab-view';
import { updateWatchList, type WatchList, type WatchRecord } from './watch-list';
import { watchingAllowed } from './watching-allowed';

/** What the watch record alone tells of a change: the old and new values it keeps. */
export interface WatchedValuesChange {
  site: string;
  oldScore: number | null;
  newScore: number | null;
  oldFailed: number;
  newFailed: number;
}

export interface WatchChange extends WatchedValuesChange {
  /** The checks' changes since the previous scan the score history holds. */
  checks: CheckDiff;
}

export interface WatchRoundDeps {
  readSettings(): Promise<EffectiveSettings>;
  readWatchList(): Promise<WatchList>;
  /** Stores one site's record, unless the site was unwatched meanwhile. */
  saveRecord(site: string, record: WatchRecord): Promise<void>;
  showSite: LookupService['showSite'];
  /** The site's scans in the score history. */
  readScans(site: string): Promise<ScoreRecord[]>;
  notify(change: WatchChange): Promise<void>;
  now(): number;
  onError(error: unknown): void;
}

/** The record after a scheduled lookup ended with `view`, and the change to tell, if any. */
export function afterLookup(
  site: string,
  record: WatchRecord,
  view: TabView,
  now: number,
): { record: WatchRecord; change: WatchedValuesChange | null } {
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
    (record.score !== score ||
      record.failed.length !== failed.length ||
      record.failed.some((id, index) => id !== failed[index]));
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

/**
 * Stops the round: the service could not answer, or may not be reached, and the next site
 * would fare the same.
 */
const serviceHeldBack = (view: TabView) =>
  view.status === 'unavailable' || view.status === 'service-not-permitted';

const PAUSED_VIEW: TabView = { status: 'not-looked-up', reason: 'paused' };

/**
 * The checks' changes from the newest scan before the report's. The lookup records its report
 * in the history without waiting, so the report's own scan may be there already or not yet:
 * checkDiffFor compares only with scans before the report's, so either way gives the same.
 * A history that cannot be read costs the names, not the notification.
 */
async function checkDiffOf(
  deps: Pick<WatchRoundDeps, 'readScans' | 'onError'>,
  site: string,
  report: ScanReport,
): Promise<CheckDiff> {
  try {
    return checkDiffFor(await deps.readScans(site), report);
  } catch (error) {
    deps.onError(error);
    return { kind: 'unknown' };
  }
}

/** One round over the watch list; resolves to the number of sites shown. */
export async function runWatchRound(deps: WatchRoundDeps): Promise<number> {
  const settings = await deps.readSettings();
  if (!watchingAllowed(settings)) return 0;
  let shown = 0;
  for (const site of Object.keys(await deps.readWatchList())) {
    // Read again before each site: one unwatched meanwhile, or a list cleared with local
    // data, is not looked up.
    const record = (await deps.readWatchList())[site];
    if (record === undefined) continue;
    // A site under a paused domain (the user's or the policy's) is not even asked about;
    // showSite would refuse it as well.
    const paused = isSitePaused(settings, site);
    const view = paused ? PAUSED_VIEW : await deps.showSite(site);
    if (!paused) shown += 1;
    const { record: next, change } = afterLookup(site, record, view, deps.now());
    await deps.saveRecord(site, next);
    if (change !== null && view.status === 'report') {
      await deps.notify({ ...change, checks: await checkDiffOf(deps, site, view.report) });
    }
    if (serviceHeldBack(view)) break;
  }
  return shown;
}

/**
 * One round as the worker runs it: the list read through its record store, each record saved
 * unless the site was unwatched meanwhile, and nothing saved once local data was cleared after
 * the round began.
 */
export function runStoredWatchRound(
  deps: Pick<
    WatchRoundDeps,
    'readSettings' | 'showSite' | 'readScans' | 'notify' | 'now' | 'onError'
  > & {
    store: RecordStore;
  },
): Promise<number> {
  const { store } = deps;
  const since = store.epoch();
  return runWatchRound({
    ...deps,
    readWatchList: () => store.read(WATCH_LIST_RECORD),
    async saveRecord(site, record) {
      await updateWatchList(
        store,
        (list) => (list[site] === undefined ? list : { ...list, [site]: record }),
        { since },
      );
    },
  });
}
