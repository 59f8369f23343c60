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
import { ReportView } from '../../components/report/ReportView';
import { useParentSite } from '../../components/status/ParentSite';
import type { ScanReport } from '../../lib/contract/report-schema';
import { DEFAULT_SERVICE_BASE_URL } from '../../lib/contract/service-base-url';
import type { CheckDiff } from '../../lib/history/check-diff';
import { historyPartOf, SCORE_HISTORY_RECORD } from '../../lib/history/score-history';
import { PROTOCOL, type WorkerMessage } from '../../lib/messaging/protocol';
import { checkTargetOf } from '../../lib/page/popup-start';
import { NO_POLICY } from '../../lib/settings/managed-policy';
import { applyPolicy, DEFAULT_SETTINGS, type EffectiveSettings } from '../../lib/settings/settings';
import { keyOf } from '../../lib/storage/record';
import type { ShownView, TabView } from '../../lib/tabs/tab-view';
import { FIXTURE_ORIGINS, fixtureReports } from '../../reference-server/fixtures/reports';
import { installEnglishMessages } from '../support/fake-i18n';

/** Unmounts, running the passive cleanups Preact defers past the test's end (its spies then gone). */
const unmountAll = () => act(() => cleanup());

afterEach(() => {
  unmountAll();
  installEnglishMessages();
});

// fixed date: the clock this test passes in, to the code under test and to the fixture reports
const NOW = Date.parse('2026-11-22T09:30:00Z');
const reports = fixtureReports(DEFAULT_SERVICE_BASE_URL, NOW);
const SITE = FIXTURE_ORIGINS.mid;
const HOST = new URL(SITE).hostname;

function reportView(report: ScanReport = reports.mid, stale = false): TabView {
  return { status: 'report', origin: SITE, report, receivedAt: NOW - 3_600_000, stale };
}

function settingsOf(
  settings: { lookupModeChosen?: boolean; pausedDomains?: string[]; policyDomains?: string[] } = {},
): EffectiveSettings {
  const { policyDomains = [], ...user } = settings;
  return applyPolicy(
    { ...DEFAULT_SETTINGS, lookupModeChosen: true, ...user },
    { ...NO_POLICY, neverLookUpDomains: policyDomains },
  );
}

/** The popup of the page at `site` showing `view`, with the settings it read before rendering. */
function renderPopup(
  view: ShownView | null,
  settings: EffectiveSettings = settingsOf(),
  site: string | null = SITE,
) {
  return render(
    <PopupView view={view} now={NOW} onRefresh={() => {}} page={{ site, tabId: null, settings }} />,
  );
}

/** What the worker is sent, as [name, data]; `answer` replies to each. */
let sent: () => [string, unknown][];
let answer: (message: WorkerMessage) => Promise<unknown>;

beforeEach(() => {
  fakeBrowser.reset();
  answer = async () => null;
  const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation((async (
    message: WorkerMessage,
  ) => ({
    ok: true,
    value: await answer(message),
  })) as never);
  sent = () =>
    send.mock.calls.map(([message]) => {
      const { name, data } = message as unknown as WorkerMessage;
      return [name, data];
    });
  // Check now's part of a report, once loaded, asks about the site's access and listens for it.
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(false as never);
  for (const event of [fakeBrowser.permissions.onAdded, fakeBrowser.permissions.onRemoved]) {
    vi.spyOn(event, 'addListener').mockImplementation(() => {});
    vi.spyOn(event, 'removeListener').mockImplementation(() => {});
  }
});

describe('PopupView consent notice', () => {
  it('asks until the user has chosen, saying what is sent and to whom, above the report', () => {
    renderPopup(reportView(), settingsOf({ lookupModeChosen: false }));
    const notice = screen.getByRole('region', { name: 'Automatic lookups are off' });
    expect(notice.textContent).toMatch(/origin of each site you visit/);
    expect(notice.textContent).toMatch(/never the page’s path/);
    expect(notice.textContent).toContain('is-agentic.com');
    // The report the user opened the popup for is still there.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(reports.mid.display_target);
    fireEvent.click(within(notice).getByRole('button', { name: 'Look up sites automatically' }));
    fireEvent.click(within(notice).getByRole('button', { name: 'Only when I open this' }));
    expect(sent()).toEqual([
      ['setLookupMode', { mode: 'automatic' }],
      ['setLookupMode', { mode: 'on-click' }],
    ]);
  });

  it('is gone once the user has chosen', () => {
    renderPopup(reportView());
    expect(screen.queryByRole('region', { name: 'Automatic lookups are off' })).toBeNull();
  });

  it('waits for the settings rather than flashing the question', async () => {
    render(<PopupView view={reportView()} now={NOW} page={{ site: SITE, tabId: null }} />);
    expect(screen.queryByText('Automatic lookups are off')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pause on this site' })).toBeNull();
    // Read: nobody has answered yet.
    await screen.findByRole('region', { name: 'Automatic lookups are off' });
  });
});

describe('PopupView ways to the other pages', () => {
  const openOptions = () =>
    vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);

  it('links this site and all sites, and opens Settings, on a view about a site', () => {
    const opened = openOptions();
    renderPopup(reportView());
    expect(screen.getByRole('link', { name: 'Watch this site…' }).getAttribute('href')).toBe(
      `/sites.html?site=${encodeURIComponent(SITE)}`,
    );
    expect(screen.getByRole('link', { name: 'All sites' }).getAttribute('href')).toBe(
      '/sites.html',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(opened).toHaveBeenCalledOnce();
  });

  it('keeps All sites and Settings on a view without a site (a new-tab page)', () => {
    const opened = openOptions();
    renderPopup({ status: 'not-looked-up', reason: 'not-http' }, settingsOf(), null);
    expect(screen.queryByRole('link', { name: 'Watch this site…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pause on this site' })).toBeNull();
    expect(screen.getByRole('link', { name: 'All sites' }).getAttribute('href')).toBe(
      '/sites.html',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(opened).toHaveBeenCalledOnce();
  });
});

describe('PopupView pause and resume', () => {
  // The pause choice imports the Public Suffix List (tldts) on the first click: a module that a
  // busy machine takes more than testing-library's default second to load.
  const LIST_LOADED = { timeout: 10_000 };
  const choice = () => screen.findByRole('group', { name: 'Pause lookups on' }, LIST_LOADED);
  const pauseButton = () => screen.getByRole('button', { name: 'Pause on this site' });

  it('offers the site alone or its whole domain, and pauses the one chosen', async () => {
    renderPopup(reportView());
    fireEvent.click(pauseButton());
    // The choice replaced the button that opened it: the focus is on its first answer.
    const only = within(await choice()).getByRole('button', { name: `Only ${HOST}` });
    await waitFor(() => expect(document.activeElement).toBe(only));
    fireEvent.click(only);
    expect(sent()).toEqual([['pauseSite', { domain: HOST }]]);
    fireEvent.click(pauseButton());
    const whole = 'All of readiness-fixtures.com';
    fireEvent.click(within(await choice()).getByRole('button', { name: whole }));
    expect(sent()[1]).toEqual(['pauseSite', { domain: 'readiness-fixtures.com' }]);
    fireEvent.click(pauseButton());
    fireEvent.click(within(await choice()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Pause lookups on' })).toBeNull();
    expect(pauseButton().textContent).toBe('Pause on this site');
    expect(sent()).toHaveLength(2);
  });

  it('pauses a site that is its own registrable domain at once', async () => {
    const view: TabView = {
      status: 'no-report',
      origin: 'https://example.com',
      message: null,
      scanUrl: null,
      documentationUrl: null,
    };
    renderPopup(view, settingsOf(), 'https://example.com');
    fireEvent.click(pauseButton());
    await waitFor(
      () => expect(sent()).toEqual([['pauseSite', { domain: 'example.com' }]]),
      LIST_LOADED,
    );
  });

  it('names the whole domain when a paused domain above the site covers it', () => {
    renderPopup(
      { status: 'not-looked-up', reason: 'paused' },
      settingsOf({ pausedDomains: ['readiness-fixtures.com'] }),
    );
    screen.getByText(
      'Paused: readiness-fixtures.com and every site under it are not looked up until you resume.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Resume on this site' }));
    expect(sent()).toEqual([['resumeSite', { origin: SITE }]]);
  });

  it("offers no Resume for a site the administrator's policy covers, and says why", () => {
    renderPopup(
      { status: 'not-looked-up', reason: 'paused' },
      settingsOf({ pausedDomains: [HOST], policyDomains: ['readiness-fixtures.com'] }),
    );
    screen.getByText(
      'Your administrator has set readiness-fixtures.com never to be looked up; it cannot be resumed here.',
    );
    expect(screen.queryByRole('button', { name: /Resume|Pause/ })).toBeNull();
  });

  it('offers Resume, saying so, while the site is paused', () => {
    renderPopup(
      { status: 'not-looked-up', reason: 'paused' },
      settingsOf({ pausedDomains: [HOST] }),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Not looked up: paused on this site',
    );
    screen.getByText('Paused: mid.readiness-fixtures.com is not looked up until you resume.');
    expect(screen.queryByRole('button', { name: 'Pause on this site' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resume on this site' }));
    expect(sent()).toEqual([['resumeSite', { origin: SITE }]]);
  });

  it('offers nothing to pause where no site is known (a browser page)', () => {
    renderPopup({ status: 'not-looked-up', reason: 'not-http' }, settingsOf(), null);
    expect(screen.queryByRole('button', { name: /Pause|Resume/ })).toBeNull();
  });
});

describe('PopupView copy fix list', () => {
  // Beside the button: Check now has a status of its own.
  const copyStatus = () =>
    screen.getByRole('button', { name: 'Copy fix list' }).nextElementSibling?.textContent;

  it('copies the shown report as Markdown and says so in a status', async () => {
    const write = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderPopup(reportView());
    fireEvent.click(screen.getByRole('button', { name: 'Copy fix list' }));
    await waitFor(() => expect(copyStatus()).toBe('Fix list copied as Markdown.'));
    expect(write.mock.calls[0]?.[0]).toMatch(
      `# Agent readiness fixes for ${reports.mid.display_target}\n`,
    );
  });

  it('says when the clipboard refused', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('no focus'));
    renderPopup(reportView());
    fireEvent.click(screen.getByRole('button', { name: 'Copy fix list' }));
    await waitFor(() => expect(copyStatus()).toMatch(/Could not copy/));
  });

  it('is not offered for a report without issues', () => {
    renderPopup(reportView(reports.noIssues));
    expect(screen.queryByRole('button', { name: 'Copy fix list' })).toBeNull();
  });
});

/** The previous scan: 50 days before the test's clock, which the notes read as Oct 3. */
const previousScannedAt = NOW - 50 * 24 * 60 * 60 * 1000;
const PREVIOUS_SCAN = new Date(previousScannedAt).toISOString();

/** The site's previous scan, scored `score`, as its score history keeps it. */
const keepPreviousScan = (score: number) =>
  fakeBrowser.storage.local.set({
    [keyOf(SCORE_HISTORY_RECORD, historyPartOf(SITE))]: {
      [SITE]: {
        seen: previousScannedAt,
        scans: [{ scannedAt: PREVIOUS_SCAN, score, checks: null }],
      },
    },
  });

/** The mid report's view with `checkDiff` under its score. */
const renderReport = (checkDiff: CheckDiff) =>
  render(
    <ReportView
      report={reports.mid}
      stale={false}
      receivedAt={NOW}
      now={NOW}
      checkDiff={checkDiff}
    />,
  );

describe('PopupView score change since the previous scan', () => {
  it.each([
    [8, '+8 since Oct 3', 'up'],
    [-5, '-5 since Oct 3', 'down'],
    [0, 'Unchanged since Oct 3', 'same'],
  ])('shows a change of %d as "%s"', async (delta, text, direction) => {
    // The mid fixture's score rounds to 75.
    await keepPreviousScan(75 - delta);
    renderPopup(reportView());
    const note = await screen.findByText(text);
    expect(note.closest('p')?.classList.contains(`score-change-${direction}`)).toBe(true);
    expect(note.closest('p')?.textContent).toBe(`Score change since the previous scan: ${text}`);
  });

  it('shows nothing without a previous scan', async () => {
    renderPopup(reportView());
    await act(async () => {});
    expect(screen.queryByText(/since/)).toBeNull();
  });
});

describe('ReportView check changes since the previous scan', () => {
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
    renderReport(changes);
    const summary = await screen.findByText('Since the scan of Oct 3: 2 fixed, 1 new, 1 better');
    const details = summary.closest('details');
    expect(details?.open).toBe(false);
    expect(details?.textContent).toContain('Fixed: Markdown negotiation, Sitemap');
    expect(details?.textContent).toContain('New: JSON-LD');
    expect(details?.textContent).toContain('Better: OpenAPI description');
    expect(details?.textContent).not.toContain('Worse');
    expect(details?.classList.contains('check-change')).toBe(true);
  });

  it("says the service's method changed, apart from what changed on the site", async () => {
    const method = { began: [named('agent-skills', 'Agent skills')], stopped: [] };
    renderReport({ ...changes, new: [], better: [], method });
    const summary = await screen.findByText(
      "Since the scan of Oct 3: the service's method changed, 2 fixed",
    );
    expect(summary.closest('details')?.textContent).toContain(
      'New checks of the service: Agent skills',
    );
    unmountAll();
    // The method alone: a line, nothing to open.
    const alone = {
      ...changes,
      fixed: [],
      new: [],
      better: [],
      method: { began: [], stopped: [] },
    };
    renderReport(alone);
    const line = await screen.findByText("Since the scan of Oct 3: the service's method changed");
    expect(line.tagName).toBe('P');
  });

  it('says the service counts differently instead of listing changes', async () => {
    renderReport({ kind: 'methodology-moved', previousScannedAt });
    const note = await screen.findByText(
      "The service's method changed since the scan of Oct 3, too much to compare its checks",
    );
    expect(note.classList.contains('check-change')).toBe(true);
    expect(screen.queryByText(/fixed/)).toBeNull();
  });

  it.each([
    ['a first scan', { kind: 'first-scan' as const }],
    ['an unknown list', { kind: 'unknown' as const }],
    ['no change', { ...changes, fixed: [], new: [], better: [] }],
  ])('shows nothing for %s', async (_name, checkDiff) => {
    const { container } = renderReport(checkDiff);
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
    renderPopup(reportView(leaving));
    expect(screen.getByRole('link', { name: /Open full report/ }).textContent).toContain(
      'Open full report (reports.example.org)',
    );
    unmountAll();
    const plain = { ...reports.mid, report_url: 'http://is-agentic.com/r/mid' };
    renderPopup(reportView(plain));
    expect(screen.queryByRole('link', { name: /Open full report/ })).toBeNull();
  });

  it('gives a link on the service’s own site without a host', () => {
    const own = { ...reports.mid, report_url: 'https://is-agentic.com/r/mid' };
    renderPopup(reportView(own));
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
    const opened = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
    const { container } = renderPopup(view);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'This extension may not reach the report service',
    );
    expect(container.textContent).toContain('Nothing was sent');
    expect(container.textContent).toContain('lookup.corp.example');
    expect(container.textContent).toContain('allow access on the options page');
    expect(container.textContent).not.toMatch(/network|no report/i);
    fireEvent.click(screen.getByRole('button', { name: 'Open options' }));
    expect(opened).toHaveBeenCalled();
  });

  it('names the administrator when a policy chose the service', () => {
    const settings = settingsOf();
    const { container } = renderPopup(view, {
      ...settings,
      locked: { ...settings.locked, serviceBaseUrl: true },
    });
    expect(container.textContent).toContain('Your administrator chose this service');
  });
});

describe("PopupView: a subdomain without a report, and its registrable domain's", () => {
  const DOCS = 'https://docs.example.com';
  const PARENT = 'https://example.com';
  const noReportOf = (origin: string): TabView => ({
    status: 'no-report',
    origin,
    message: null,
    scanUrl: null,
    documentationUrl: null,
  });
  const showParent = async (view: TabView | 'never') => {
    answer = (message) =>
      message.name === 'showSite' && view === 'never'
        ? new Promise(() => {})
        : Promise.resolve(view);
    renderPopup(noReportOf(DOCS), settingsOf(), DOCS);
    fireEvent.click(await screen.findByRole('button', { name: "Show example.com's report" }));
  };

  it("offers the other site's report, and asks for it only on a click", async () => {
    renderPopup(noReportOf(DOCS), settingsOf(), DOCS);
    const show = await screen.findByRole('button', { name: "Show example.com's report" });
    expect(sent()).toEqual([]);
    fireEvent.click(show);
    expect(
      vi.mocked(fakeBrowser.runtime.sendMessage).mock.calls.map(([message]) => message),
    ).toEqual([{ protocol: PROTOCOL, name: 'showSite', data: { origin: PARENT, force: false } }]);
  });

  it('shows it under a heading naming the other site, below this site\'s "no report"', async () => {
    const parentReport = { ...reports.high, display_target: 'example.com' };
    await showParent({
      status: 'report',
      origin: PARENT,
      report: parentReport,
      receivedAt: NOW,
      stale: false,
    });
    const section = await screen.findByRole('region', {
      name: 'Report of example.com, another site',
    });
    await within(section).findByText('92');
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['No readiness report yet']);
    within(section).getByRole('heading', { level: 3, name: 'Score breakdown' });
    expect(screen.queryByRole('button', { name: /Show example.com/ })).toBeNull();
  });

  it('names what the lookup of the other site ended in, and that it is under way', async () => {
    await showParent({ status: 'busy', origin: PARENT, retryAt: null });
    const section = screen.getByRole('region', { name: 'Report of example.com, another site' });
    await waitFor(() =>
      expect(within(section).getByRole('heading', { level: 3 }).textContent).toMatch(/busy/i),
    );
    unmountAll();
    await showParent('never');
    screen.getByText('Looking up example.com…');
  });

  it('offers nothing for a paused domain or a registrable domain itself', async () => {
    const settings = settingsOf({ pausedDomains: ['paused-site.com'] });
    const origins = ['https://docs.paused-site.com', PARENT, 'https://someone.github.io'];
    const hooks = origins.map((origin) => renderHook(() => useParentSite(origin, settings)));
    // The rules are loaded once for all: when a site that has a wider one is offered it, the
    // others have been decided too.
    const offered = renderHook(() => useParentSite('https://www.example.com', settings));
    await waitFor(() => expect(offered.result.current.parent?.site).toBe(PARENT));
    expect(hooks.map((hook) => hook.result.current.parent)).toEqual([null, null, null]);
  });
});

describe('checkTargetOf: the site and tab Check now checks', () => {
  it('checks the site the tab shows, trailing dot and all, for the report of its name without it', () => {
    // The lookup sends "mid.readiness-fixtures.com." as the name without its dot; the page the
    // user sees came from the host with it, and Check now asks that host.
    expect(checkTargetOf(reportView(), `${SITE}.`, 7)).toEqual({ origin: `${SITE}.`, tabId: 7 });
    expect(checkTargetOf(reportView(), SITE, 7)).toEqual({ origin: SITE, tabId: 7 });
    // The report window shows a site, not a tab.
    expect(checkTargetOf(reportView(), null, null)).toEqual({ origin: SITE, tabId: null });
  });

  it('checks a site never sent (local, paused) by the page it shows, and nothing private', () => {
    const local: TabView = { status: 'not-looked-up', reason: 'localhost' };
    expect(checkTargetOf(local, 'http://localhost:3000', 7)).toEqual({
      origin: 'http://localhost:3000',
      tabId: 7,
    });
    expect(checkTargetOf({ status: 'not-looked-up', reason: 'incognito' }, SITE, 7)).toBeNull();
    expect(checkTargetOf({ status: 'loading', origin: SITE }, SITE, 7)).toBeNull();
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
    await keepPreviousScan(67);
    const { container } = renderPopup(reportView());
    await screen.findByText('+8 seit 3. Okt.');
    screen.getByText('12,5 / 20 Punkte');
    screen.getByText('9 / 12 Prüfungen bestanden');
    screen.getByRole('link', { name: /Vollständigen Bericht öffnen/ });
    screen.getByRole('button', { name: 'Liste zum Beheben kopieren' });
    screen.getByRole('button', { name: 'Auf dieser Website pausieren' });
    expect(container.textContent).toContain('Gescannt vor 3 Tagen');
    expect(container.textContent).not.toMatch(/Scanned|points|Refresh/);
    unmountAll();
    renderReport({
      kind: 'changes',
      previousScannedAt,
      fixed: [{ id: 'sitemap', name: 'Sitemap', tier: 'essential', result: 'failed' }],
      new: [],
      worse: [{ id: 'json-ld', name: 'JSON-LD', tier: 'essential', result: 'failed' }],
      better: [],
      method: null,
    });
    const summary = await screen.findByText('Seit dem Scan vom 3. Okt.: 1 behoben, 1 schlechter');
    expect(summary.closest('details')?.textContent).toContain('Behoben: Sitemap');
  });
});
