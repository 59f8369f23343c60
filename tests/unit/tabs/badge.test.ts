import { describe, expect, it } from 'vitest';
import type { ScanReport } from '../../../lib/contract/report-schema';
import { DEFAULT_SERVICE_BASE_URL } from '../../../lib/contract/service-base-url';
import { DEFAULT_SETTINGS } from '../../../lib/settings/settings';
import { badgeFor } from '../../../lib/tabs/badge';
import { SCORE_BANDS, STATE_COLORS, UNSCORED_BAND } from '../../../lib/tabs/score-band';
import type { TabView } from '../../../lib/tabs/tab-view';
import { FIXTURE_ORIGINS, fixtureReports } from '../../../reference-server/fixtures/reports';

// fixed date: the clock this test passes in, to the code under test and to the fixture reports
const NOW = Date.parse('2026-11-22T09:30:00Z');
const reports = fixtureReports(DEFAULT_SERVICE_BASE_URL, NOW);
const origin = FIXTURE_ORIGINS.mid;
const bandColor = (id: string) => SCORE_BANDS.find((band) => band.id === id)?.color;

describe('badgeFor', () => {
  it.each([
    [reports.high, '92', bandColor('strong')],
    [reports.mid, '75', bandColor('fair')],
    [reports.low, '23', bandColor('weak')],
    [reports.noIssues, '100', bandColor('strong')],
  ])('shows the rounded score of $display_target on its band', (report, text, color) => {
    const badge = badgeFor(
      { status: 'report', origin, report, receivedAt: NOW, stale: false },
      NOW,
    );
    expect(badge.text).toBe(text);
    expect(badge.color).toBe(color);
  });

  it('says the score, label, site and age in the title', () => {
    const view: TabView = {
      status: 'report',
      origin,
      report: reports.mid,
      receivedAt: NOW,
      stale: false,
    };
    expect(badgeFor(view, NOW).title).toBe(
      'Agent readiness 75 (B) for mid.readiness-fixtures.com, scanned 3 days ago',
    );
  });

  it.each([
    // More than 5 minutes ahead: its time, no relative age.
    ['an hour ahead of this clock', NOW + 3_600_000, 'scanned Nov 22, 2026, 10:30 AM'],
    ['a minute ahead of this clock', NOW + 60_000, 'scanned now'],
    ['an hour behind this clock', NOW - 3_600_000, 'scanned 1 hour ago'],
  ])('reads a scan time %s sensibly', (_case, scannedAt, expected) => {
    const report = { ...reports.mid, scanned_at: new Date(scannedAt).toISOString() };
    const view: TabView = { status: 'report', origin, report, receivedAt: NOW, stale: false };
    expect(badgeFor(view, NOW).title).toBe(
      `Agent readiness 75 (B) for mid.readiness-fixtures.com, ${expected}`,
    );
  });

  it('says "old report" past the setting, and not before it or with "never"', () => {
    const view: TabView = {
      status: 'report',
      origin,
      report: reports.low,
      receivedAt: NOW,
      stale: false,
    };
    const title = (oldReportDays: '30' | '90' | 'never', stale = false) =>
      badgeFor({ ...view, stale }, NOW, { badgeMode: 'all', oldReportDays }).title;
    const plain = 'Agent readiness 23 (F) for low.readiness-fixtures.com, scanned 3 months ago';
    expect(title('30')).toBe(`${plain} (old report)`);
    expect(title('90', true)).toBe(`${plain} (old report) (saved copy, may be out of date)`);
    expect(title('never')).toBe(plain);
    const mid = { ...view, report: reports.mid };
    expect(badgeFor(mid, NOW, { badgeMode: 'all', oldReportDays: '30' }).title).not.toMatch(/old/);
  });

  it('marks a report without a score distinctly', () => {
    const view: TabView = {
      status: 'report',
      origin,
      report: reports.nullScore,
      receivedAt: NOW,
      stale: false,
    };
    expect(badgeFor(view, NOW)).toMatchObject({ text: 'N/A', color: UNSCORED_BAND.color });
  });

  const nonReportViews: TabView[] = [
    { status: 'loading', origin },
    { status: 'no-report', origin, message: null, scanUrl: null, documentationUrl: null },
    { status: 'unavailable', origin, cause: 'service', retryAt: null },
    { status: 'invalid-response', origin, problem: 'score: too big' },
    { status: 'rejected', origin, message: null },
    { status: 'busy', origin, retryAt: null },
    { status: 'service-moved', origin, message: null, documentationUrl: null },
    { status: 'not-looked-up', reason: 'private-address' },
  ];

  it.each(nonReportViews)('never shows a number for $status', (view) => {
    const badge = badgeFor(view, NOW);
    expect(badge.text).not.toMatch(/\d/);
    expect(badge.title.length).toBeGreaterThan(10);
  });

  it('gives each kind of state its own mark', () => {
    const marks = nonReportViews
      .filter((view) => view.status !== 'rejected')
      .map((view) => badgeFor(view, NOW).text);
    expect(new Set(marks).size).toBe(marks.length);
    expect(marks).toContain('');
  });
});

describe('badgeFor a report served stale', () => {
  const view = (report: ScanReport): TabView => ({
    status: 'report',
    origin,
    report,
    receivedAt: NOW - 3_600_000,
    stale: true,
  });

  it('keeps the score but trades the band colour for the stale colour', () => {
    const badge = badgeFor(view(reports.high), NOW);
    expect(badge.text).toBe('92');
    expect(badge.color).toBe(STATE_COLORS.stale);
    expect(SCORE_BANDS.map((band) => band.color)).not.toContain(STATE_COLORS.stale);
  });

  it('says in the title that the score comes from a saved copy', () => {
    expect(badgeFor(view(reports.mid), NOW).title).toBe(
      'Agent readiness 75 (B) for mid.readiness-fixtures.com, scanned 3 days ago (saved copy, may be out of date)',
    );
  });

  it('marks a stale report without a score in the title only', () => {
    const badge = badgeFor(view(reports.nullScore), NOW);
    expect(badge.text).toBe('N/A');
    expect(badge.title).toMatch(/\(saved copy, may be out of date\)$/);
  });
});

describe('badgeFor titles in words', () => {
  it.each<[TabView, string]>([
    [{ status: 'loading', origin }, 'Looking up agent readiness for mid.readiness-fixtures.com…'],
    [
      { status: 'unavailable', origin, cause: 'timeout', retryAt: null },
      'Agent readiness for mid.readiness-fixtures.com: the report service did not answer in time',
    ],
    [
      { status: 'unavailable', origin, cause: 'network', retryAt: null },
      'Agent readiness for mid.readiness-fixtures.com: the report service could not be reached',
    ],
    [
      { status: 'invalid-response', origin, problem: 'x' },
      "Agent readiness for mid.readiness-fixtures.com: the service's answer could not be read",
    ],
    [
      { status: 'busy', origin, retryAt: null },
      'Agent readiness for mid.readiness-fixtures.com: the report service is limiting lookups from this network for a moment',
    ],
    [
      { status: 'service-moved', origin, message: null, documentationUrl: null },
      'Agent readiness for mid.readiness-fixtures.com: the report service no longer answers at this address',
    ],
    [{ status: 'not-looked-up', reason: 'paused' }, 'Not looked up: paused on this site'],
  ])('says %j in words', (view, title) => {
    expect(badgeFor(view, NOW).title).toBe(title);
  });

  it('says when the scan time cannot be read', () => {
    const report = { ...reports.mid, scanned_at: 'sometime' };
    const view: TabView = { status: 'report', origin, report, receivedAt: NOW, stale: false };
    expect(badgeFor(view, NOW).title).toBe(
      'Agent readiness 75 (B) for mid.readiness-fixtures.com, scan time unknown',
    );
  });
});

describe('badgeFor under each badge mode', () => {
  const scored = (stale: boolean): TabView => ({
    status: 'report',
    origin,
    report: reports.mid,
    receivedAt: NOW,
    stale,
  });
  /** Every view status, with what "everything" shows; "scores only" shows a score alone. */
  const views: [TabView, string, string][] = [
    [scored(false), '75', '75'],
    [scored(true), '75', '75'],
    [
      { status: 'report', origin, report: reports.nullScore, receivedAt: NOW, stale: false },
      'N/A',
      '',
    ],
    [{ status: 'loading', origin }, '…', ''],
    [
      { status: 'no-report', origin, message: null, scanUrl: null, documentationUrl: null },
      '–',
      '',
    ],
    [{ status: 'busy', origin, retryAt: null }, '‖', ''],
    [{ status: 'service-moved', origin, message: null, documentationUrl: null }, '→', ''],
    [{ status: 'service-not-permitted', origin, serviceHost: 'lookup.example.com' }, '⊘', ''],
    [{ status: 'unavailable', origin, cause: 'network', retryAt: null }, '!', ''],
    [{ status: 'invalid-response', origin, problem: 'score: too big' }, 'ERR', ''],
    [{ status: 'rejected', origin, message: null }, 'ERR', ''],
    [{ status: 'not-looked-up', reason: 'private-address' }, '', ''],
  ];

  it('covers every view status', () => {
    expect(new Set(views.map(([view]) => view.status)).size).toBe(10);
  });

  it.each(views)('for $status: everything, scores only, off', (view, all, scores) => {
    const everything = badgeFor(view, NOW, { ...DEFAULT_SETTINGS, badgeMode: 'all' });
    const scoresOnly = badgeFor(view, NOW, { ...DEFAULT_SETTINGS, badgeMode: 'scores' });
    const off = badgeFor(view, NOW, { ...DEFAULT_SETTINGS, badgeMode: 'off' });
    expect([everything.text, scoresOnly.text, off.text]).toEqual([all, scores, '']);
    expect(badgeFor(view, NOW).text).toBe(all);
    // The tooltip says the state in words, whatever the badge shows.
    expect(scoresOnly.title).toBe(everything.title);
    expect(off.title).toBe(everything.title);
    expect(off.color).toBe(everything.color);
  });
});
