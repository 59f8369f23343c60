import {
  act,
  cleanup,
  fireEvent,
  render,
  renderHook,
  screen,
  waitFor,
  within,
} from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { formatMessage, readLocaleMessages } from '../../build/locale-messages';
import { PopupView } from '../../components/popup/PopupView';
import { type PopupControls, usePopupControls } from '../../components/popup/use-popup-controls';
import type { ScanReport } from '../../lib/contract/report-schema';
import { DEFAULT_SERVICE_BASE_URL } from '../../lib/contract/service-base-url';
import { PROTOCOL } from '../../lib/messaging/protocol';
import { NO_POLICY } from '../../lib/settings/managed-policy';
import { applyPolicy, DEFAULT_SETTINGS } from '../../lib/settings/settings';
import { sitePauseOf } from '../../lib/settings/site-pause';
import type { TabView } from '../../lib/tabs/tab-view';
import { FIXTURE_ORIGINS, fixtureReports } from '../../reference-server/fixtures/reports';
import { installEnglishMessages } from '../support/fake-i18n';

afterEach(() => {
  cleanup();
  installEnglishMessages();
});

// fixed date: the clock this test passes in, to the code under test and to the fixture reports
const NOW = Date.parse('2026-11-22T09:30:00Z');
const reports = fixtureReports(DEFAULT_SERVICE_BASE_URL, NOW);
const SITE = FIXTURE_ORIGINS.mid;

function reportView(report: ScanReport = reports.mid, stale = false): TabView {
  return { status: 'report', origin: SITE, report, receivedAt: NOW - 3_600_000, stale };
}

const HOST = new URL(SITE).hostname;

function controls(
  overrides: Partial<PopupControls> = {},
  settings: { lookupModeChosen?: boolean; pausedDomains?: string[]; policyDomains?: string[] } = {},
) {
  const { policyDomains = [], ...user } = settings;
  const effective = applyPolicy(
    { ...DEFAULT_SETTINGS, lookupModeChosen: true, ...user },
    { ...NO_POLICY, neverLookUpDomains: policyDomains },
  );
  return {
    settings: effective,
    serviceBaseUrl: 'https://is-agentic.com',
    serviceHost: 'is-agentic.com',
    serviceSetByPolicy: false,
    site: SITE,
    check: null,
    sitePause: sitePauseOf(effective, SITE, null),
    scoreChange: null,
    checkDiff: null,
    copyFixList: vi.fn(async () => true),
    offerPause: vi.fn(),
    pauseDomain: vi.fn(),
    cancelPause: vi.fn(),
    resumeSite: vi.fn(),
    chooseLookupMode: vi.fn(),
    openOptions: vi.fn(),
    parent: null,
    showParent: vi.fn(),
    ...overrides,
  } satisfies PopupControls;
}

function renderPopup(view: TabView | null, popupControls?: PopupControls) {
  return render(<PopupView view={view} now={NOW} onRefresh={() => {}} controls={popupControls} />);
}

describe('PopupView consent notice', () => {
  it('asks until the user has chosen, saying what is sent and to whom, above the report', () => {
    const choices = controls({}, { lookupModeChosen: false });
    renderPopup(reportView(), choices);
    const notice = screen.getByRole('region', { name: 'Automatic lookups are off' });
    expect(notice.textContent).toMatch(/origin of each site you visit/);
    expect(notice.textContent).toMatch(/never the page’s path/);
    expect(notice.textContent).toContain('is-agentic.com');
    // The report the user opened the popup for is still there.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(reports.mid.display_target);
    fireEvent.click(within(notice).getByRole('button', { name: 'Look up sites automatically' }));
    expect(choices.chooseLookupMode).toHaveBeenLastCalledWith(true);
    fireEvent.click(within(notice).getByRole('button', { name: 'Only when I open this' }));
    expect(choices.chooseLookupMode).toHaveBeenLastCalledWith(false);
  });

  it('is gone once the user has chosen', () => {
    renderPopup(reportView(), controls());
    expect(screen.queryByRole('region', { name: 'Automatic lookups are off' })).toBeNull();
  });

  it('waits for the settings rather than flashing the question', () => {
    renderPopup(reportView(), controls({ settings: null, sitePause: null }));
    expect(screen.queryByText('Automatic lookups are off')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pause on this site' })).toBeNull();
  });
});

describe('PopupView ways to the other pages', () => {
  it('links this site and all sites, and opens Settings, on a view about a site', () => {
    const actions = controls();
    renderPopup(reportView(), actions);
    expect(screen.getByRole('link', { name: 'Watch this site…' }).getAttribute('href')).toBe(
      `/sites.html?site=${encodeURIComponent(SITE)}`,
    );
    expect(screen.getByRole('link', { name: 'All sites' }).getAttribute('href')).toBe(
      '/sites.html',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(actions.openOptions).toHaveBeenCalledOnce();
  });

  it('keeps All sites and Settings on a view without a site (a new-tab page)', () => {
    const actions = controls({ site: null, sitePause: null });
    renderPopup({ status: 'not-looked-up', reason: 'not-http' }, actions);
    expect(screen.queryByRole('link', { name: 'Watch this site…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pause on this site' })).toBeNull();
    expect(screen.getByRole('link', { name: 'All sites' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(actions.openOptions).toHaveBeenCalledOnce();
  });
});

describe('PopupView pause and resume', () => {
  it('asks to pause the site the report is about', () => {
    const actions = controls();
    renderPopup(reportView(), actions);
    fireEvent.click(screen.getByRole('button', { name: 'Pause on this site' }));
    expect(actions.offerPause).toHaveBeenCalled();
  });

  it('offers the site alone or its whole domain, and pauses the one chosen', () => {
    const choosing = { kind: 'choosing', host: HOST, domain: 'readiness-fixtures.com' } as const;
    const actions = controls({ sitePause: choosing });
    renderPopup(reportView(), actions);
    const choice = screen.getByRole('group', { name: 'Pause lookups on' });
    // The choice replaced the button that opened it: the focus is on its first answer.
    expect(document.activeElement).toBe(
      within(choice).getByRole('button', { name: `Only ${HOST}` }),
    );
    fireEvent.click(within(choice).getByRole('button', { name: `Only ${HOST}` }));
    expect(actions.pauseDomain).toHaveBeenLastCalledWith(HOST);
    fireEvent.click(within(choice).getByRole('button', { name: 'All of readiness-fixtures.com' }));
    expect(actions.pauseDomain).toHaveBeenLastCalledWith('readiness-fixtures.com');
    fireEvent.click(within(choice).getByRole('button', { name: 'Cancel' }));
    expect(actions.cancelPause).toHaveBeenCalled();
  });

  it('names the whole domain when a paused domain above the site covers it', () => {
    const actions = controls({}, { pausedDomains: ['readiness-fixtures.com'] });
    renderPopup({ status: 'not-looked-up', reason: 'paused' }, actions);
    expect(
      screen.getByText(
        'Paused: readiness-fixtures.com and every site under it are not looked up until you resume.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resume on this site' }));
    expect(actions.resumeSite).toHaveBeenCalledWith(SITE);
  });

  it("offers no Resume for a site the administrator's policy covers, and says why", () => {
    const actions = controls(
      {},
      { pausedDomains: [HOST], policyDomains: ['readiness-fixtures.com'] },
    );
    renderPopup({ status: 'not-looked-up', reason: 'paused' }, actions);
    expect(
      screen.getByText(
        'Your administrator has set readiness-fixtures.com never to be looked up; it cannot be resumed here.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Resume|Pause/ })).toBeNull();
  });

  it('offers Resume, saying so, while the site is paused', () => {
    const actions = controls({}, { pausedDomains: [HOST] });
    renderPopup({ status: 'not-looked-up', reason: 'paused' }, actions);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Not looked up: paused on this site',
    );
    expect(
      screen.getByText('Paused: mid.readiness-fixtures.com is not looked up until you resume.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pause on this site' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resume on this site' }));
    expect(actions.resumeSite).toHaveBeenCalledWith(SITE);
  });

  it('offers nothing to pause where no site is known (a browser page)', () => {
    renderPopup({ status: 'not-looked-up', reason: 'not-http' }, controls({ site: null }));
    expect(screen.queryByRole('button', { name: /Pause|Resume/ })).toBeNull();
  });
});

describe('PopupView copy fix list', () => {
  it('copies the shown report and says so in a status', async () => {
    const actions = controls();
    renderPopup(reportView(), actions);
    fireEvent.click(screen.getByRole('button', { name: 'Copy fix list' }));
    expect(actions.copyFixList).toHaveBeenCalledWith(reports.mid);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Fix list copied as Markdown.'),
    );
  });

  it('says when the clipboard refused', async () => {
    renderPopup(reportView(), controls({ copyFixList: vi.fn(async () => false) }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy fix list' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Could not copy/));
  });

  it('is not offered for a report without issues', () => {
    renderPopup(reportView(reports.noIssues), controls());
    expect(screen.queryByRole('button', { name: 'Copy fix list' })).toBeNull();
  });
});

describe('PopupView score change since the previous scan', () => {
  // fixed date: the previous scan, shown as its day, never compared with the clock
  const previousScannedAt = Date.parse('2026-10-03T09:00:00Z');

  it.each([
    [8, '+8 since Oct 3', 'up'],
    [-5, '-5 since Oct 3', 'down'],
    [0, 'Unchanged since Oct 3', 'same'],
  ])('shows a change of %d as "%s"', (delta, text, direction) => {
    renderPopup(reportView(), controls({ scoreChange: { delta, previousScannedAt } }));
    const note = screen.getByText(text);
    expect(note.closest('p')?.classList.contains(`score-change-${direction}`)).toBe(true);
    expect(note.closest('p')?.textContent).toBe(`Score change since the previous scan: ${text}`);
  });

  it('shows nothing without a previous scan', () => {
    renderPopup(reportView(), controls());
    expect(screen.queryByText(/since/)).toBeNull();
  });
});

describe('PopupView check changes since the previous scan', () => {
  // fixed date: the previous scan, shown as its day, never compared with the clock
  const previousScannedAt = Date.parse('2026-10-03T09:00:00Z');
  const named = (id: string, name: string) => ({
    id,
    name,
    tier: 'essential' as const,
    result: 'failed' as const,
  });
  const changes = {
    kind: 'changes' as const,
    previousScannedAt,
    fixed: [named('markdown', 'Markdown negotiation'), named('sitemap', 'Sitemap')],
    new: [named('json-ld', 'JSON-LD')],
    worse: [],
    better: [named('openapi', 'OpenAPI description')],
    method: null,
  };

  it('counts what changed under the score change, and opens to the names', async () => {
    const { container } = renderPopup(reportView(), controls({ checkDiff: changes }));
    const summary = await screen.findByText('Since the scan of Oct 3: 2 fixed, 1 new, 1 better');
    const details = summary.closest('details');
    expect(details?.open).toBe(false);
    expect(details?.textContent).toContain('Fixed: Markdown negotiation, Sitemap');
    expect(details?.textContent).toContain('New: JSON-LD');
    expect(details?.textContent).toContain('Better: OpenAPI description');
    expect(details?.textContent).not.toContain('Worse');
    fireEvent.click(summary);
    expect(container.querySelector('details.check-change')).toBeTruthy();
  });

  it("says the service's method changed, apart from what changed on the site", async () => {
    const method = { began: [named('agent-skills', 'Agent skills')], stopped: [] };
    renderPopup(reportView(), controls({ checkDiff: { ...changes, new: [], better: [], method } }));
    const summary = await screen.findByText(
      "Since the scan of Oct 3: the service's method changed, 2 fixed",
    );
    expect(summary.closest('details')?.textContent).toContain(
      'New checks of the service: Agent skills',
    );
    cleanup();
    // The method alone: a line, nothing to open.
    const alone = {
      ...changes,
      fixed: [],
      new: [],
      better: [],
      method: { began: [], stopped: [] },
    };
    renderPopup(reportView(), controls({ checkDiff: alone }));
    const line = await screen.findByText("Since the scan of Oct 3: the service's method changed");
    expect(line.tagName).toBe('P');
  });

  it('says the service counts differently instead of listing changes', async () => {
    renderPopup(
      reportView(),
      controls({ checkDiff: { kind: 'methodology-moved', previousScannedAt } }),
    );
    expect(
      await screen.findByText(
        "The service's method changed since the scan of Oct 3, too much to compare its checks",
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/fixed/)).toBeNull();
  });

  it.each([
    ['a first scan', { kind: 'first-scan' as const }],
    ['an unknown list', { kind: 'unknown' as const }],
    ['no change', { ...changes, fixed: [], new: [], better: [] }],
  ])('shows nothing for %s', async (_name, checkDiff) => {
    const { container } = renderPopup(reportView(), controls({ checkDiff }));
    // The note's own chunk has loaded and rendered whatever it would.
    await act(async () => {
      await import('../../components/report/CheckChangeNote');
    });
    expect(container.querySelector('.check-change')).toBeNull();
    expect(screen.queryByText(/Since the scan/)).toBeNull();
  });
});

describe('PopupView links from the service', () => {
  it('names the host of a link that leaves the service, and drops plain http from https', () => {
    const leaving = { ...reports.mid, report_url: 'https://reports.example.org/mid' };
    renderPopup(reportView(leaving), controls());
    expect(screen.getByRole('link', { name: /Open full report/ }).textContent).toContain(
      'Open full report (reports.example.org)',
    );
    cleanup();
    const plain = { ...reports.mid, report_url: 'http://is-agentic.com/r/mid' };
    renderPopup(reportView(plain), controls());
    expect(screen.queryByRole('link', { name: /Open full report/ })).toBeNull();
  });

  it('gives a link on the service’s own site without a host', () => {
    const own = { ...reports.mid, report_url: 'https://is-agentic.com/r/mid' };
    renderPopup(reportView(own), controls());
    expect(screen.getByRole('link', { name: /Open full report/ }).textContent).toBe(
      'Open full report (opens in a new tab)',
    );
  });
});

describe('PopupView without permission to reach the service', () => {
  const view: TabView = {
    status: 'service-not-permitted',
    origin: SITE,
    serviceHost: 'lookup.corp.example',
  };

  it('names the service it may not reach, says nothing was sent and opens the options', () => {
    const popupControls = controls();
    const { container } = renderPopup(view, popupControls);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'This extension may not reach the report service',
    );
    expect(container.textContent).toContain('Nothing was sent');
    expect(container.textContent).toContain('lookup.corp.example');
    expect(container.textContent).toContain('allow access on the options page');
    expect(container.textContent).not.toMatch(/network|no report/i);
    fireEvent.click(screen.getByRole('button', { name: 'Open options' }));
    expect(popupControls.openOptions).toHaveBeenCalled();
  });

  it('names the administrator when a policy chose the service', () => {
    const { container } = renderPopup(view, controls({ serviceSetByPolicy: true }));
    expect(container.textContent).toContain('Your administrator chose this service');
  });
});

describe("PopupView: a subdomain without a report, and its registrable domain's", () => {
  const DOCS = 'https://docs.example.com';
  const PARENT = 'https://example.com';
  const noReport: TabView = {
    status: 'no-report',
    origin: DOCS,
    message: null,
    scanUrl: null,
    documentationUrl: null,
  };
  const parentReport = { ...reports.high, display_target: 'example.com' };
  const withParent = (view: TabView | null) =>
    controls({ parent: { of: DOCS, site: PARENT, view } });

  it("offers the other site's report, and asks for it only on a click", () => {
    const popupControls = withParent(null);
    renderPopup(noReport, popupControls);
    expect(popupControls.showParent).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: "Show example.com's report" }));
    expect(popupControls.showParent).toHaveBeenCalledWith(PARENT);
  });

  it('shows it under a heading naming the other site, below this site\'s "no report"', () => {
    renderPopup(
      noReport,
      withParent({
        status: 'report',
        origin: PARENT,
        report: parentReport,
        receivedAt: NOW,
        stale: false,
      }),
    );
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['No readiness report yet']);
    const section = screen.getByRole('region', { name: 'Report of example.com, another site' });
    expect(within(section).getByText('92')).toBeTruthy();
    expect(
      within(section).getByRole('heading', { level: 3, name: 'Score breakdown' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Show example.com/ })).toBeNull();
  });

  it('names what the lookup of the other site ended in, and that it is under way', () => {
    const busy: TabView = { status: 'busy', origin: PARENT, retryAt: null };
    renderPopup(noReport, withParent(busy));
    const section = screen.getByRole('region', { name: 'Report of example.com, another site' });
    expect(within(section).getByRole('heading', { level: 3 }).textContent).toMatch(/busy/i);
    cleanup();
    renderPopup(noReport, withParent({ status: 'loading', origin: PARENT }));
    expect(screen.getByText('Looking up example.com…')).toBeTruthy();
  });
});

describe("usePopupControls: the other site's report", () => {
  const noReportOf = (origin: string): TabView => ({
    status: 'no-report',
    origin,
    message: null,
    scanUrl: null,
    documentationUrl: null,
  });
  const answer = noReportOf('https://example.com');

  beforeEach(() => fakeBrowser.reset());

  it('offers the registrable domain and sends one showSite for it, only when asked', async () => {
    const sent = vi
      .spyOn(fakeBrowser.runtime, 'sendMessage')
      .mockImplementation((async () => ({ ok: true, value: answer })) as never);
    const view = noReportOf('https://docs.example.com');
    const { result } = renderHook(() => usePopupControls(view, null));
    await waitFor(() => expect(result.current.parent?.site).toBe('https://example.com'));
    expect(sent).not.toHaveBeenCalled();
    act(() => result.current.showParent('https://example.com'));
    await waitFor(() => expect(result.current.parent?.view).toEqual(answer));
    expect(sent.mock.calls.map(([message]) => message)).toEqual([
      {
        protocol: PROTOCOL,
        name: 'showSite',
        data: { origin: 'https://example.com', force: false },
      },
    ]);
  });

  it('offers nothing for a paused domain, a registrable domain itself, or a report', async () => {
    await fakeBrowser.storage.local.set({
      settings: { ...DEFAULT_SETTINGS, pausedDomains: ['paused-site.com'] },
    });
    const views = [
      noReportOf('https://docs.paused-site.com'),
      noReportOf('https://example.com'),
      noReportOf('https://someone.github.io'),
      reportView(),
    ];
    const hooks = views.map((view) => renderHook(() => usePopupControls(view, null)).result);
    // The rules are loaded once for all: when a site that has a wider one is offered it, the
    // others have been decided too.
    const offered = renderHook(() => usePopupControls(noReportOf('https://www.example.com'), null));
    await waitFor(() => expect(offered.result.current.parent?.site).toBe('https://example.com'));
    await waitFor(() =>
      expect(hooks[0]?.current.settings?.pausedDomains).toContain('paused-site.com'),
    );
    expect(hooks.map((hook) => hook.current.parent)).toEqual([null, null, null, null]);
  });
});

describe('usePopupControls: the site and tab Check now checks', () => {
  beforeEach(() => fakeBrowser.reset());
  const check = (view: TabView, pageSite: string | null, tabId: number | null = 7) =>
    renderHook(() => usePopupControls(view, pageSite, { tabId })).result.current.check;

  it('checks the site the tab shows, trailing dot and all, for the report of its name without it', () => {
    // The lookup sends "mid.readiness-fixtures.com." as the name without its dot; the page the
    // user sees came from the host with it, and Check now asks that host.
    expect(check(reportView(), `${SITE}.`)).toEqual({ origin: `${SITE}.`, tabId: 7 });
    expect(check(reportView(), SITE)).toEqual({ origin: SITE, tabId: 7 });
    // The report window shows a site, not a tab.
    expect(check(reportView(), null, null)).toEqual({ origin: SITE, tabId: null });
  });

  it('checks a site never sent (local, paused) by the page it shows, and nothing private', () => {
    const local: TabView = { status: 'not-looked-up', reason: 'localhost' };
    expect(check(local, 'http://localhost:3000')).toEqual({
      origin: 'http://localhost:3000',
      tabId: 7,
    });
    expect(check({ status: 'not-looked-up', reason: 'incognito' }, SITE)).toBeNull();
    expect(check({ status: 'loading', origin: SITE }, SITE)).toBeNull();
  });
});

describe('PopupView in German', () => {
  it('shows every text from the German messages, numbers the German way', async () => {
    const german = readLocaleMessages().get('de') ?? {};
    fakeBrowser.i18n.getMessage = ((key: string, subs?: string | string[]) => {
      const entry = german[key];
      return entry ? formatMessage(entry, typeof subs === 'string' ? [subs] : (subs ?? [])) : '';
    }) as typeof fakeBrowser.i18n.getMessage;
    fakeBrowser.i18n.getUILanguage = () => 'de';
    const { container } = renderPopup(
      reportView(),
      controls({
        // fixed date: the previous scan, shown as its day, never compared with the clock
        scoreChange: { delta: 8, previousScannedAt: Date.parse('2026-10-03T09:00:00Z') },
        checkDiff: {
          kind: 'changes',
          // fixed date: the previous scan, shown as its day, never compared with the clock
          previousScannedAt: Date.parse('2026-10-03T09:00:00Z'),
          fixed: [{ id: 'sitemap', name: 'Sitemap', tier: 'essential', result: 'failed' }],
          new: [],
          worse: [{ id: 'json-ld', name: 'JSON-LD', tier: 'essential', result: 'failed' }],
          better: [],
          method: null,
        },
      }),
    );
    expect(
      await screen.findByText('Seit dem Scan vom 3. Okt.: 1 behoben, 1 schlechter'),
    ).toBeTruthy();
    expect(container.textContent).toContain('Behoben: Sitemap');
    expect(screen.getByText('12,5 / 20 Punkte')).toBeTruthy();
    expect(screen.getByText('9 / 12 Prüfungen bestanden')).toBeTruthy();
    expect(screen.getByText('+8 seit 3. Okt.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Vollständigen Bericht öffnen/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Liste zum Beheben kopieren' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Auf dieser Website pausieren' })).toBeTruthy();
    expect(container.textContent).toContain('Gescannt vor 3 Tagen');
    expect(container.textContent).not.toMatch(/Scanned|points|Refresh/);
  });
});
