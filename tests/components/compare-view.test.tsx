import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompareView } from '../../components/sites/CompareView';
import { SitesView, type SitesViewProps } from '../../components/sites/SitesView';
import { useSiteComparison } from '../../components/sites/use-site-comparison';
import { buildComparison, type RowWithReport } from '../../lib/sites/site-comparison';
import { emptyRow, type SiteRow } from '../../lib/sites/site-rows';
import { FIXTURE_ORIGINS } from '../../reference-server/fixtures/reports';
import { fixtureRows, fixtureRowsWithReports, keepFixtureReports } from '../fixtures/site-rows';
import { sitesViewProps } from './sites-view-props';

afterEach(cleanup);

/**
 * The files the page saves, caught where a download reaches the browser (a blob URL and a
 * click on a link to it), so no module of the page is replaced.
 */
function catchDownloads(): { name: string; blob: Blob }[] {
  const blobs = new Map<string, Blob>();
  const saved: { name: string; blob: Blob }[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (blob) saved.push({ name: this.download, blob });
  });
  return saved;
}

const SERVICE = 'http://service.test';

const NAMES = ['high', 'mid', 'low', 'noIssues', 'nullScore'] as const;

// fixed date: the clock this test gives the fixture reports; their scans are ages before it
const NOW = Date.parse('2026-11-22T09:30:00Z');
const rows: SiteRow[] = fixtureRows(NAMES, { now: NOW });
const withReports = fixtureRowsWithReports(NAMES, { now: NOW });
const row = (name: (typeof NAMES)[number]) =>
  withReports.find((one) => one.site === FIXTURE_ORIGINS[name]) as RowWithReport;
const hostOf = (name: (typeof NAMES)[number]) => new URL(FIXTURE_ORIGINS[name]).host;

function pageProps(change: Partial<SitesViewProps> = {}): SitesViewProps {
  return sitesViewProps(rows, change);
}

/** The sites page with the comparison's real state behind it. */
function PageWithComparison() {
  const compare = useSiteComparison({ rows, serviceBaseUrl: SERVICE });
  return <SitesView {...pageProps({ compare })} />;
}

const box = (name: (typeof NAMES)[number]) =>
  screen.getByRole('checkbox', { name: `Choose ${hostOf(name)} to compare` }) as HTMLInputElement;

describe('the comparison view', () => {
  const comparison = buildComparison([
    row('high'),
    row('mid'),
    { ...emptyRow('https://gone.example.com', false), report: null },
  ]);

  it('takes the focus on its heading, and goes back to the list', () => {
    const onClose = vi.fn();
    render(<CompareView count={3} comparison={comparison} onClose={onClose} onExport={vi.fn()} />);
    const heading = screen.getByRole('heading', { level: 2, name: 'Comparing 3 sites' });
    expect(document.activeElement).toBe(heading);
    fireEvent.click(screen.getByRole('button', { name: 'Back to the list' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('has a captioned table with column and row headers, differing checks first, marks in words', () => {
    render(<CompareView count={3} comparison={comparison} onClose={vi.fn()} onExport={vi.fn()} />);
    const table = screen.getByRole('table', {
      name: 'Checks at least one of these sites did not pass, those that differ first',
    });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Check',
      'Tier',
      hostOf('high'),
      hostOf('mid'),
      'gone.example.com',
    ]);
    expect(headers.every((header) => header.getAttribute('scope') === 'col')).toBe(true);
    const bodyRows = within(table).getAllByRole('row').slice(1);
    const rowHeaders = bodyRows.map((one) => within(one).getByRole('rowheader'));
    expect(rowHeaders.every((header) => header.getAttribute('scope') === 'row')).toBe(true);
    expect(bodyRows.map((one) => one.getAttribute('data-check'))).toEqual([
      'agent-friendly-404',
      'openapi-spec',
      'mcp-server',
      'json-ld',
    ]);
    expect(rowHeaders[0]?.textContent).toBe('Agent-friendly 404 pages differsagent-friendly-404');
    expect(rowHeaders[3]?.textContent).toBe('Structured data (JSON-LD) json-ld');
    // The words say what each cell means; the symbols are hidden from screen readers.
    const cells = within(bodyRows[0] as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent?.replace(/^\S+ /, ''))).toEqual([
      'Essential',
      'Not listed',
      'Failed',
      'No report',
    ]);
    for (const symbol of table.querySelectorAll('.mark-symbol')) {
      expect(symbol.getAttribute('aria-hidden')).toBe('true');
    }
  });

  it('shows each site’s score and buckets, and a site with no kept report as such', () => {
    render(<CompareView count={3} comparison={comparison} onClose={vi.fn()} onExport={vi.fn()} />);
    const cards = screen.getAllByRole('listitem').filter((item) => item.matches('.compare-site'));
    expect(
      cards.map((card) => within(card).getByRole('heading', { level: 4 }).textContent),
    ).toEqual([hostOf('high'), hostOf('mid'), 'gone.example.com']);
    expect(within(cards[0] as HTMLElement).getByText('92').className).toBe('score-chip');
    expect(within(cards[0] as HTMLElement).getByRole('heading', { level: 5 }).id).toBe(
      'compare-buckets-0',
    );
    expect((cards[1] as HTMLElement).querySelectorAll('meter.bar')).toHaveLength(2);
    // Each site's breakdown is a region named for its site.
    within(cards[1] as HTMLElement).getByRole('region', {
      name: `${hostOf('mid')} Score breakdown`,
    });
    within(cards[2] as HTMLElement).getByText('No report is kept for this site.');
    // Every id on the page once: one bucket heading per site.
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has one card per check for narrow screens, saying the same', () => {
    render(<CompareView count={3} comparison={comparison} onClose={vi.fn()} onExport={vi.fn()} />);
    const list = screen.getByRole('list', {
      name: 'Checks at least one of these sites did not pass, those that differ first',
    });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    const first = cards[0] as HTMLElement;
    within(first).getByText('Agent-friendly 404 pages');
    expect(
      [...first.querySelectorAll('dt, dd')].map((item) => item.textContent?.replace(/^\S+ /, '')),
    ).toEqual([
      hostOf('high'),
      'Not listed',
      hostOf('mid'),
      'Failed',
      'gone.example.com',
      'No report',
    ]);
  });

  it('exports as CSV and as Markdown', () => {
    const onExport = vi.fn();
    render(<CompareView count={3} comparison={comparison} onClose={vi.fn()} onExport={onExport} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export comparison as CSV' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export comparison as Markdown' }));
    expect(onExport.mock.calls).toEqual([['csv'], ['markdown']]);
  });

  it('says so when no compared site lists a check', () => {
    const none = buildComparison([row('noIssues'), row('noIssues')]);
    render(<CompareView count={2} comparison={none} onClose={vi.fn()} onExport={vi.fn()} />);
    screen.getByText('None of these sites lists a failed or partial check.');
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('choosing sites to compare', () => {
  // The comparison reads the ticked sites' reports from the cache, as the page does.
  beforeEach(() => keepFixtureReports(SERVICE, NAMES));

  it('has a box named for each site, and a Compare button that says why it waits', () => {
    render(<SitesView {...pageProps()} />);
    for (const name of NAMES) expect(box(name).checked).toBe(false);
    const compare = screen.getByRole('button', { name: 'Compare (0)' }) as HTMLButtonElement;
    expect(compare.disabled).toBe(true);
    const hint = document.getElementById(compare.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Tick 2 to 4 sites to compare them check by check.');
    // The row's header still reads as the site alone.
    expect(box('high').closest('th')?.textContent).toBe(hostOf('high'));
  });

  it('ticks up to four sites, refuses a fifth with a message, and opens at two', async () => {
    render(<PageWithComparison />);
    const compare = () =>
      screen.getByRole('button', { name: /^Compare \(\d\)$/ }) as HTMLButtonElement;
    fireEvent.click(box('high'));
    expect(compare().textContent).toBe('Compare (1)');
    expect(compare().disabled).toBe(true);
    fireEvent.click(box('mid'));
    expect(compare().disabled).toBe(false);
    screen.getByText('Compares the ticked sites check by check (up to 4).');
    fireEvent.click(box('low'));
    fireEvent.click(box('noIssues'));
    expect(compare().textContent).toBe('Compare (4)');

    fireEvent.click(box('nullScore'));
    expect(box('nullScore').checked).toBe(false);
    expect(screen.getByRole('status').textContent).toBe(
      `At most 4 sites can be compared: untick one before choosing ${hostOf('nullScore')}.`,
    );
    // Refused again: still unticked, still said.
    fireEvent.click(box('nullScore'));
    expect(box('nullScore').checked).toBe(false);
    expect(compare().textContent).toBe('Compare (4)');

    fireEvent.click(box('noIssues'));
    expect(box('noIssues').checked).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(compare().textContent).toBe('Compare (3)');
  });

  it('opens the comparison in place of the list, exports it, and returns focus on the way back', async () => {
    render(<PageWithComparison />);
    fireEvent.click(box('low'));
    fireEvent.click(box('high'));
    fireEvent.click(box('mid'));
    fireEvent.click(screen.getByRole('button', { name: 'Compare (3)' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Comparing 3 sites' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect((document.querySelector('.sites-body') as HTMLElement).hidden).toBe(true);
    expect((document.querySelector('.sites-toolbar') as HTMLElement).hidden).toBe(true);
    const table = await screen.findByRole('table', { name: /those that differ first/ });
    // In the order ticked.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .slice(2)
        .map((header) => header.textContent),
    ).toEqual([hostOf('low'), hostOf('high'), hostOf('mid')]);

    const saved = catchDownloads();
    fireEvent.click(screen.getByRole('button', { name: 'Export comparison as CSV' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export comparison as Markdown' }));
    expect(
      saved.map(({ name, blob }) => [name.replace(/\d{4}-\d\d-\d\d/, 'DATE'), blob.type]),
    ).toEqual([
      ['agent-readiness-comparison-DATE.csv', 'text/csv;charset=utf-8'],
      ['agent-readiness-comparison-DATE.md', 'text/markdown;charset=utf-8'],
    ]);
    expect((await saved[0]?.blob.text())?.split('\r\n')[1]).toMatch(/^agent-friendly-404,/);
    expect(await saved[1]?.blob.text()).toMatch(/^# Agent readiness comparison\n/);

    fireEvent.click(screen.getByRole('button', { name: 'Back to the list' }));
    expect(screen.queryByRole('heading', { name: 'Comparing 3 sites' })).toBeNull();
    expect((document.querySelector('.sites-body') as HTMLElement).hidden).toBe(false);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Compare (3)' })),
    );
    // The ticks are kept for another look.
    expect(box('mid').checked).toBe(true);
  });
});
