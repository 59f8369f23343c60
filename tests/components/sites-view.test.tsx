import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SitesView, type SitesViewProps } from '../../components/sites/SitesView';
import { DEFAULT_SERVICE_BASE_URL } from '../../lib/contract/service-base-url';
import type { ListedCheck } from '../../lib/history/scan-record';
import { timelineOf } from '../../lib/history/site-timeline';
import type { SiteRow } from '../../lib/sites/site-rows';
import { fixtureReports } from '../../reference-server/fixtures/reports';
import { fixtureRows } from '../fixtures/site-rows';
import { sitesViewProps } from './sites-view-props';

afterEach(cleanup);

// fixed date: the clock this test passes in, to the code under test and to the fixture reports
const NOW = Date.parse('2026-11-22T09:30:00Z');
const _reports = fixtureReports(DEFAULT_SERVICE_BASE_URL, NOW);
const _fresh = { freshness: 'fresh', usableOnError: true, expired: false } as const;

const rows: SiteRow[] = fixtureRows(['high', 'mid', 'low'], { receivedAt: NOW - 60_000, now: NOW });

const listed = (id: string, name: string, result: ListedCheck['result']): ListedCheck => ({
  id,
  name,
  tier: 'essential',
  result,
});
const sitemap = listed('sitemap', 'Sitemap', 'failed');
const partialJsonLd = listed('json-ld', 'JSON-LD', 'partial');
const failedJsonLd = listed('json-ld', 'JSON-LD', 'failed');
const openapi = listed('openapi', 'OpenAPI description', 'failed');

function props(change: Partial<SitesViewProps> = {}): SitesViewProps {
  return sitesViewProps(rows, {
    sort: { column: 'score', direction: 'descending' },
    now: NOW,
    formatScanned: () => '3 days ago',
    formatDate: (at) => new Date(at).toISOString().slice(0, 10),
    ...change,
  });
}

describe('the sites page view', () => {
  it('shows one row per site with its score, label, counts and state', () => {
    render(<SitesView {...props()} />);
    const row = screen.getByRole('button', { name: 'high.readiness-fixtures.com' }).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('92').className).toBe('score-chip');
    expect(within(row).getByText('A').className).toBe('col-label');
    expect(within(row).getByText('Fresh').className).toBe('col-status status-fresh');
    screen.getByText('3 of 3 sites');
  });

  it('opens Settings from its header', () => {
    const onOpenOptions = vi.fn();
    render(<SitesView {...props({ onOpenOptions })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(onOpenOptions).toHaveBeenCalledOnce();
  });

  it('marks the sorted column and sorts by the header chosen', () => {
    const onSort = vi.fn();
    render(<SitesView {...props({ onSort })} />);
    const score = screen.getByRole('columnheader', { name: /Score/ });
    expect(score.getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: /Site/ }).getAttribute('aria-sort')).toBeNull();
    fireEvent.click(
      within(screen.getByRole('columnheader', { name: /Label/ })).getByRole('button'),
    );
    expect(onSort).toHaveBeenCalledWith('label');
  });

  it('moves between rows with the arrow keys, Home and End', () => {
    render(<SitesView {...props()} />);
    const buttons = rows.map((row) => screen.getByRole('button', { name: row.host }));
    buttons[0]?.focus();
    fireEvent.keyDown(buttons[0] as HTMLElement, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(buttons[1] as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(buttons[2]);
    fireEvent.keyDown(buttons[2] as HTMLElement, { key: 'Home' });
    expect(document.activeElement).toBe(buttons[0]);
  });

  it("shows the selected site's report, watch box, chart and timeline", () => {
    const onToggleWatch = vi.fn();
    const selected = rows[0] as SiteRow;
    const scans = [
      {
        // fixed date: a past scan, set against other scans, never against the clock
        scannedAt: '2026-10-01T09:00:00Z',
        score: 70,
        checks: { listed: [sitemap, partialJsonLd], eligible: 20, tiers: ['essential' as const] },
      },
      {
        // fixed date: a past scan, set against other scans, never against the clock
        scannedAt: '2026-11-19T09:30:00Z',
        score: 91.6,
        checks: { listed: [failedJsonLd, openapi], eligible: 20, tiers: ['essential' as const] },
      },
    ];
    render(
      <SitesView
        {...props({
          selected,
          onToggleWatch,
          selectedScans: scans,
          selectedTimeline: timelineOf(scans),
        })}
      />,
    );
    const detail = screen.getByRole('complementary', { name: selected.host });
    within(detail).getByText('Score over time');
    const timeline = within(detail).getByRole('region', { name: 'Timeline' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      // fixed date: the scan's day, as the timeline writes it
      '2026-11-19 · Score 92 (+22)Fixed: SitemapNew: OpenAPI descriptionWorse: JSON-LD',
      // fixed date: the scan's day, as the timeline writes it
      '2026-10-01 · Score 70The first scan this browser saw.',
    ]);
    fireEvent.click(within(detail).getByLabelText('Watch this site'));
    expect(onToggleWatch).toHaveBeenCalledWith(selected.site);
  });

  it.each([
    ['no check changed', [], 20, 'No check changed on the site.'],
    ['the service counts too differently', null, 40, "The service's method changed too much"],
    [
      "the service's method changed, the site's checks did not",
      [],
      21,
      "The service's method changed: it counted checks differently from the scan before.No check changed on the site.",
    ],
  ])('says so in the timeline when %s', (_name, listed, eligible, words) => {
    const known = (checks: (typeof sitemap)[]) => ({
      listed: checks,
      eligible: 20,
      tiers: ['essential' as const],
    });
    const scans = [
      // fixed date: a past scan, set against other scans, never against the clock
      { scannedAt: '2026-10-01T09:00:00Z', score: 70, checks: known([]) },
      {
        // fixed date: a past scan, set against other scans, never against the clock
        scannedAt: '2026-11-19T09:30:00Z',
        score: 70,
        checks: { ...known(listed ?? []), eligible },
      },
    ];
    render(
      <SitesView
        {...props({
          selected: rows[0] as SiteRow,
          selectedScans: scans,
          selectedTimeline: timelineOf(scans),
        })}
      />,
    );
    const [newest] = within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole(
      'listitem',
    );
    expect(newest?.textContent).toContain('(unchanged)');
    expect(newest?.textContent).toContain(words);
    expect(newest?.textContent).not.toContain('Fixed');
  });

  it('says what the numbers in the tier columns are, in their headers and a legend', () => {
    render(<SitesView {...props()} />);
    for (const tier of ['Essential', 'Recommended', 'Bonus']) {
      screen.getByRole('columnheader', { name: `${tier} failed / partial` });
    }
    const table = screen.getByRole('table');
    const legend = document.getElementById(table.getAttribute('aria-describedby') ?? '');
    expect(legend?.textContent).toMatch(/^Change: points since the previous scan/);
    expect(legend?.textContent).toContain('failed / passed only partly');
  });

  it('says when there are no sites, and when the filter leaves none', () => {
    render(<SitesView {...props({ total: 0, rows: [], matching: 0 })} />);
    screen.getByText(/No sites yet/);
    cleanup();
    render(<SitesView {...props({ rows: [], matching: 0 })} />);
    screen.getByText('No site matches the filter.');
  });

  it('offers more rows when not all matching rows are rendered, and both exports', () => {
    const onShowMore = vi.fn();
    const onExport = vi.fn();
    render(<SitesView {...props({ rows: rows.slice(0, 1), matching: 3, onShowMore, onExport })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export JSON' }));
    expect(onShowMore).toHaveBeenCalled();
    expect(onExport).toHaveBeenCalledWith('json');
  });
});
