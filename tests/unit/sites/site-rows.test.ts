import { describe, expect, it } from 'vitest';
import type { ListedSite } from '../../../lib/cache/cache-listing';
import { issueCounts } from '../../../lib/cache/cache-records';
import type { ScanReport } from '../../../lib/contract/report-schema';
import { DEFAULT_SERVICE_BASE_URL } from '../../../lib/contract/service-base-url';
import { buildSiteRows, withScoreChanges } from '../../../lib/sites/site-rows';
import { newWatchRecord } from '../../../lib/sites/watch-list';
import { STATUS_TRAITS } from '../../../lib/tabs/status-traits';
import {
  FIXTURE_ORIGINS,
  fixtureReports,
  UNSCANNED_ORIGIN,
} from '../../../reference-server/fixtures/reports';
import { listedReport } from '../../fixtures/site-rows';

// fixed date: the clock this test passes in, to the code under test and to the fixture reports
const RECEIVED = Date.parse('2026-11-20T10:00:00Z');
const reports = fixtureReports(DEFAULT_SERVICE_BASE_URL, RECEIVED);
/** The clock the rows' ages are read by, and the default setting. */
const AGE = { now: RECEIVED, oldReportDays: '30' } as const;

const reportAnswer = (report: ScanReport, { fresh = true } = {}): ListedSite =>
  listedReport(new URL(report.target).origin, report, { receivedAt: RECEIVED, fresh });

const noReportAnswer: ListedSite = {
  origin: UNSCANNED_ORIGIN,
  kind: 'no-report',
  receivedAt: RECEIVED,
  freshUntil: RECEIVED + 300_000,
  usableUntil: RECEIVED + 300_000,
  score: null,
  label: null,
  scannedAt: null,
  issues: null,
  fresh: true,
};

describe('the sites table rows', () => {
  it("read each report's age by the clock and the setting", () => {
    const ahead = {
      ...reports.mid,
      target: 'http://ahead.readiness-fixtures.com/',
      scanned_at: new Date(RECEIVED + 600_000).toISOString(),
    };
    const answers = [reports.low, reports.mid, ahead].map((report) => reportAnswer(report));
    const ages = (oldReportDays: '30' | '90' | 'never') =>
      buildSiteRows({ answers, watched: {}, now: RECEIVED, oldReportDays }).map((row) => row.age);
    // The low report is 111 days old, the mid one 3 days.
    expect(ages('30')).toEqual(['old', 'recent', 'ahead']);
    expect(ages('90')).toEqual(['old', 'recent', 'ahead']);
    expect(ages('never')).toEqual(['recent', 'recent', 'ahead']);
  });

  it('turn a kept report into site, rounded score, band, label, scan and counts per tier', () => {
    const [row] = buildSiteRows({
      ...AGE,
      answers: [reportAnswer(reports.high)],
      watched: {},
    });
    expect(row).toMatchObject({
      site: FIXTURE_ORIGINS.high,
      host: 'high.readiness-fixtures.com',
      score: 92,
      band: 'strong',
      label: 'A',
      scannedAt: reports.high.scanned_at,
      status: 'fresh',
      watched: false,
    });
    expect(row?.issues).toEqual(issueCounts(reports.high));
    const total = Object.values(row?.issues ?? {}).reduce((n, c) => n + c.failed + c.partial, 0);
    expect(total).toBe(reports.high.issues.length);
  });

  it('count failed and partial checks per tier', () => {
    const counts = issueCounts(reports.manyIssues);
    for (const tier of ['essential', 'recommended', 'bonus'] as const) {
      const inTier = reports.manyIssues.issues.filter((issue) => issue.tier === tier);
      expect(counts[tier].failed).toBe(inTier.filter((i) => i.result === 'failed').length);
      expect(counts[tier].partial).toBe(inTier.filter((i) => i.result === 'partial').length);
    }
  });

  it('say stale once the kept report needs a lookup, and "no report" for a kept 404', () => {
    const rows = buildSiteRows({
      ...AGE,
      answers: [reportAnswer(reports.mid, { fresh: false }), noReportAnswer],
      watched: {},
    });
    expect(rows.map((row) => [row.site, row.status, row.band])).toEqual([
      [FIXTURE_ORIGINS.mid, 'stale', 'fair'],
      [UNSCANNED_ORIGIN, 'no-report', null],
    ]);
  });

  it('give the change since the previous scan from the local history', () => {
    const daysBefore = (days: number) => new Date(RECEIVED - days * 86_400_000).toISOString();
    const report = { ...reports.mid, scanned_at: daysBefore(1), score: 70 };
    const rows = buildSiteRows({ ...AGE, answers: [reportAnswer(report)], watched: {} });
    expect(rows[0]?.change).toBeNull();
    const [row] = withScoreChanges(rows, {
      [FIXTURE_ORIGINS.mid]: [{ scannedAt: daysBefore(19), score: 61.6, checks: null }],
    });
    expect(row?.change).toBe(8);
  });

  it('list watched sites without a kept answer, and show a later failed watch lookup', () => {
    const watched = {
      [FIXTURE_ORIGINS.mid]: {
        ...newWatchRecord(RECEIVED),
        checkedAt: RECEIVED + 1,
        status: 'unavailable' as const,
      },
      [FIXTURE_ORIGINS.low]: newWatchRecord(RECEIVED),
    };
    const rows = buildSiteRows({
      ...AGE,
      answers: [reportAnswer(reports.mid)],
      watched,
    });
    expect(rows.map((row) => [row.site, row.status, row.watched])).toEqual([
      [FIXTURE_ORIGINS.mid, 'unavailable', true],
      [FIXTURE_ORIGINS.low, 'not-checked', true],
    ]);
  });

  it('show a watched site by how its last scheduled lookup ended, whatever the view state', () => {
    for (const status of Object.keys(STATUS_TRAITS) as (keyof typeof STATUS_TRAITS)[]) {
      const watched = {
        [FIXTURE_ORIGINS.low]: { ...newWatchRecord(RECEIVED), checkedAt: RECEIVED, status },
      };
      const [row] = buildSiteRows({ ...AGE, answers: [], watched });
      expect(row?.status).toBe(STATUS_TRAITS[status].siteStatus);
    }
    const [row] = buildSiteRows({
      ...AGE,
      answers: [],
      watched: {
        [FIXTURE_ORIGINS.low]: {
          ...newWatchRecord(RECEIVED),
          checkedAt: RECEIVED,
          status: 'report',
        },
      },
    });
    expect(row?.status).toBe('fresh');
  });
});
