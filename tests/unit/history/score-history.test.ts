import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SERVICE_BASE_URL } from '../../../lib/contract/service-base-url';
import {
  checksOf,
  MAX_CHECK_ID_LENGTH,
  MAX_CHECK_NAME_LENGTH,
  MAX_CHECKS_PER_SCAN,
} from '../../../lib/history/scan-record';
import {
  BYTES_PER_PART,
  createScoreHistory,
  HISTORY_PART_IDS,
  historyPartOf,
  readAllScans,
  SCANS_PER_SITE,
  SCORE_HISTORY_RECORD,
  type ScoreHistory,
  SEEN_REFRESH_MS,
  SITES_PER_PART,
  scoreChangeFor,
  withScan,
} from '../../../lib/history/score-history';
import type { LookupOutcome } from '../../../lib/service/lookup-outcome';
import { STORAGE_VERSIONS_RECORD } from '../../../lib/storage/migrate-store';
import { keyOf } from '../../../lib/storage/record';
import { createStore, type Store } from '../../../lib/storage/store';
import { ALL_RECORDS } from '../../../lib/worker/stored-records';
import { fixtureReports, issue } from '../../../reference-server/fixtures/reports';
import { askingThrough } from '../support/asking-through';

// fixed date: the clock this test gives the fixture reports; their scans are ages before it
const NOW = Date.parse('2026-11-22T09:30:00Z');

const reports = fixtureReports(DEFAULT_SERVICE_BASE_URL, NOW);
const SITE = 'http://mid.readiness-fixtures.com';
const scansOf = async (history: ScoreHistory, site: string) =>
  (await history.allScans())[site] ?? [];
const day = (n: number) => `2026-10-${String(n).padStart(2, '0')}T09:00:00Z`;
const MID_CHECKS = {
  listed: [
    {
      id: 'agent-friendly-404',
      name: 'Agent-friendly 404 pages',
      tier: 'essential',
      result: 'failed',
    },
    { id: 'json-ld', name: 'Structured data (JSON-LD)', tier: 'essential', result: 'partial' },
    { id: 'openapi-spec', name: 'OpenAPI description', tier: 'recommended', result: 'failed' },
    { id: 'mcp-server', name: 'MCP server', tier: 'bonus', result: 'failed' },
  ],
  eligible: 21,
  tiers: ['essential', 'recommended'],
  // How the mid fixture's tiers were counted.
  buckets: { essential: { available: 80, total: 12 }, recommended: { available: 20, total: 5 } },
};
const ISSUE = issue('sitemap', 'essential', 'failed', 'Sitemap', null, null);
const scan = (n: number, score: number | null) => ({ ...reports.mid, scanned_at: day(n), score });
/** The storage key of the part that keeps `site`. */
const partKey = (site: string) => keyOf(SCORE_HISTORY_RECORD, historyPartOf(site));
/** `count` sites that share SITE's part, named `https://s<n>.example.com`. */
function sitesOfOnePart(count: number): string[] {
  const sites: string[] = [];
  for (let n = 0; sites.length < count; n += 1) {
    const site = `https://s${n}.example.com`;
    if (historyPartOf(site) === historyPartOf(SITE)) sites.push(site);
  }
  return sites;
}

describe('score history', () => {
  let store: Store;
  beforeEach(() => {
    fakeBrowser.reset();
    store = createStore({ records: ALL_RECORDS, warn: () => {} });
  });

  it('records one entry per scan: the same report fetched again adds nothing', async () => {
    const history = createScoreHistory({ store, now: () => 1 });
    await history.record(SITE, { ...reports.mid, ...scan(1, 60) });
    await history.record(SITE, { ...reports.mid, ...scan(1, 60) });
    await history.record(SITE, { ...reports.mid, ...scan(3, 68.4) });
    expect(await scansOf(history, SITE)).toEqual([
      { scannedAt: day(1), score: 60, checks: MID_CHECKS },
      { scannedAt: day(3), score: 68.4, checks: MID_CHECKS },
    ]);
    expect(await scansOf(history, 'http://other.example.com')).toEqual([]);
    // What the worker wrote, a page reads.
    expect(await readAllScans()).toEqual(await history.allScans());
  });

  it('keeps concurrent records of different sites (those sharing a part written in turn)', async () => {
    const history = createScoreHistory({ store, now: () => 1 });
    const sites = Array.from({ length: 20 }, (_, i) => `https://site-${i}.example.com`);
    await Promise.all(sites.map((site) => history.record(site, reports.mid)));
    for (const site of sites) expect(await scansOf(history, site)).toHaveLength(1);
  });

  it('rewrites nothing for a recorded scan seen within a day, and notes it as seen after that', () => {
    const stored = withScan({}, SITE, scan(1, 60), NOW);
    expect(withScan(stored, SITE, scan(1, 60), NOW + SEEN_REFRESH_MS - 1)).toBe(stored);
    const later = withScan(stored, SITE, scan(1, 60), NOW + SEEN_REFRESH_MS);
    expect(later).not.toBe(stored);
    expect(later[SITE]?.seen).toBe(NOW + SEEN_REFRESH_MS);
    expect(later[SITE]?.scans).toEqual(stored[SITE]?.scans);
  });

  it(`keeps the last ${SCANS_PER_SITE} scans of a site`, () => {
    let stored = {};
    for (let n = 1; n <= SCANS_PER_SITE + 3; n += 1) stored = withScan(stored, SITE, scan(n, n), n);
    const scans = (stored as Record<string, { scans: { scannedAt: string }[] }>)[SITE]?.scans;
    expect(scans).toHaveLength(SCANS_PER_SITE);
    expect(scans?.[0]?.scannedAt).toBe(day(4));
  });

  it(`keeps ${SITES_PER_PART} sites in a part, the least recently seen out first`, () => {
    const sites = sitesOfOnePart(SITES_PER_PART + 2);
    let stored = {};
    for (const [n, site] of sites.slice(0, SITES_PER_PART + 1).entries()) {
      stored = withScan(stored, site, scan(1, 50), n);
    }
    // The first site is seen again before the overflow: the second is now the least recently seen.
    stored = withScan(stored, sites[0] as string, scan(2, 50), SITES_PER_PART + 1);
    const newest = sites[SITES_PER_PART + 1] as string;
    stored = withScan(stored, newest, scan(1, 50), SITES_PER_PART + 2);
    const kept = Object.keys(stored);
    expect(kept).toHaveLength(SITES_PER_PART);
    expect(kept).toContain(sites[0]);
    expect(kept).not.toContain(sites[1]);
    expect(kept).not.toContain(sites[2]);
    expect(kept).toContain(newest);
  });

  it(`keeps a part within ${BYTES_PER_PART} bytes, the least recently seen out first`, () => {
    // Reports listing as many checks as a scan keeps, with long names: the bytes bind first.
    const many = Array.from({ length: MAX_CHECKS_PER_SCAN }, (_, n) =>
      issue(
        `check-${n}`,
        'essential',
        'failed',
        `${'A long check name '.repeat(4)}${n}`,
        null,
        null,
      ),
    );
    const big = (n: number) => ({ ...scan(n, 50), issues: many });
    const sites = sitesOfOnePart(6);
    let stored = {};
    let seen = 0;
    for (const site of sites) {
      for (let n = 1; n <= 2; n += 1) {
        seen += 1;
        stored = withScan(stored, site, big(n), seen);
      }
    }
    const kept = Object.keys(stored);
    expect(JSON.stringify(stored).length).toBeLessThanOrEqual(BYTES_PER_PART);
    expect(kept.length).toBeLessThan(sites.length);
    // The newest sites stay, the oldest went.
    expect(kept).toContain(sites.at(-1));
    expect(kept).not.toContain(sites[0]);
    // Seeing a kept site again adds nothing, and evicts nothing.
    const again = withScan(stored, sites.at(-1) as string, big(2), seen + 1);
    expect(Object.keys(again)).toEqual(kept);
  });

  it("writes a new scan into its site's part only", async () => {
    const other = HISTORY_PART_IDS.map((id) => `https://p${id}.example.com`).find(
      (site) => historyPartOf(site) !== historyPartOf(SITE),
    ) as string;
    const history = createScoreHistory({ store, now: () => 1 });
    await history.record(other, reports.mid);
    const before = await fakeBrowser.storage.local.get(partKey(other));
    await history.record(SITE, reports.mid);
    expect(await fakeBrowser.storage.local.get(partKey(other))).toEqual(before);
    const part = (await fakeBrowser.storage.local.get(partKey(SITE)))[partKey(SITE)];
    // Kept as text: a page reads the parts many times faster so.
    expect(Object.keys(JSON.parse(part as string))).toEqual([SITE]);
    expect(Object.keys(await readAllScans()).sort()).toEqual([SITE, other].sort());
  });

  it('splits a history kept whole (version 2) into its parts at start, every site kept', async () => {
    const whole = Object.fromEntries(
      Array.from({ length: 40 }, (_, n) => [
        `https://w${n}.example.com`,
        { seen: n, scans: [{ scannedAt: day(1), score: n, checks: null }] },
      ]),
    );
    // A part already there (a release the user went back from wrote it) keeps its sites.
    const kept = { seen: 100, scans: [{ scannedAt: day(3), score: 90, checks: null }] };
    await fakeBrowser.reset();
    await fakeBrowser.storage.local.set({
      'score-history': { ...whole, [SITE]: { seen: 1, scans: [] } },
      [partKey(SITE)]: { [SITE]: kept },
      [STORAGE_VERSIONS_RECORD.key]: { 'score-history': 2 },
    });
    const migrated = createStore({ records: ALL_RECORDS, warn: () => {} });
    await migrated.ready;
    const stored = await fakeBrowser.storage.local.get(null);
    expect(stored['score-history']).toBeUndefined();
    const scans = await readAllScans();
    expect(Object.keys(scans)).toHaveLength(41);
    expect(scans['https://w7.example.com']).toEqual([
      { scannedAt: day(1), score: 7, checks: null },
    ]);
    expect(scans[SITE]).toEqual(kept.scans);
    expect(stored[STORAGE_VERSIONS_RECORD.key]).toMatchObject({ 'score-history': 3 });
  });

  it('ignores what it cannot read in storage instead of failing, keeping the readable sites', async () => {
    const [GOOD, BROKEN] = sitesOfOnePart(2) as [string, string];
    await fakeBrowser.storage.local.set({
      [partKey(GOOD)]: {
        [GOOD]: { seen: 1, scans: [{ scannedAt: day(2), score: 70, checks: null }] },
        [BROKEN]: 'nonsense',
      },
    });
    const history = createScoreHistory({ store, now: () => 2 });
    expect(await scansOf(history, GOOD)).toEqual([{ scannedAt: day(2), score: 70, checks: null }]);
    expect(await scansOf(history, BROKEN)).toEqual([]);
    await history.record(BROKEN, reports.mid);
    expect(await scansOf(history, BROKEN)).toHaveLength(1);
    expect(await scansOf(history, GOOD)).toEqual([{ scannedAt: day(2), score: 70, checks: null }]);
  });

  it('keeps the readable scans of a site that has one damaged scan', async () => {
    await fakeBrowser.storage.local.set({
      [partKey(SITE)]: {
        [SITE]: {
          seen: 1,
          scans: [
            { scannedAt: day(1), score: 'high' },
            { scannedAt: day(2), score: 70 },
          ],
        },
      },
    });
    const history = createScoreHistory({ store, now: () => 2 });
    // A scan of version 1 (no checks) among them reads with its checks unknown.
    expect(await scansOf(history, SITE)).toEqual([{ scannedAt: day(2), score: 70, checks: null }]);
  });

  it('reads a version-1 history (scores only) with every check list unknown, never empty', async () => {
    await fakeBrowser.storage.local.set({
      [partKey(SITE)]: {
        [SITE]: { seen: 1, scans: [{ scannedAt: day(2), score: 70 }] },
      },
    });
    expect((await readAllScans())[SITE] ?? []).toEqual([
      { scannedAt: day(2), score: 70, checks: null },
    ]);
  });

  it('keeps what each scan checked within bounds: names cut, too many checks or a long id unknown', () => {
    const named = (count: number, name = 'A check') =>
      Array.from({ length: count }, (_, i) => ({
        ...ISSUE,
        id: `check-${i}`,
        name,
      }));
    const longName = checksOf({ ...reports.mid, issues: named(1, 'n'.repeat(500)) });
    expect(longName?.listed[0]?.name).toHaveLength(MAX_CHECK_NAME_LENGTH);
    expect(longName?.listed[0]?.name.endsWith('…')).toBe(true);
    expect(checksOf({ ...reports.mid, issues: named(MAX_CHECKS_PER_SCAN) })?.listed).toHaveLength(
      MAX_CHECKS_PER_SCAN,
    );
    expect(checksOf({ ...reports.mid, issues: named(MAX_CHECKS_PER_SCAN + 1) })).toBeNull();
    const longId = { ...ISSUE, id: 'x'.repeat(MAX_CHECK_ID_LENGTH + 1) };
    expect(checksOf({ ...reports.mid, issues: [longId] })).toBeNull();
    // Listed twice, kept once; no checks listed is a known, empty list.
    const twice = checksOf({ ...reports.mid, issues: [...named(1), ...named(1)] });
    expect(twice?.listed).toHaveLength(1);
    expect(checksOf({ ...reports.mid, issues: [] })).toEqual({ ...MID_CHECKS, listed: [] });
  });

  it('lives in local storage under its own keys, outside the settings', async () => {
    await createScoreHistory({ store, now: () => 1 }).record(SITE, reports.mid);
    const local = await fakeBrowser.storage.local.get(null);
    expect(Object.keys(local).filter((key) => key !== STORAGE_VERSIONS_RECORD.key)).toEqual([
      partKey(SITE),
    ]);
  });
});

describe('scoreChangeFor', () => {
  it('compares the rounded score with the newest earlier scan', () => {
    const scans = [
      { scannedAt: day(1), score: 40 },
      { scannedAt: day(3), score: 66.6 },
      { scannedAt: day(9), score: 74.5 },
    ];
    expect(scoreChangeFor(scans, scan(9, 74.5))).toEqual({
      delta: 8,
      previousScannedAt: Date.parse(day(3)),
    });
  });

  it('reports an unchanged score as a change of 0', () => {
    expect(scoreChangeFor([{ scannedAt: day(1), score: 70 }], scan(2, 70.2))?.delta).toBe(0);
  });

  it.each([
    ['no earlier scan', [{ scannedAt: day(5), score: 70 }], scan(5, 70)],
    ['only later scans', [{ scannedAt: day(8), score: 70 }], scan(5, 70)],
    ['no current score', [{ scannedAt: day(1), score: 70 }], scan(5, null)],
    ['no earlier score', [{ scannedAt: day(1), score: null }], scan(5, 70)],
  ])('is null with %s', (_case, scans, report) => {
    expect(scoreChangeFor(scans, report)).toBeNull();
  });
});

describe('the score history of the reports that arrive', () => {
  const report: LookupOutcome = {
    kind: 'report',
    report: reports.mid,
    response: { status: 200, headers: {} },
  };
  const noErrors = { epoch: () => 0, onError: () => {} };

  beforeEach(() => fakeBrowser.reset());

  it('records reports, with the epoch the lookup began in, and passes every outcome through unchanged', async () => {
    const record = vi.fn(async () => {});
    const lookUp = askingThrough(
      async () => report,
      { history: { record } },
      { ...noErrors, epoch: () => 3 },
    );
    expect(await lookUp(SITE)).toBe(report);
    await vi.waitFor(() => expect(record).toHaveBeenCalledWith(SITE, reports.mid, 3));
    const notFound: LookupOutcome = { kind: 'timeout', timeoutMs: 8000 };
    expect(await askingThrough(async () => notFound, { history: { record } }, noErrors)(SITE)).toBe(
      notFound,
    );
    expect(record).toHaveBeenCalledTimes(1);
  });

  it('still returns the report when recording fails, and reports the failure', async () => {
    const onError = vi.fn();
    const failure = new Error('quota');
    const lookUp = askingThrough(
      async () => report,
      { history: { record: () => Promise.reject(failure) } },
      { epoch: () => 0, onError },
    );
    expect(await lookUp(SITE)).toBe(report);
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(failure));
  });

  it('adds nothing for a report whose request left before "clear all local data"', async () => {
    const store = createStore({ records: ALL_RECORDS, warn: () => {} });
    const history = createScoreHistory({ store, now: () => 1 });
    const onError = vi.fn();
    const answers: ((outcome: LookupOutcome) => void)[] = [];
    const lookUp = askingThrough(
      () => new Promise<LookupOutcome>((resolve) => answers.push(resolve)),
      { history },
      { epoch: () => store.epoch(), onError },
    );
    /** Looks the site up, answering once the request has left, after `meanwhile`. */
    const answered = async (meanwhile: () => Promise<unknown>) => {
      const asked = lookUp(SITE);
      await vi.waitFor(() => expect(answers).toHaveLength(1));
      await meanwhile();
      answers.shift()?.(report);
      await asked;
      // The record is made in the store's queue: settle it before looking.
      await vi.waitFor(() =>
        store.update(SCORE_HISTORY_RECORD, (kept) => kept, { id: historyPartOf(SITE) }),
      );
    };
    await answered(() => store.clearLocalData());
    expect((await readAllScans())[SITE] ?? []).toEqual([]);
    expect(await fakeBrowser.storage.local.get(partKey(SITE))).toEqual({});
    // The next lookup, begun after the clear, is recorded.
    await answered(async () => {});
    await vi.waitFor(async () => expect((await readAllScans())[SITE] ?? []).toHaveLength(1));
    expect(onError).not.toHaveBeenCalled();
  });
});
