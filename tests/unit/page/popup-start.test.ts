import { describe, expect, it } from 'vitest';
import { isFreshState, pageOrigin } from '../../../lib/page/popup-start';
import type { TabState } from '../../../lib/tabs/tab-state';
import type { TabView } from '../../../lib/tabs/tab-view';
import { FIXTURE_ORIGINS, fixtureReports } from '../../../reference-server/fixtures/reports';

// fixed date: the clock this test passes in, to the code under test and to the fixture reports
const NOW = Date.parse('2026-11-23T09:00:00Z');
const SITE = FIXTURE_ORIGINS.high;
const PAGE = `${SITE}/some/page?q=1`;
const SETTINGS = { pausedDomains: [] as string[] };

const reportView = (stale = false): TabView => ({
  status: 'report',
  origin: SITE,
  report: fixtureReports('http://service.test', NOW).high,
  receivedAt: NOW - 1000,
  stale,
});

/** `freshUntil` null: a state written without one. */
const stateOf = (view: TabView, freshUntil: number | null = NOW + 60_000): TabState => ({
  origin: SITE,
  view,
  updatedAt: NOW - 1000,
  service: 'http://service.test',
  ...(freshUntil === null ? {} : { freshUntil }),
});

describe('isFreshState: whether the popup may show the stored state without the background', () => {
  it('is true for a report from a fresh answer about the page the tab shows', () => {
    expect(isFreshState(stateOf(reportView()), PAGE, SETTINGS, NOW)).toBe(true);
  });

  it('is true for a fresh "no report"', () => {
    const view: TabView = {
      status: 'no-report',
      origin: SITE,
      message: null,
      scanUrl: null,
      documentationUrl: null,
    };
    expect(isFreshState(stateOf(view), PAGE, SETTINGS, NOW)).toBe(true);
  });

  it('is false without a state, or one written without a freshness', () => {
    expect(isFreshState(null, PAGE, SETTINGS, NOW)).toBe(false);
    expect(isFreshState(stateOf(reportView(), null), PAGE, SETTINGS, NOW)).toBe(false);
  });

  it('is false once the answer is no longer fresh', () => {
    const state = stateOf(reportView(), NOW);
    expect(isFreshState(state, PAGE, SETTINGS, NOW)).toBe(false);
    expect(isFreshState(state, PAGE, SETTINGS, NOW - 1)).toBe(true);
  });

  it('is false for a stale report shown in place of an answer', () => {
    expect(isFreshState(stateOf(reportView(true)), PAGE, SETTINGS, NOW)).toBe(false);
  });

  it.each<TabView>([
    { status: 'loading', origin: SITE },
    { status: 'unavailable', origin: SITE, cause: 'service', retryAt: null },
    { status: 'invalid-response', origin: SITE, problem: 'x' },
    { status: 'rejected', origin: SITE, message: null },
    { status: 'not-looked-up', reason: 'paused' },
  ])('is false for a state that is not a settled answer: $status', (view) => {
    expect(isFreshState(stateOf(view), PAGE, SETTINGS, NOW)).toBe(false);
  });

  it('is false when the tab shows another site, or nothing known', () => {
    const state = stateOf(reportView());
    expect(isFreshState(state, 'http://other.example/', SETTINGS, NOW)).toBe(false);
    expect(isFreshState(state, 'chrome://extensions/', SETTINGS, NOW)).toBe(false);
    expect(isFreshState(state, null, SETTINGS, NOW)).toBe(false);
  });

  it('is false when the site has been paused since', () => {
    expect(
      isFreshState(stateOf(reportView()), PAGE, { pausedDomains: [new URL(SITE).hostname] }, NOW),
    ).toBe(false);
  });
});

describe('pageOrigin', () => {
  it('names http(s) pages by origin and nothing else', () => {
    expect(pageOrigin('https://a.example:8443/x')).toBe('https://a.example:8443');
    expect(pageOrigin('file:///tmp/x')).toBeNull();
    expect(pageOrigin('not a url')).toBeNull();
    expect(pageOrigin(null)).toBeNull();
  });
});
