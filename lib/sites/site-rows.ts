/**
 * One row per site, built from what is already kept locally: the cached answer (report or "no
 * report"), the score history and the watch list. Nothing here asks the service; only sites
 * the extension looked up are listed (private-window tabs and paused or local sites never are,
 * so they are never here either).
 *
 * A row's state is the named state of what is kept, through one table (STATE_OF_VIEW): a new
 * view state gets its row state by adding one entry there, and the type check insists on it.
 */

import type { ScoreBandId } from '../badge/score-band';
import { roundScore, scoreBandFor } from '../badge/score-band';
import type { ListedSite } from '../cache/cache-listing';
import type { IssueCounts } from '../cache/cache-rows';
import type { IssueTier } from '../contract/report-schema';
import { type ScoreRecord, scoreChangeFor } from '../history/score-history';
import { parseTime } from '../locale/format-time';
import type { TabViewStatus } from '../tabs/tab-view';
import type { WatchRecord } from './watch-list';

/** What a row says about its site. */
export type SiteState =
  | 'fresh'
  | 'stale'
  | 'no-report'
  | 'unavailable'
  /** The service is limiting lookups from this network for a while. */
  | 'busy'
  /** The service no longer answers at the address the extension uses. */
  | 'service-moved'
  /** The extension may not reach the service (no host permission). */
  | 'service-not-permitted'
  | 'invalid'
  | 'rejected'
  | 'not-looked-up'
  | 'checking'
  /** Watched, but not looked up yet. */
  | 'not-checked';

/**
 * The row state of each view state. A view state added to TabView must be named here (the
 * Record type requires it), with a message `sitesState_<state>` in locales/…/sites.json.
 */
export const STATE_OF_VIEW: Record<TabViewStatus, SiteState> = {
  loading: 'checking',
  report: 'fresh',
  'no-report': 'no-report',
  unavailable: 'unavailable',
  busy: 'busy',
  'service-moved': 'service-moved',
  'service-not-permitted': 'service-not-permitted',
  'invalid-response': 'invalid',
  rejected: 'rejected',
  'not-looked-up': 'not-looked-up',
};

export const TIERS: readonly IssueTier[] = ['essential', 'recommended', 'bonus'];

export type { IssueCounts };

export interface SiteRow {
  /** The origin, the row's key. */
  site: string;
  /** What the user reads: the host (with a port when not the default). */
  host: string;
  /** Rounded; null without a report or without a score. */
  score: number | null;
  /** Null without a report. */
  band: ScoreBandId | null;
  label: string | null;
  /** Rounded score minus the previous scan's, from the local history. */
  change: number | null;
  /** The report's `scanned_at`, as the service wrote it. */
  scannedAt: string | null;
  /** `scannedAt` as epoch ms, for sorting. */
  scannedAtMs: number | null;
  issues: IssueCounts | null;
  state: SiteState;
  watched: boolean;
  /**
   * When the kept answer arrived. The report itself is not in the row: the page reads it for
   * the sites it shows in full (lib/ui/use-kept-reports.ts).
   */
  receivedAt: number | null;
}

export function hostOf(site: string): string {
  try {
    return new URL(site).host;
  } catch {
    return site;
  }
}

/** A row for a site with nothing kept (a watched site not looked up yet, a site asked for by address). */
export const emptyRow = (site: string, watched: boolean): SiteRow => ({
  site,
  host: hostOf(site),
  score: null,
  band: null,
  label: null,
  change: null,
  scannedAt: null,
  scannedAtMs: null,
  issues: null,
  state: 'not-checked',
  watched,
  receivedAt: null,
});

/** A watched site's last scheduled lookup, when it ended in anything but an answer, wins. */
function stateAfterWatch(state: SiteState, watch: WatchRecord | undefined, receivedAt: number) {
  if (watch?.status === undefined || watch.checkedAt === null) return state;
  const watchState = STATE_OF_VIEW[watch.status] ?? state;
  const answered = watchState === 'fresh' || watchState === 'no-report';
  return !answered && watch.checkedAt > receivedAt ? watchState : state;
}

/** Whether a report is kept for the row's site (a row without one has no band). */
export const keepsReport = (row: SiteRow) => row.band !== null;

export function buildSiteRows(input: {
  answers: readonly ListedSite[];
  scans: Readonly<Record<string, readonly ScoreRecord[]>>;
  watched: Readonly<Record<string, WatchRecord>>;
}): SiteRow[] {
  const rows = new Map<string, SiteRow>();
  for (const answer of input.answers) {
    const watch = input.watched[answer.origin];
    const row = emptyRow(answer.origin, watch !== undefined);
    row.receivedAt = answer.receivedAt;
    if (answer.kind === 'report') {
      const { score, scannedAt } = answer;
      row.score = score === null ? null : roundScore(score);
      row.band = scoreBandFor(score).id;
      row.label = answer.label;
      row.change =
        scannedAt === null
          ? null
          : (scoreChangeFor(input.scans[answer.origin] ?? [], { score, scanned_at: scannedAt })
              ?.delta ?? null);
      row.scannedAt = scannedAt;
      row.scannedAtMs = scannedAt === null ? null : parseTime(scannedAt);
      row.issues = answer.issues;
      row.state = answer.fresh ? 'fresh' : 'stale';
    } else {
      row.state = 'no-report';
    }
    row.state = stateAfterWatch(row.state, watch, answer.receivedAt);
    rows.set(row.site, row);
  }
  for (const [site, watch] of Object.entries(input.watched)) {
    if (rows.has(site)) continue;
    const row = emptyRow(site, true);
    if (watch.checkedAt !== null && watch.status !== undefined) {
      row.state = STATE_OF_VIEW[watch.status] ?? 'not-checked';
    }
    rows.set(site, row);
  }
  return [...rows.values()];
}
