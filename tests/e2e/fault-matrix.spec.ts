/**
 * The fault matrix in real Chromium: every way the service or the network can misbehave,
 * driven through the reference server's misbehaviour switches, must end in a named state on
 * the badge and in the popup (never a blank popup, a spinner forever, a stale score shown as
 * fresh, or another site's score) with no error and nothing unhandled in the extension.
 *
 * Each case has a site of its own: the extension keeps some answers (a 503 until its
 * Retry-After) per site, and a case must not see another's. The slow case (a server that
 * never answers, which takes the client's full time limit) starts first and is checked last,
 * so the rest of the matrix runs while it waits.
 */
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ExtensionBrowser,
  launchExtensionBrowser,
} from '../../extension-browser/extension-browser';
import type { ScanReport } from '../../lib/contract/report-schema';
import { DEFAULT_SERVICE_BASE_URL } from '../../lib/contract/service-base-url';
import {
  FIXTURE_DOMAIN,
  FIXTURE_ORIGINS,
  fixtureReports,
} from '../../reference-server/fixtures/reports';
import { retargetReport } from '../../reference-server/report-store';
import type { SampleSiteServer } from '../../reference-server/sample-site-server';
import type { Misbehaviour, ReferenceServer } from '../../reference-server/server';
import {
  E2E_BROWSER,
  E2E_HEADLESS,
  E2E_REFUSED_EXTENSION_DIR,
  E2E_REFUSED_PORT,
  e2eBrowserPath,
} from '../../scripts/e2e-settings';
import { refusedBodies, toleratedBodies } from '../fixtures/contract-corpus';
import { type E2eWorld, startE2eWorld } from './support/e2e-world';
import { FaultWatch } from './support/fault-watch';
import { lookedUpBadgeOf } from './support/looked-up-badge';
import { PopupPage } from './support/popup-page';
import { forgetServiceFailures } from './support/service-recovery';

/** Every case's site lives under this domain, one subdomain each. */
const FAULT_DOMAIN = `faults.${FIXTURE_DOMAIN}`;
const originOf = (slug: string) => `http://${slug}.${FAULT_DOMAIN}`;

const HOUR_MS = 60 * 60 * 1000;
/** Longer than the client's 8 s limit, with room for a loaded machine. */
const NEVER_ANSWERS_WAIT_MS = 20_000;

/** What the user sees: the badge, its tooltip, and the popup's main heading. */
interface NamedState {
  name: string;
  badge: string;
  title: RegExp;
  heading: string | ((origin: string) => string);
}

const STATES = {
  invalidResponse: {
    name: 'invalid response',
    badge: 'ERR',
    title: /: the service's answer could not be read$/,
    heading: 'The service sent a report this extension could not read',
  },
  rejected: {
    name: 'rejected',
    badge: 'ERR',
    title: /: the service rejected the lookup$/,
    heading: 'The service rejected the lookup',
  },
  noReport: {
    name: 'no report',
    badge: '–',
    title: /^No agent readiness report stored for /,
    heading: 'No readiness report yet',
  },
  unavailable: {
    name: 'unavailable (service)',
    badge: '!',
    title: /: the report service is unavailable$/,
    heading: 'Report service unavailable',
  },
  timedOut: {
    name: 'unavailable (timeout)',
    badge: '!',
    title: /: the report service did not answer in time$/,
    heading: 'The lookup timed out',
  },
  unreachable: {
    name: 'unavailable (network)',
    badge: '!',
    title: /: the report service could not be reached$/,
    heading: 'Network problem',
  },
  report: {
    name: 'report',
    badge: '75',
    title: /^Agent readiness 75 \(B\) for [^ ]+, scanned /,
    heading: (origin: string) => new URL(origin).host,
  },
} satisfies Record<string, NamedState>;

interface FaultCase {
  /** Read in the test output: what the server or the network does. */
  name: string;
  /** The subdomain of the case's site. */
  slug: string;
  /** The misbehaviour, built when the server's address is known. */
  misbehaviour: (context: { baseUrl: string; origin: string }) => Misbehaviour | null;
  shows: NamedState;
  /** Lines the popup must show, beyond its heading. */
  popupShows?: (string | RegExp)[];
  /** Lines the popup must not show. */
  popupHides?: (string | RegExp)[];
}

/** A corpus body, built from the mid report moved to the case's own site. */
function corpusBodyFor(
  pick: (report: ScanReport) => { name: string; text: string }[],
  name: string,
  baseUrl: string,
  origin: string,
): string {
  const report = retargetReport(fixtureReports(baseUrl, service.datedAt).mid, origin, baseUrl);
  const body = pick(report).find((entry) => entry.name === name);
  if (body === undefined) throw new Error(`No corpus body named ${name}`);
  return body.text;
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 50);

/**
 * The report the corpus's names are read from; each case builds its own body once the server
 * runs (corpusBodyFor), on the server's clock.
 */
const CORPUS_TEMPLATE = fixtureReports(DEFAULT_SERVICE_BASE_URL, Date.now()).mid;

/**
 * The shared corpus in real browsers: its first body the extension refuses and its first it
 * tolerates. What the client makes of every body of the corpus, with the problem it names, is
 * tests/unit/contract/contract-corpus.test.ts's; from that verdict on, the badge and the popup
 * take the same path for each.
 */
const CORPUS_BODIES_IN_BROWSERS = 1;

/** The contract violations of the shared corpus that run here, each a case of its own. */
const CONTRACT_VIOLATIONS: FaultCase[] = refusedBodies(CORPUS_TEMPLATE)
  .slice(0, CORPUS_BODIES_IN_BROWSERS)
  .map((body) => ({
    name: `a report with ${body.name}`,
    slug: `violation-${slugOf(body.name)}`,
    misbehaviour: ({ baseUrl, origin }) => ({
      kind: 'json-body',
      status: 200,
      body: corpusBodyFor(refusedBodies, body.name, baseUrl, origin),
    }),
    shows: STATES.invalidResponse,
    popupShows: [body.problem ?? ''],
  }));

const FAULT_CASES: FaultCase[] = [
  {
    name: 'malformed JSON (a report cut in half)',
    slug: 'malformed-json',
    misbehaviour: () => ({ kind: 'malformed-json' }),
    shows: STATES.invalidResponse,
    popupShows: ['response is not valid JSON'],
  },
  {
    name: 'an HTML error page with status 200',
    slug: 'html-200',
    misbehaviour: () => ({ kind: 'html-error-page', status: 200 }),
    shows: STATES.invalidResponse,
    popupShows: ['unexpected content type "text/html; charset=utf-8"'],
  },
  {
    name: 'a valid report with the wrong Content-Type',
    slug: 'wrong-content-type',
    misbehaviour: () => ({ kind: 'wrong-content-type' }),
    shows: STATES.invalidResponse,
    popupShows: ['unexpected content type "text/html; charset=utf-8"'],
    popupHides: ['Open full report'],
  },
  {
    name: 'an empty body',
    slug: 'empty-body',
    misbehaviour: () => ({ kind: 'empty-body' }),
    shows: STATES.invalidResponse,
    popupShows: ['response body is empty'],
  },
  {
    name: 'a 10 MiB body, chunked (read up to the cap, then dropped)',
    slug: 'huge-chunked',
    misbehaviour: () => ({ kind: 'huge-body', bytes: 10 * 1024 * 1024 }),
    shows: STATES.invalidResponse,
    popupShows: ['response too large'],
  },
  {
    name: 'a 10 MiB body with its Content-Length (refused unread)',
    slug: 'huge-announced',
    misbehaviour: () => ({ kind: 'huge-body', bytes: 10 * 1024 * 1024, announceLength: true }),
    shows: STATES.invalidResponse,
    popupShows: ['response too large'],
  },
  {
    name: 'a redirect to another host (not followed)',
    slug: 'redirect-other-host',
    misbehaviour: () => ({
      kind: 'redirect',
      status: 302,
      location: `http://elsewhere.${FAULT_DOMAIN}/api/report?url=x`,
    }),
    shows: STATES.invalidResponse,
    popupShows: ['unexpected redirect'],
  },
  {
    name: "a redirect to a plain-http address serving another site's report (not followed)",
    slug: 'redirect-http-other-site',
    misbehaviour: ({ baseUrl }) => ({
      kind: 'redirect',
      status: 301,
      location: `${baseUrl}/api/report?url=${encodeURIComponent(FIXTURE_ORIGINS.high)}`,
    }),
    shows: STATES.invalidResponse,
    popupShows: ['unexpected redirect'],
    popupHides: ['92'],
  },
  {
    name: '400, our own bad request (logged as a warning, not retried)',
    slug: 'bad-request',
    misbehaviour: () => ({
      kind: 'json-body',
      status: 400,
      body: JSON.stringify({ error: 'The url query parameter must be an http or https URL.' }),
    }),
    shows: STATES.rejected,
    popupShows: ['The url query parameter must be an http or https URL.', /will not be retried/],
  },
  {
    name: '404 without cache headers',
    slug: 'not-found',
    misbehaviour: () => null,
    shows: STATES.noReport,
    popupShows: [/No completed report is stored/],
  },
  {
    name: '404 with Cache-Control: max-age=60',
    slug: 'not-found-cached',
    misbehaviour: () => ({ kind: 'cache-control', value: 'max-age=60' }),
    shows: STATES.noReport,
    popupShows: [/No completed report is stored/],
  },
  {
    name: '404 with a body that is not an Error (no message, no links)',
    slug: 'not-found-invalid-error',
    misbehaviour: () => ({
      kind: 'json-body',
      status: 404,
      body: JSON.stringify({ message: 'gone', scan_url: 'javascript:alert(1)' }),
    }),
    shows: STATES.noReport,
    popupHides: ['gone', 'Scan this site', 'API documentation'],
  },
  {
    name: '500 with an HTML page',
    slug: 'status-500',
    misbehaviour: () => ({ kind: 'html-error-page', status: 500 }),
    shows: STATES.unavailable,
    // No Retry-After: a short jittered pause, whose end the popup names.
    popupShows: [/^Next try after \d\d:\d\d$/],
  },
  {
    name: '502 from a proxy',
    slug: 'status-502',
    misbehaviour: () => ({ kind: 'html-error-page', status: 502 }),
    shows: STATES.unavailable,
    // No Retry-After: a short jittered pause, whose end the popup names.
    popupShows: [/^Next try after \d\d:\d\d$/],
  },
  {
    name: '503 with Retry-After in seconds (120)',
    slug: 'retry-after-seconds',
    misbehaviour: () => ({ kind: 'unavailable', retryAfter: '120' }),
    shows: STATES.unavailable,
    popupShows: [/^Next try after \d\d:\d\d$/],
  },
  {
    name: '503 with Retry-After as an HTTP date 10 minutes ahead',
    slug: 'retry-after-date',
    misbehaviour: () => ({
      kind: 'unavailable',
      retryAfter: new Date(Date.now() + 10 * 60_000).toUTCString(),
    }),
    shows: STATES.unavailable,
    popupShows: [/^Next try after \d\d:\d\d$/],
  },
  {
    name: '503 with Retry-After as an HTTP date in the past (a short pause instead)',
    slug: 'retry-after-past',
    misbehaviour: () => ({
      kind: 'unavailable',
      retryAfter: new Date(Date.now() - HOUR_MS).toUTCString(),
    }),
    shows: STATES.unavailable,
    popupShows: [/^Next try after \d\d:\d\d$/],
  },
  {
    name: '503 with a garbage Retry-After (a short pause instead)',
    slug: 'retry-after-garbage',
    misbehaviour: () => ({ kind: 'unavailable', retryAfter: 'soon, maybe' }),
    shows: STATES.unavailable,
    popupShows: [/^Next try after \d\d:\d\d$/],
  },
  {
    name: '503 with a huge Retry-After (capped at a day)',
    slug: 'retry-after-huge',
    misbehaviour: () => ({ kind: 'unavailable', retryAfter: '999999999999' }),
    shows: STATES.unavailable,
    // A day ahead is shown with its date, so it cannot be read as today.
    popupShows: [/^Next try after [A-Z][a-z]{2} \d{1,2}, \d\d:\d\d$/],
  },
  ...toleratedBodies(CORPUS_TEMPLATE)
    .slice(0, CORPUS_BODIES_IN_BROWSERS)
    .map(
      (body): FaultCase => ({
        name: `a valid report with ${body.name} (shown normally)`,
        slug: `tolerated-${slugOf(body.name)}`,
        misbehaviour: ({ baseUrl, origin }) => ({
          kind: 'json-body',
          status: 200,
          body: corpusBodyFor(toleratedBodies, body.name, baseUrl, origin),
        }),
        shows: STATES.report,
        popupShows: ['B', 'Open full report'],
      }),
    ),
  ...CONTRACT_VIOLATIONS,
];

/** The server's clock an hour off in each direction; see the clock-skew describe below. */
const SKEWED_CLOCKS = [
  { name: 'an hour ahead', slug: 'clock-ahead', offsetMs: HOUR_MS },
  { name: 'an hour behind', slug: 'clock-behind', offsetMs: -HOUR_MS },
];

const NEVER_ANSWERS = { name: 'a server that never answers', slug: 'never-answers' };

let service: ReferenceServer;
let sites: SampleSiteServer;
let browser: ExtensionBrowser;
let watch: FaultWatch;
/** The never-answering site's tab and popup, opened before everything else. */
let neverAnswers: { tabId: number; popup: PopupPage };

let world: E2eWorld | undefined;

beforeAll(async () => {
  world = await startE2eWorld({
    // Reports scanned five minutes ago by the server's own (wrong) clock.
    extraReports: (baseUrl, now) =>
      Object.fromEntries(
        SKEWED_CLOCKS.map(({ slug, offsetMs }) => {
          const origin = originOf(slug);
          const report = retargetReport(fixtureReports(baseUrl, now).mid, origin, baseUrl);
          const scannedAt = new Date(now + offsetMs - 5 * 60_000).toISOString();
          return [origin, { ...report, scanned_at: scannedAt }];
        }),
      ),
  });
  ({ service, sites, browser } = world);
  // Every site's answer is set before the browser opens a tab, so none is asked early.
  for (const testCase of FAULT_CASES) {
    const origin = originOf(testCase.slug);
    const misbehaviour = testCase.misbehaviour({ baseUrl: service.baseUrl, origin });
    if (misbehaviour !== null) service.setMisbehaviour(origin, misbehaviour);
  }
  for (const { slug, offsetMs } of SKEWED_CLOCKS) {
    service.setMisbehaviour(originOf(slug), { kind: 'skewed-clock', offsetMs });
  }
  service.setMisbehaviour(originOf(NEVER_ANSWERS.slug), { kind: 'never-answers' });

  watch = await FaultWatch.start(browser);

  // The popup asks for the same site while the tab's lookup is under way, so both share it.
  const { tabId } = await browser.openTab(`${originOf(NEVER_ANSWERS.slug)}/`);
  neverAnswers = { tabId, popup: await PopupPage.open(browser, tabId) };
});

afterAll(() => world?.close());

/** One popup page for the cases, shown for each case's tab in turn. */
let sharedPopup: PopupPage | undefined;

/** Shows the popup for a tab and waits until it shows the state's heading. */
async function expectPopupIn(
  tabId: number,
  origin: string,
  state: NamedState,
  popup?: PopupPage,
  timeout = 10_000,
): Promise<PopupPage> {
  let page = popup;
  if (page === undefined) {
    sharedPopup ??= await PopupPage.open(browser, tabId);
    await sharedPopup.showTab(browser, tabId);
    page = sharedPopup;
  }
  const heading = typeof state.heading === 'string' ? state.heading : state.heading(origin);
  // Heading and spinner together: an answer without Cache-Control is stale at once, so the
  // popup first shows the tab's stored view, then looks again (loading) and settles on it.
  // A named state is never the spinner, and never an empty popup.
  await expect
    .poll(
      async () => ({
        heading: await page.heading().textContent(),
        spinners: await page.page.locator('.spinner').count(),
      }),
      { timeout, message: `popup heading for ${origin}` },
    )
    .toEqual({ heading, spinners: 0 });
  expect((await page.page.locator('main').innerText()).trim()).not.toBe('');
  return page;
}

async function expectPopupLines(
  popup: PopupPage,
  shows: (string | RegExp)[] = [],
  hides: (string | RegExp)[] = [],
) {
  const text = await popup.page.locator('main').innerText();
  const lines = text.split('\n').map((line) => line.trim());
  for (const expected of shows) {
    if (typeof expected === 'string') expect(text).toContain(expected);
    else
      expect(
        lines.some((line) => expected.test(line)),
        `a line matching ${expected}`,
      ).toBe(true);
  }
  for (const unexpected of hides) {
    if (typeof unexpected === 'string') expect(lines).not.toContain(unexpected);
    else expect(lines.filter((line) => unexpected.test(line))).toEqual([]);
  }
}

describe('fault matrix', () => {
  beforeEach(() => forgetServiceFailures(browser));

  afterEach(async () => {
    expect(await watch.problems()).toEqual([]);
  });

  it('the fault watch itself catches errors, rejections and exceptions in the worker', async () => {
    const caught = await watch.selfTest();
    await watch.clear();
    // Firefox: WebDriver BiDi reports no console call of an extension page or the event page
    // to the driver, so there the watch sees uncaught errors and rejections only (through its
    // recorder, in the driver's extension page, not in the event page).
    if (E2E_BROWSER !== 'firefox') {
      expect(caught.join('\n')).toContain('worker error: fault-watch self test: console.error');
    }
    expect(caught.join('\n')).toMatch(/unhandled rejection: (Error: )?fault-watch self test/);
    expect(caught.join('\n')).toContain('uncaught exception: Error: fault-watch self test');
    await watch.clear();
  });

  it.each(
    FAULT_CASES.map((testCase) => [testCase.name, testCase.shows.name, testCase] as const),
  )('%s → %s', async (_name, _state, testCase) => {
    const origin = originOf(testCase.slug);
    const { tabId } = await browser.openTab(`${origin}/some/page`);
    const badge = await lookedUpBadgeOf(browser, tabId);
    expect(badge.text).toBe(testCase.shows.badge);
    expect(badge.title).toMatch(testCase.shows.title);
    expect(badge.title).toContain(new URL(origin).host);

    const popup = await expectPopupIn(tabId, origin, testCase.shows);
    await expectPopupLines(popup, testCase.popupShows, testCase.popupHides);
  });

  it('a redirect to another host sends nothing there', () => {
    const elsewhere = `elsewhere.${FAULT_DOMAIN}`;
    expect(sites.visits().filter((visit) => visit.host.startsWith(elsewhere))).toEqual([]);
  });

  it("a redirect at another site's report never fetches it", () => {
    expect(service.lookedUp(FIXTURE_ORIGINS.high)).toEqual([]);
  });

  // Firefox: skipped, since BiDi reports no console call of the event page to the driver.
  it.skipIf(E2E_BROWSER === 'firefox')(
    'a 400 is written to the worker console as a warning naming the site, not as an error',
    () => {
      const warnings = watch.workerWarnings().filter((line) => line.includes('HTTP 400'));
      expect(warnings.length).toBeGreaterThan(0);
      for (const warning of warnings) expect(warning).toContain(originOf('bad-request'));
    },
  );
});

describe('a server clock an hour off', () => {
  afterEach(async () => {
    expect(await watch.problems()).toEqual([]);
  });

  it.each(
    SKEWED_CLOCKS.map((clock) => [clock.name, clock] as const),
  )('%s: the report is fresh, its age sensible, and kept for its max-age', async (_name, clock) => {
    const origin = originOf(clock.slug);
    const { tabId } = await browser.openTab(`${origin}/`);
    const badge = await lookedUpBadgeOf(browser, tabId);
    expect(badge.text).toBe('75');
    // Scanned five minutes ago by the server's clock: when it runs an hour ahead of ours, that
    // is 55 minutes in our future, named by its time and never "in 55 minutes"; when it runs
    // behind, its own claim, an hour and five minutes ago.
    const host = new URL(origin).host;
    if (clock.offsetMs > 0) {
      expect(badge.title).toMatch(new RegExp(`^Agent readiness 75 \\(B\\) for ${host}, scanned `));
      expect(badge.title).not.toMatch(/\bin \d|ago|scanned now/);
    } else {
      expect(badge.title).toBe(`Agent readiness 75 (B) for ${host}, scanned 1 hour ago`);
    }

    const popup = await expectPopupIn(tabId, origin, STATES.report);
    if (clock.offsetMs > 0) {
      const line = (await popup.page.locator('.scanned').textContent()) ?? '';
      expect(line).toMatch(/^Scanned .+, ahead of this computer's clock$/);
      expect(line).not.toMatch(/\bin \d|ago|now/);
    } else {
      await expectPopupLines(popup, ['Scanned 1 hour ago']);
    }
    expect(await popup.page.locator('.stale-note').count()).toBe(0);

    // The answer said max-age=300: a second tab on the site is served without asking again,
    // so the skewed Date did not make it look expired on arrival.
    const asked = service.lookedUp(origin).length;
    const second = await browser.openTab(`${origin}/other`);
    expect((await lookedUpBadgeOf(browser, second.tabId)).text).toBe('75');
    expect(service.lookedUp(origin)).toHaveLength(asked);
  });
});

describe('a server that never answers', () => {
  afterEach(async () => {
    expect(await watch.problems()).toEqual([]);
  });

  it(`${NEVER_ANSWERS.name} → ${STATES.timedOut.name}, within the client's time limit`, async () => {
    const origin = originOf(NEVER_ANSWERS.slug);
    const badge = await lookedUpBadgeOf(browser, neverAnswers.tabId, NEVER_ANSWERS_WAIT_MS);
    expect(badge.text).toBe(STATES.timedOut.badge);
    expect(badge.title).toMatch(STATES.timedOut.title);
    await expectPopupIn(
      neverAnswers.tabId,
      origin,
      STATES.timedOut,
      neverAnswers.popup,
      NEVER_ANSWERS_WAIT_MS,
    );
    await neverAnswers.popup.close();
  });
});

describe('a refused connection (an extension built against a port nothing listens on)', () => {
  let refusedBrowser: ExtensionBrowser;
  let refusedWatch: FaultWatch;

  beforeAll(async () => {
    refusedBrowser = await launchExtensionBrowser({
      browserName: E2E_BROWSER,
      executablePath: e2eBrowserPath(),
      extensionDir: E2E_REFUSED_EXTENSION_DIR,
      sitesPort: sites.port,
      headless: E2E_HEADLESS,
    });
    await refusedBrowser.acceptAutomaticLookups();
    refusedWatch = await FaultWatch.start(refusedBrowser);
  });

  afterAll(async () => {
    await refusedBrowser?.close();
  });

  it(`port ${E2E_REFUSED_PORT} really refuses connections`, async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
      const socket = connect(E2E_REFUSED_PORT, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(null);
      });
      socket.once('error', (failure) => resolve(failure));
    });
    expect(error?.code).toBe('ECONNREFUSED');
  });

  it(`connection refused → ${STATES.unreachable.name}`, async () => {
    const origin = originOf('connection-refused');
    const { tabId } = await refusedBrowser.openTab(`${origin}/`);
    const badge = await lookedUpBadgeOf(refusedBrowser, tabId);
    expect(badge.text).toBe(STATES.unreachable.badge);
    expect(badge.title).toMatch(STATES.unreachable.title);

    const popup = await PopupPage.open(refusedBrowser, tabId);
    await expect.poll(() => popup.heading().textContent()).toBe(STATES.unreachable.heading);
    await expectPopupLines(popup, [/could not be reached/]);
    await popup.close();
    expect(await refusedWatch.problems()).toEqual([]);
  });
});
