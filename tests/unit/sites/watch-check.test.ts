import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ScanReport } from '../../../lib/contract/report-schema';
import { DEFAULT_SERVICE_BASE_URL } from '../../../lib/contract/service-base-url';
import { checksOf, type ScoreRecord } from '../../../lib/history/scan-record';
import { NO_POLICY } from '../../../lib/settings/managed-policy';
import { applyPolicy, DEFAULT_SETTINGS } from '../../../lib/settings/settings';
import { afterLookup, runStoredWatchRound, type WatchChange } from '../../../lib/sites/watch-check';
import { newWatchRecord, WATCH_LIST_RECORD, type WatchList } from '../../../lib/sites/watch-list';
import { createStore } from '../../../lib/storage/store';
import type { TabView } from '../../../lib/tabs/tab-view';
import { ALL_RECORDS } from '../../../lib/worker/stored-records';
import { FIXTURE_ORIGINS, fixtureReports } from '../../../reference-server/fixtures/reports';
import { RESCANNED_ORIGIN, rescannedScans } from '../../../reference-server/rescanned-site';

// fixed date: the clock this test passes in, to the code under test and to the fixture reports
const NOW = Date.parse('2026-11-23T08:00:00Z');
const reports = fixtureReports(DEFAULT_SERVICE_BASE_URL, NOW);
const consented = applyPolicy(
  { ...DEFAULT_SETTINGS, lookupMode: 'automatic', lookupModeChosen: true },
  NO_POLICY,
);

const reportView = (report: ScanReport): TabView => ({
  status: 'report',
  origin: new URL(report.target).origin,
  report,
  receivedAt: NOW,
  stale: false,
});

const scanOf = (report: ScanReport): ScoreRecord => ({
  scannedAt: report.scanned_at,
  score: report.score,
  checks: checksOf(report),
});

/** A round's world: the watch list stored, each site's view, settings and score history. */
async function world(
  list: WatchList,
  views: Record<string, TabView>,
  settings = consented,
  history: Record<string, ScoreRecord[]> = {},
) {
  fakeBrowser.reset();
  const store = createStore({ records: ALL_RECORDS, warn: () => {} });
  await store.update(WATCH_LIST_RECORD, () => list);
  const saved = () => store.read(WATCH_LIST_RECORD);
  const notices: WatchChange[] = [];
  const errors: unknown[] = [];
  const showSite = vi.fn(async (site: string) => views[site] ?? reportView(reports.mid));
  const readAllScans = vi.fn(async () => history);
  const deps = {
    store,
    readSettings: async () => settings,
    showSite,
    readAllScans,
    notify: async (change: WatchChange) => {
      notices.push(change);
    },
    now: () => NOW,
    onError: (error: unknown) => {
      errors.push(error);
    },
  };
  return { deps, saved, notices, showSite, readAllScans, errors };
}

describe('a watched site after its scheduled lookup', () => {
  it('starts its record silently with the first report', () => {
    const { record, change } = afterLookup(
      FIXTURE_ORIGINS.high,
      newWatchRecord(NOW - 1),
      reportView(reports.high),
      NOW,
    );
    expect(change).toBeNull();
    expect(record).toMatchObject({ seenReport: true, score: 92, checkedAt: NOW, status: 'report' });
    expect(record.failed).toEqual(
      reports.high.issues
        .filter((i) => i.result === 'failed')
        .map((i) => i.id)
        .sort(),
    );
  });

  it('tells a change of score with the old and new values', () => {
    const first = afterLookup(FIXTURE_ORIGINS.mid, newWatchRecord(0), reportView(reports.mid), 1);
    const lower = { ...reports.mid, score: 12 };
    const { change } = afterLookup(FIXTURE_ORIGINS.mid, first.record, reportView(lower), 2);
    expect(change).toEqual({
      site: FIXTURE_ORIGINS.mid,
      oldScore: first.record.score,
      newScore: 12,
      oldFailed: first.record.failed.length,
      newFailed: first.record.failed.length,
    });
  });

  it('tells a change of failed checks even at the same score, and nothing when all is the same', () => {
    const first = afterLookup(FIXTURE_ORIGINS.mid, newWatchRecord(0), reportView(reports.mid), 1);
    const same = afterLookup(FIXTURE_ORIGINS.mid, first.record, reportView(reports.mid), 2);
    expect(same.change).toBeNull();
    const fixed = {
      ...reports.mid,
      issues: reports.mid.issues.filter((i) => i.result !== 'failed'),
    };
    const { change } = afterLookup(FIXTURE_ORIGINS.mid, first.record, reportView(fixed), 3);
    expect(change).toMatchObject({ newFailed: 0 });
    expect(change?.oldFailed).toBeGreaterThan(0);
  });

  it('keeps the old values when the lookup did not end in a report', () => {
    const first = afterLookup(FIXTURE_ORIGINS.mid, newWatchRecord(0), reportView(reports.mid), 1);
    const down: TabView = { status: 'unavailable', origin: 'x', cause: 'service', retryAt: null };
    const { record, change } = afterLookup(FIXTURE_ORIGINS.mid, first.record, down, 2);
    expect(change).toBeNull();
    expect(record).toMatchObject({
      status: 'unavailable',
      score: first.record.score,
      checkedAt: 2,
    });
  });
});

describe('a round over the watch list', () => {
  const list = {
    [FIXTURE_ORIGINS.mid]: newWatchRecord(0),
    [FIXTURE_ORIGINS.low]: newWatchRecord(0),
  };

  it('shows every watched site through showSite and saves what it saw', async () => {
    const { deps, saved, showSite } = await world(list, {});
    expect(await runStoredWatchRound(deps)).toBe(2);
    expect(showSite.mock.calls.map(([site]) => site)).toEqual(Object.keys(list));
    const records = Object.entries(await saved());
    expect(records.map(([site, record]) => [site, record.checkedAt])).toEqual(
      Object.keys(list).map((site) => [site, NOW]),
    );
  });

  it('looks nothing up before the user said yes to automatic lookups', async () => {
    const { deps, showSite } = await world(list, {}, applyPolicy(DEFAULT_SETTINGS, NO_POLICY));
    expect(await runStoredWatchRound(deps)).toBe(0);
    expect(showSite).not.toHaveBeenCalled();
  });

  it('looks nothing up when the policy turned the watch list off or forces on-click', async () => {
    for (const policy of [
      { ...NO_POLICY, disableWatchList: true },
      { ...NO_POLICY, forceOnClick: true },
    ]) {
      const settings = applyPolicy({ ...consented }, policy);
      const { deps, showSite } = await world(list, {}, settings);
      expect(await runStoredWatchRound(deps)).toBe(0);
      expect(showSite).not.toHaveBeenCalled();
    }
  });

  it('does not look up a watched site under a paused domain, and notes it as paused', async () => {
    const paused = applyPolicy(
      { ...consented, pausedDomains: [new URL(FIXTURE_ORIGINS.high).hostname] },
      { ...NO_POLICY, neverLookUpDomains: [new URL(FIXTURE_ORIGINS.low).hostname] },
    );
    const list = {
      [FIXTURE_ORIGINS.high]: newWatchRecord(1),
      [FIXTURE_ORIGINS.mid]: newWatchRecord(1),
      [FIXTURE_ORIGINS.low]: newWatchRecord(1),
    };
    const { deps, saved, showSite } = await world(list, {}, paused);
    expect(await runStoredWatchRound(deps)).toBe(1);
    expect(showSite.mock.calls.map(([site]) => site)).toEqual([FIXTURE_ORIGINS.mid]);
    const records = await saved();
    expect(records[FIXTURE_ORIGINS.high]?.status).toBe('not-looked-up');
    expect(records[FIXTURE_ORIGINS.low]?.status).toBe('not-looked-up');
  });

  it.each<[string, TabView]>([
    ['could not answer', { status: 'unavailable', origin: 'x', cause: 'service', retryAt: NOW }],
    ['may not be reached', { status: 'service-not-permitted', origin: 'x', serviceHost: 'h' }],
  ])('stops at the first site the service %s', async (_, down) => {
    const { deps, showSite } = await world(list, { [FIXTURE_ORIGINS.mid]: down });
    expect(await runStoredWatchRound(deps)).toBe(1);
    expect(showSite).toHaveBeenCalledTimes(1);
  });

  it('saves nothing a round begun before a clear of local data learns after it', async () => {
    const { deps, saved } = await world(list, {});
    deps.showSite.mockImplementationOnce(async (origin: string) => {
      await deps.store.clearLocalData();
      return { status: 'unavailable', origin, cause: 'service', retryAt: null };
    });
    expect(await runStoredWatchRound(deps)).toBe(1);
    expect(await saved()).toEqual({});
    expect(await fakeBrowser.storage.local.get(WATCH_LIST_RECORD.key)).toEqual({});
  });

  it('notifies a change against the stored record', async () => {
    const seen = afterLookup(FIXTURE_ORIGINS.mid, newWatchRecord(0), reportView(reports.mid), 1);
    const changed = { ...reports.mid, score: 99 };
    const { deps, notices } = await world(
      { [FIXTURE_ORIGINS.mid]: seen.record },
      { [FIXTURE_ORIGINS.mid]: reportView(changed) },
    );
    await runStoredWatchRound(deps);
    expect(notices).toEqual([
      expect.objectContaining({
        site: FIXTURE_ORIGINS.mid,
        oldScore: seen.record.score,
        newScore: 99,
      }),
    ]);
  });

  describe('what changed check by check', () => {
    const [first, second] = rescannedScans('http://127.0.0.1:8787', NOW);
    const seen = afterLookup(RESCANNED_ORIGIN, newWatchRecord(0), reportView(first), 1);
    const roundOnSecond = (history: ScoreRecord[]) =>
      world(
        { [RESCANNED_ORIGIN]: seen.record },
        { [RESCANNED_ORIGIN]: reportView(second) },
        consented,
        { [RESCANNED_ORIGIN]: history },
      );

    // The lookup records its report without waiting, so a round may find it in the history
    // already, or not yet.
    it.each([
      ['before the new scan is recorded', [scanOf(first)]],
      ['after the new scan is recorded', [scanOf(first), scanOf(second)]],
    ])('tells the checks changed since the previous scan in the history, %s', async (_, history) => {
      const { deps, notices } = await roundOnSecond(history);
      await runStoredWatchRound(deps);
      expect(notices).toHaveLength(1);
      const { checks } = notices[0] ?? {};
      if (checks?.kind !== 'changes') throw new Error(`a list of changes, not ${checks?.kind}`);
      expect(checks.previousScannedAt).toBe(Date.parse(first.scanned_at));
      expect(checks.fixed.map((check) => check.name)).toEqual(['Sitemap']);
      expect(checks.new.map((check) => check.name)).toEqual(['Markdown negotiation']);
      expect(checks.worse.map((check) => check.name)).toEqual(['Structured data (JSON-LD)']);
      expect(checks.better).toEqual([]);
    });

    it("reads the other sites' scans to tell a check the service began from the site's", async () => {
      // Another site, scanned between the two, lists the second scan's new check as well.
      const between = new Date((Date.parse(first.scanned_at) + Date.parse(second.scanned_at)) / 2);
      const other = { ...scanOf(second), scannedAt: between.toISOString() };
      const { deps, notices } = await world(
        { [RESCANNED_ORIGIN]: seen.record },
        { [RESCANNED_ORIGIN]: reportView(second) },
        consented,
        { [RESCANNED_ORIGIN]: [scanOf(first)], [FIXTURE_ORIGINS.high]: [other] },
      );
      await runStoredWatchRound(deps);
      expect(notices[0]?.checks).toMatchObject({
        kind: 'changes',
        new: [],
        method: { began: [{ name: 'Markdown negotiation' }], stopped: [] },
      });
    });

    it('says a first scan when the history holds no earlier one', async () => {
      const { deps, notices } = await roundOnSecond([scanOf(second)]);
      await runStoredWatchRound(deps);
      expect(notices.map((notice) => notice.checks)).toEqual([{ kind: 'first-scan' }]);
    });

    it('still notifies when the history cannot be read, without the checks', async () => {
      const { deps, notices, readAllScans, errors } = await roundOnSecond([]);
      const failure = new Error('storage gone');
      readAllScans.mockRejectedValueOnce(failure);
      await runStoredWatchRound(deps);
      expect(notices.map((notice) => notice.checks)).toEqual([{ kind: 'unknown' }]);
      expect(errors).toEqual([failure]);
    });

    it('reads no history when nothing changed', async () => {
      const { deps, notices, readAllScans } = await world(
        { [RESCANNED_ORIGIN]: seen.record },
        { [RESCANNED_ORIGIN]: reportView(first) },
      );
      await runStoredWatchRound(deps);
      expect(notices).toEqual([]);
      expect(readAllScans).not.toHaveBeenCalled();
    });
  });
});
