import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PopupView } from '../../components/popup/PopupView';
import type { NotLookedUpReason } from '../../lib/privacy/lookup-target';
import { notLookedUpText } from '../../lib/tabs/not-looked-up-reasons';
import type { TabView, UnavailableCause } from '../../lib/tabs/tab-view';
import { UNSCANNED_ORIGIN } from '../../reference-server/fixtures/reports';

afterEach(cleanup);

// fixed date: the clock this test passes to the code under test
const NOW = Date.parse('2026-11-22T09:30:00Z');
const TARGET = new URL(UNSCANNED_ORIGIN).host;

function renderView(view: TabView | null, onRefresh?: () => void) {
  return render(<PopupView view={view} now={NOW} onRefresh={onRefresh} />);
}

function h1(): string | null {
  return screen.getByRole('heading', { level: 1 }).textContent;
}

describe('PopupView while loading', () => {
  it('shows a loading status for a view not known yet', () => {
    renderView(null);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(h1()).toBe('Looking up this site…');
  });

  it('names the site being looked up', () => {
    renderView({ status: 'loading', origin: TARGET });
    expect(screen.getByRole('status').textContent).toContain(`Looking up ${TARGET}…`);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('PopupView without a stored report', () => {
  const noReport = (overrides: Partial<Extract<TabView, { status: 'no-report' }>> = {}) =>
    ({
      status: 'no-report',
      origin: TARGET,
      message: 'No completed report is stored for this URL.',
      scanUrl: 'https://is-agentic.com/?url=http%3A%2F%2Funscanned.readiness-fixtures.com',
      documentationUrl: 'https://is-agentic.com/developers',
      ...overrides,
    }) satisfies TabView;

  it('says there is no report yet, with the server message and both links', () => {
    renderView(noReport());
    expect(h1()).toBe('No readiness report yet');
    expect(screen.getByText(TARGET).className).toBe('state-target');
    screen.getByText('No completed report is stored for this URL.');
    screen.getByText(/never starts a scan/);
    const scan = screen.getByRole('link', { name: /Scan this site/ });
    expect(scan.getAttribute('href')).toBe(noReport().scanUrl);
    expect(scan.getAttribute('target')).toBe('_blank');
    expect(scan.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: /API documentation/ }).getAttribute('href')).toBe(
      'https://is-agentic.com/developers',
    );
  });

  it('links nothing the server sent that is not http(s)', () => {
    renderView(
      noReport({ scanUrl: 'javascript:alert(1)', documentationUrl: 'data:text/html,<b>x</b>' }),
    );
    expect(screen.queryByRole('link')).toBeNull();
    screen.getByText(/never starts a scan/);
  });

  it('works without message or links', () => {
    const { container } = renderView(
      noReport({ message: null, scanUrl: null, documentationUrl: null }),
    );
    expect(h1()).toBe('No readiness report yet');
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.textContent).not.toMatch(/null/);
  });

  it('shows a server message with markup as text', () => {
    const { container } = renderView(noReport({ message: '<img src=x onerror=alert(1)>' }));
    expect(screen.getByText('<img src=x onerror=alert(1)>').className).toBe('server-message');
    expect(container.querySelector('img')).toBeNull();
  });

  it('offers Refresh', () => {
    const onRefresh = vi.fn();
    renderView(noReport(), onRefresh);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledOnce();
  });
});

describe('PopupView when the service is unavailable', () => {
  it.each<[UnavailableCause, string, RegExp]>([
    ['service', 'Report service unavailable', /could not read its stored reports/],
    ['network', 'Network problem', /could not be reached/],
    ['timeout', 'The lookup timed out', /did not answer in time/],
  ])('explains the cause %s', (cause, title, body) => {
    renderView({ status: 'unavailable', origin: TARGET, cause, retryAt: null });
    expect(h1()).toBe(title);
    screen.getByText(body);
    expect(screen.queryByText(/Next try/)).toBeNull();
  });

  it('says when the next try happens', () => {
    const retryAt = NOW + 5 * 60_000;
    renderView({ status: 'unavailable', origin: TARGET, cause: 'service', retryAt });
    const time = screen.getByText(/^\d{2}:\d{2}$/);
    expect(time.tagName).toBe('TIME');
    // fixed date: five minutes after the clock this test passes in
    expect(time.getAttribute('datetime')).toBe('2026-11-22T09:35:00.000Z');
    expect(time.parentElement?.textContent).toMatch(/^Next try after \d{2}:\d{2}$/);
  });

  it('does not announce a next try that is already past', () => {
    renderView({ status: 'unavailable', origin: TARGET, cause: 'network', retryAt: NOW - 1 });
    expect(screen.queryByText(/Next try/)).toBeNull();
  });

  it('calls onRefresh from its Refresh button', () => {
    const onRefresh = vi.fn();
    renderView(
      { status: 'unavailable', origin: TARGET, cause: 'timeout', retryAt: null },
      onRefresh,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledOnce();
  });
});

describe('PopupView for answers that cannot be used', () => {
  it('says an invalid report could not be read and shows the problem', () => {
    renderView({
      status: 'invalid-response',
      origin: TARGET,
      problem: 'score_breakdown.essential.total: expected an integer',
    });
    expect(h1()).toBe('The service sent a report this extension could not read');
    const problem = screen.getByText('score_breakdown.essential.total: expected an integer');
    expect(problem.classList.contains('problem')).toBe(true);
  });

  it('says the lookup was rejected and shows the message', () => {
    renderView({ status: 'rejected', origin: TARGET, message: 'url must be a valid URL' });
    expect(h1()).toBe('The service rejected the lookup');
    screen.getByText('url must be a valid URL');
  });

  it('says the lookup was rejected when there is no message', () => {
    const { container } = renderView({ status: 'rejected', origin: TARGET, message: null });
    expect(h1()).toBe('The service rejected the lookup');
    expect(container.textContent).not.toMatch(/null/);
  });
});

describe('PopupView for a site that was not looked up', () => {
  // The wording of each sentence is pinned in tests/unit/privacy/not-looked-up-reasons.test.ts.
  it.each<NotLookedUpReason>([
    'no-url',
    'not-http',
    'invalid-url',
    'localhost',
    'private-address',
    'too-long',
    'paused',
  ])('names the reason %s', (reason) => {
    renderView({ status: 'not-looked-up', reason }, () => {});
    expect(h1()).toBe(notLookedUpText(reason).title);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says private and local sites are never sent', () => {
    renderView({ status: 'not-looked-up', reason: 'private-address' });
    screen.getByText(/local and private sites are never sent/);
  });
});

describe('PopupView structure in every state', () => {
  const views: TabView[] = [
    { status: 'loading', origin: TARGET },
    { status: 'no-report', origin: TARGET, message: null, scanUrl: null, documentationUrl: null },
    { status: 'unavailable', origin: TARGET, cause: 'service', retryAt: null },
    { status: 'invalid-response', origin: TARGET, problem: 'bad' },
    { status: 'rejected', origin: TARGET, message: null },
    { status: 'not-looked-up', reason: 'localhost' },
  ];

  it.each(
    views.map((view) => [view.status, view] as const),
  )('%s has one main and one h1, and only typed buttons', (_status, view) => {
    const { container } = renderView(view, () => {});
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const button of container.querySelectorAll('button')) {
      expect(button.getAttribute('type')).toBe('button');
    }
  });
});

describe('PopupView draws each state with the mark its badge shows', () => {
  it.each<[TabView, string]>([
    [
      { status: 'no-report', origin: TARGET, message: null, scanUrl: null, documentationUrl: null },
      '–',
    ],
    [{ status: 'unavailable', origin: TARGET, cause: 'service', retryAt: null }, '!'],
    [{ status: 'invalid-response', origin: TARGET, problem: 'bad' }, 'ERR'],
    [{ status: 'rejected', origin: TARGET, message: null }, 'ERR'],
  ])('%j', (view, mark) => {
    const { container } = renderView(view);
    const drawn = container.querySelector('.state-mark');
    expect(drawn?.textContent).toBe(mark);
    // Decoration: the title says the state in words.
    expect(drawn?.getAttribute('aria-hidden')).toBe('true');
  });

  it('offers Refresh in words when no retry time is known', () => {
    renderView(
      { status: 'unavailable', origin: TARGET, cause: 'network', retryAt: null },
      () => {},
    );
    screen.getByText('Refresh to try again.');
  });

  it('draws the shape of the report to come while loading', () => {
    const { container } = renderView({ status: 'loading', origin: TARGET });
    expect(container.querySelectorAll('.skeleton-line').length).toBeGreaterThan(0);
    expect(container.querySelector('.skeleton')?.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('PopupView for a state it does not know', () => {
  it('still shows a view, not a blank popup', () => {
    const unknown = { status: 'from-a-newer-version', origin: TARGET } as unknown as TabView;
    renderView(unknown, () => {});
    expect(h1()).toBe('Nothing to show for this tab yet');
    screen.getByRole('button', { name: 'Refresh' });
  });
});

describe("PopupView for the live service's answers", () => {
  it('busy: says the service is limiting this network and when the next try is', () => {
    renderView({ status: 'busy', origin: TARGET, retryAt: NOW + 5 * 60_000 }, () => {});
    expect(h1()).toBe('The report service is busy for this network');
    screen.getByText(/limiting lookups from this network/);
    screen.getByText(/Nothing is wrong with this site or its report/);
    expect(screen.getByText(/^Next try after/).className).toBe('next-try');
  });

  it('service moved: names the address, never "no report", with the service words and docs link', () => {
    renderView({
      status: 'service-moved',
      origin: TARGET,
      message: 'No API route matches this path.',
      documentationUrl: 'https://is-agentic.com/docs#errors',
    });
    expect(h1()).toBe('The service no longer answers at this address');
    screen.getByText(/check the service address in the options/);
    screen.getByText('No API route matches this path.');
    expect(screen.queryByText('No readiness report yet')).toBeNull();
    expect(screen.getByRole('link', { name: /API documentation/ }).getAttribute('href')).toBe(
      'https://is-agentic.com/docs#errors',
    );
  });

  it('no report: shows the resolution in the service words as text, and its scan link', () => {
    const resolution =
      'Start a scan at https://is-agentic.com/scan/mvanhorn.com, wait for it to complete, and retry this request.';
    renderView({
      status: 'no-report',
      origin: TARGET,
      message: 'No completed Is Agentic report is stored for this URL.',
      resolution,
      scanUrl: 'https://is-agentic.com/scan/mvanhorn.com',
      documentationUrl: null,
    });
    screen.getByText(resolution);
    expect(screen.getByRole('link', { name: /Scan this site/ }).getAttribute('href')).toBe(
      'https://is-agentic.com/scan/mvanhorn.com',
    );
  });
});
