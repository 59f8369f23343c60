import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PopupView } from '../../components/popup/PopupView';
import type { ScanReport } from '../../lib/contract/report-schema';
import { DEFAULT_SERVICE_BASE_URL } from '../../lib/contract/service-base-url';
import { SCORE_BANDS, UNSCORED_BAND } from '../../lib/tabs/score-band';
import type { TabView } from '../../lib/tabs/tab-view';
import {
  FIXTURE_ORIGINS,
  type FixtureName,
  fixtureReports,
} from '../../reference-server/fixtures/reports';

afterEach(cleanup);

/**
 * The clock the views and the fixture reports are given: the fixtures are scanned three days
 * before it. fixed date: the clock this test passes in
 */
const NOW = Date.parse('2026-11-22T09:30:00Z');
const reports = fixtureReports(DEFAULT_SERVICE_BASE_URL, NOW);

function reportView(report: ScanReport, stale = false): TabView {
  return { status: 'report', origin: report.target, report, receivedAt: NOW - 3_600_000, stale };
}

function renderReport(
  nameOrReport: FixtureName | ScanReport,
  options: { stale?: boolean; onRefresh?: () => void } = {},
) {
  const report = typeof nameOrReport === 'string' ? reports[nameOrReport] : nameOrReport;
  return render(
    <PopupView view={reportView(report, options.stale)} now={NOW} onRefresh={options.onRefresh} />,
  );
}

/** The list item of the tier bucket with this name. */
function bucket(name: string): HTMLElement {
  const item = screen.getByText(name, { selector: '.bucket-name' }).closest('li');
  if (!item) throw new Error(`no bucket ${name}`);
  return item;
}

/**
 * The bars of the tier buckets. They are `<meter>` elements, which browsers expose with the
 * meter role; the aria-query 5.1 behind @testing-library/dom does not map that element yet, so
 * they are found by element and named by their aria-label, as a screen reader names them.
 */
function meters(): HTMLMeterElement[] {
  return [...document.querySelectorAll('meter')];
}

function meter(name: string): HTMLMeterElement {
  const found = meters().find((element) => element.getAttribute('aria-label') === name);
  if (!found) throw new Error(`no meter named ${name}`);
  return found;
}

/** The collapsible issue group whose summary starts with this tier name. */
function issueGroup(name: string): HTMLElement {
  const group = screen
    .getAllByRole('group')
    .find((element) => element.querySelector(':scope > summary')?.textContent?.startsWith(name));
  if (!group) throw new Error(`no issue group ${name}`);
  return group;
}

describe('PopupView with a report: header', () => {
  it('shows the high fixture rounded to 92 with label A on the strong band', () => {
    const { container } = renderReport('high');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(reports.high.display_target);
    expect(screen.getByText('92').className).toBe('score-figure');
    expect(screen.getByText('of 100').className).toBe('score-scale');
    expect(screen.getByText('A').className).toBe('score-label');
    const header = container.querySelector<HTMLElement>('.score-header');
    expect(header?.style.getPropertyValue('--band')).toBe(SCORE_BANDS[0]?.color);
  });

  it('rounds the mid fixture 74.5 up to 75 on the fair band', () => {
    const { container } = renderReport('mid');
    expect(screen.getByText('75').className).toBe('score-figure');
    expect(screen.queryByText('74.5')).toBeNull();
    expect(screen.getByText('B').className).toBe('score-label');
    const header = container.querySelector<HTMLElement>('.score-header');
    expect(header?.style.getPropertyValue('--band')).toBe(SCORE_BANDS[1]?.color);
  });

  it('shows a null score as a dash, "No score" and the unscored band', () => {
    const { container } = renderReport('nullScore');
    screen.getByText('–');
    screen.getByText('No score');
    screen.getByText('Not scored');
    expect(screen.queryByText('of 100')).toBeNull();
    const header = container.querySelector<HTMLElement>('.score-header');
    expect(header?.style.getPropertyValue('--band')).toBe(UNSCORED_BAND.color);
  });

  it('says how long ago the scan was, with the exact time in a title and a time element', () => {
    renderReport('mid');
    const time = screen.getByText('3 days ago');
    expect(time.tagName).toBe('TIME');
    // fixed date: the mid fixture's scan, three days before the clock this test passes in
    expect(time.getAttribute('datetime')).toBe('2026-11-19T09:30:00.000Z');
    const exact = time.getAttribute('title');
    expect(exact).toMatch(/^Nov 19, 2026, \d{1,2}:\d{2}\s[AP]M$/);
    // Shown on keyboard focus by the stylesheet, read by screen readers after the sentence.
    expect(time.getAttribute('data-exact')).toBe(exact);
    expect(time.getAttribute('tabindex')).toBe('0');
    expect(time.parentElement?.textContent).toBe(`Scanned 3 days ago (${exact})`);
  });

  it('says an old report is old under the score, with a link to rescan on its page', () => {
    // The low fixture was scanned 111 days before the clock.
    render(<PopupView view={reportView(reports.low)} now={NOW} />);
    const note = document.querySelector('.old-note');
    expect(note?.textContent).toMatch(/^This report is old: scanned 3 months ago\. Rescan on /);
    const link = within(note as HTMLElement).getByRole('link', {
      name: /^Rescan on is-agentic.com/,
    });
    expect(link.getAttribute('href')).toBe(reports.low.report_url);
    cleanup();
    renderReport('mid');
    expect(document.querySelector('.old-note')).toBeNull();
  });

  it('shows a report from further ahead than 5 minutes with its time, and no relative age', () => {
    const ahead = { ...reports.mid, scanned_at: new Date(NOW + 3 * 86_400_000).toISOString() };
    renderReport(ahead);
    const line = document.querySelector('.scanned')?.textContent ?? '';
    expect(line).toMatch(
      /^Scanned Nov 25, 2026, \d{1,2}:\d{2}\s[AP]M, ahead of this computer's clock/,
    );
    expect(line).not.toMatch(/\bin \d|ago|now|\(/);
    expect(document.querySelector('.old-note')).toBeNull();
    cleanup();
    // Within the tolerance: "now", as before.
    renderReport({ ...reports.mid, scanned_at: new Date(NOW + 60_000).toISOString() });
    expect(document.querySelector('.scanned')?.textContent).toMatch(/^Scanned now/);
  });

  it('marks a stale report visibly, and only a stale one', () => {
    renderReport('mid', { stale: true });
    expect(screen.getByText('Stale').className).toBe('stale-mark');
    screen.getByText(/received 1 hour ago/);
    cleanup();
    renderReport('mid');
    expect(screen.queryByText('Stale')).toBeNull();
  });
});

const NOT_LISTED = '; checks not listed passed or do not apply to this site';

describe('PopupView with a report: tier buckets', () => {
  it('shows essential and recommended points and checks from the report, as meters', () => {
    renderReport('mid');
    within(bucket('Essential')).getByText('58 / 80 points');
    within(bucket('Essential')).getByText('9 / 12 checks passing');
    within(bucket('Recommended')).getByText('12.5 / 20 points');
    within(bucket('Recommended')).getByText('3 / 5 checks passing');
    const essential = meter('Essential points');
    expect(essential.getAttribute('value')).toBe('58');
    expect(essential.getAttribute('min')).toBe('0');
    expect(essential.getAttribute('max')).toBe('80');
    expect(essential.getAttribute('aria-valuetext')).toBe('58 of 80 points');
    expect(essential.style.getPropertyValue('--band')).toBe(SCORE_BANDS[1]?.color);
    expect(meter('Recommended points').getAttribute('max')).toBe('20');
  });

  it('takes the available points from the report rather than assuming 80 and 20', () => {
    const base = reports.mid;
    renderReport({
      ...base,
      score_breakdown: {
        essential: { earned: 30, available: 60, passing: 4, total: 7 },
        recommended: { earned: 39.5, available: 40, passing: 1, total: 1 },
        bonus: { points: 1, positive_signals: 1 },
      },
      eligible_checks: 1,
    });
    screen.getByText('30 / 60 points');
    screen.getByText('39.5 / 40 points');
    screen.getByText('1 / 1 check passing');
    screen.getByText('+1 point, 1 positive signal');
    screen.getByText(`1 check applied${NOT_LISTED}`);
    expect(meter('Essential points').getAttribute('max')).toBe('60');
  });

  it('shows bonus points and positive signals, and the checks applied and what they cover', () => {
    // The mid fixture lists a bonus check: the words do not say bonus checks are never listed.
    renderReport('mid');
    within(bucket('Bonus')).getByText('+4 points, 2 positive signals');
    screen.getByText(`21 checks applied${NOT_LISTED}`);
  });

  it('reads "Not scored for this site" and draws no bar when a tier has no points available', () => {
    renderReport('noDeveloperSurface');
    within(bucket('Recommended')).getByText('Not scored for this site');
    expect(within(bucket('Recommended')).queryByText(/0 \/ 0/)).toBeNull();
    expect(bucket('Recommended').querySelector('meter')).toBeNull();
    expect(meters().map((element) => element.getAttribute('aria-label'))).toEqual([
      'Essential points',
    ]);
    screen.getByText(`12 checks applied${NOT_LISTED}; bonus checks are never listed`);
  });
});

describe('PopupView with a report: issues', () => {
  it('says every check passed when there are no issues', () => {
    renderReport('noIssues');
    screen.getByText(/Every check passed/);
    expect(screen.queryAllByRole('group')).toHaveLength(0);
  });

  it('lists 33 issues in three groups of 11, failed before partial', () => {
    renderReport('manyIssues');
    screen.getByRole('heading', { level: 2, name: 'Issues (33)' });
    const groups = ['Essential', 'Recommended', 'Bonus'].map(issueGroup);
    let total = 0;
    for (const group of groups) {
      within(group).getByText('11 issues');
      const results = within(group)
        .getAllByText(/^(Failed|Partial)$/)
        .map((element) => element.textContent);
      expect(results).toHaveLength(11);
      const firstPartial = results.indexOf('Partial');
      expect(firstPartial).toBeGreaterThan(0);
      expect(results.slice(firstPartial)).not.toContain('Failed');
      within(group).getByText(`${firstPartial} failed, ${11 - firstPartial} partial`);
      total += results.length;
    }
    expect(total).toBe(33);
  });

  it('shows the groups in the order essential, recommended, bonus, each collapsible', () => {
    renderReport('manyIssues');
    const summaries = screen
      .getAllByRole('group')
      .filter((element) => element.classList.contains('issue-group'))
      .map((element) => element.querySelector(':scope > summary .group-name')?.textContent);
    expect(summaries).toEqual(['Essential', 'Recommended', 'Bonus']);
    const essential = issueGroup('Essential') as HTMLDetailsElement;
    expect(essential.tagName).toBe('DETAILS');
    expect(essential.open).toBe(true);
    expect((issueGroup('Bonus') as HTMLDetailsElement).open).toBe(false);
  });

  it('sums up each group of the mid fixture, leaving out a zero count', () => {
    renderReport('mid');
    within(issueGroup('Essential')).getByText('1 failed, 1 partial');
    within(issueGroup('Recommended')).getByText('1 failed');
    within(issueGroup('Bonus')).getByText('1 issue');
  });

  it('shows details and recommendation when present and leaves out a null one', () => {
    const { container } = renderReport('mid');
    const openapi = screen.getByText('OpenAPI description').closest('li');
    if (!openapi) throw new Error('no OpenAPI issue');
    expect(within(openapi).getByText('Failed').className).toBe('result result-failed');
    expect(within(openapi).queryByText('What was found')).toBeNull();
    within(openapi).getByText('How to fix');
    within(openapi).getByText(
      'Publish an OpenAPI document and link it from your developer portal.',
    );
    const mcp = screen.getByText('MCP server').closest('li');
    if (!mcp) throw new Error('no MCP issue');
    within(mcp).getByText('No MCP server manifest was found.');
    expect(within(mcp).queryByText('How to fix')).toBeNull();
    expect(container.textContent).not.toMatch(/null|undefined/);
  });

  it('never prints "null" for the many-issues fixture either', () => {
    const { container } = renderReport('manyIssues');
    expect(container.textContent).not.toMatch(/null|undefined|NaN/);
  });

  it('shows an issue with neither details nor recommendation without a disclosure', () => {
    renderReport({
      ...reports.mid,
      issues: [
        {
          id: 'sitemap',
          name: 'Sitemap',
          tier: 'essential',
          result: 'partial',
          details: null,
          recommendation: null,
        },
      ],
    });
    const item = screen.getByText('Sitemap').closest('li');
    expect(item?.querySelector('details')).toBeNull();
    expect(within(item as HTMLElement).getByText('Partial').className).toBe(
      'result result-partial',
    );
  });
});

describe('PopupView with a report: actions', () => {
  it('links to the full report in a new tab when report_url is http(s)', () => {
    renderReport('mid');
    const link = screen.getByRole('link', { name: /Open full report/ });
    expect(link.getAttribute('href')).toBe(
      `https://is-agentic.com/scan/${new URL(FIXTURE_ORIGINS.mid).host}`,
    );
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,hi',
    '/scan/x.org',
  ])('draws no link for the report_url %s', (reportUrl) => {
    const { container } = renderReport({ ...reports.mid, report_url: reportUrl });
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
  });

  it('calls onRefresh when Refresh is clicked', () => {
    const onRefresh = vi.fn();
    renderReport('mid', { onRefresh });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('has no Refresh button without onRefresh', () => {
    renderReport('mid');
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
  });
});

describe('PopupView with a report: structure and safety', () => {
  it('has one main, one h1 and h2 section headings, and typed buttons', () => {
    const { container } = renderReport('mid', { onRefresh: () => {} });
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Score breakdown', 'Issues (4)']);
    for (const button of container.querySelectorAll('button')) {
      expect(button.getAttribute('type')).toBe('button');
    }
  });

  it('shows markup from the server as literal text and creates no element from it', () => {
    const markup = '<script>alert(1)</script><img src=x onerror="alert(2)">';
    const { container } = renderReport({
      ...reports.mid,
      display_target: `<b>site</b>${markup}`,
      score_label: '<i>A</i>',
      issues: [
        {
          id: 'x',
          name: markup,
          tier: 'essential',
          result: 'failed',
          details: `<a href="javascript:alert(3)">details</a>`,
          recommendation: markup,
        },
      ],
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`<b>site</b>${markup}`);
    screen.getByText('<i>A</i>');
    expect(screen.getAllByText(markup)).toHaveLength(2);
    screen.getByText('<a href="javascript:alert(3)">details</a>');
    for (const tag of ['script', 'img', 'b', 'i']) {
      expect(container.querySelector(tag)).toBeNull();
    }
    expect(container.querySelectorAll('a')).toHaveLength(1);
    expect(container.querySelector('a')?.textContent).toMatch(/^Open full report/);
  });
});
