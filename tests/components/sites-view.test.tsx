import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SitesView, type SitesViewProps } from '../../components/sites/SitesView';
import { buildSiteRows, type SiteRow } from '../../lib/sites/site-rows';
import { FIXTURE_ORIGINS, fixtureReports } from '../fixtures/reports';
import { idleComparison } from './compare-props';

afterEach(cleanup);

const reports = fixtureReports();
const NOW = Date.parse('2026-11-22T09:30:00Z');
const fresh = { freshness: 'fresh', usableOnError: true, expired: false } as const;

const rows: SiteRow[] = buildSiteRows({
  answers: (['high', 'mid', 'low'] as const).map((name) => ({
    target: FIXTURE_ORIGINS[name],
    outcome: { kind: 'report', report: reports[name], response: { status: 200, headers: {} } },
    receivedAt: NOW - 60_000,
    verdict: fresh,
  })),
  scans: {},
  watched: {},
});

function props(change: Partial<SitesViewProps> = {}): SitesViewProps {
  return {
    total: rows.length,
    rows,
    matching: rows.length,
    filter: { text: '', band: 'all' },
    sort: { column: 'score', direction: 'descending' },
    selected: null,
    selectedScans: [],
    now: NOW,
    watchNote: 'none',
    onFilter: vi.fn(),
    onSort: vi.fn(),
    onSelect: vi.fn(),
    onShowMore: vi.fn(),
    onExport: vi.fn(),
    onToggleWatch: vi.fn(),
    onCopyFixList: vi.fn(async () => true),
    onOpenOptions: vi.fn(),
    formatScanned: () => '3 days ago',
    formatDate: (at) => new Date(at).toISOString().slice(0, 10),
    compare: idleComparison(),
    ...change,
  };
}

describe('the sites page view', () => {
  it('shows one row per site with its score, label, counts and state', () => {
    render(<SitesView {...props()} />);
    const row = screen.getByRole('button', { name: 'high.readiness-fixtures.com' }).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('92')).toBeTruthy();
    expect(within(row).getByText('A')).toBeTruthy();
    expect(within(row).getByText('Fresh')).toBeTruthy();
    expect(screen.getByText('3 of 3 sites')).toBeTruthy();
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

  it("shows the selected site's report, watch box and score table", () => {
    const onToggleWatch = vi.fn();
    const selected = rows[0] as SiteRow;
    render(
      <SitesView
        {...props({
          selected,
          onToggleWatch,
          selectedScans: [
            { scannedAt: '2026-10-01T09:00:00Z', score: 70, checks: null },
            { scannedAt: '2026-11-19T09:30:00Z', score: 91.6, checks: null },
          ],
        })}
      />,
    );
    const detail = screen.getByRole('complementary', { name: selected.host });
    expect(within(detail).getByText('Score over time')).toBeTruthy();
    const table = within(detail).getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['ScannedScore', '2026-10-0170', '2026-11-1992']);
    fireEvent.click(within(detail).getByLabelText('Watch this site'));
    expect(onToggleWatch).toHaveBeenCalledWith(selected.site);
  });

  it('says when there are no sites, and when the filter leaves none', () => {
    render(<SitesView {...props({ total: 0, rows: [], matching: 0 })} />);
    expect(screen.getByText(/No sites yet/)).toBeTruthy();
    cleanup();
    render(<SitesView {...props({ rows: [], matching: 0 })} />);
    expect(screen.getByText('No site matches the filter.')).toBeTruthy();
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
