/**
 * "Check now" in a real browser against the sample sites that serve real files
 * (reference-server/check-sites.ts): live verdicts and evidence beside a stored report's
 * findings, the quick check where there is no report (a public site without one, localhost),
 * named states for hostile answers, and the rules: requests only to the tab's origin, never a
 * cookie, nothing to the report service, the run kept and listed in the settings' log.
 *
 * The host permission is asked for in the click. Chromium's e2e build holds the sample hosts
 * from install (headless Chromium's prompt has no answer), so the ask resolves at once;
 * Firefox grants it without a prompt in the test profile, and refuses it outside a user's
 * gesture as it does for users: the refused state is tried there.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../../extension-browser/extension-browser';
import { ACCEPT_HEADER } from '../../lib/checks/evidence';
import { REPORT_PATH } from '../../lib/contract/service-base-url';
import { CHECK_SITES, HOSTILE_SITES, HOSTILE_START_PATH } from '../../reference-server/check-sites';
import type { SampleSiteServer } from '../../reference-server/sample-site-server';
import type { ReferenceServer } from '../../reference-server/server';
import { E2E_BROWSER, FIREFOX_ANDROID_E2E_EXTENSION_DIR } from '../../scripts/e2e-settings';
import { axeViolations, sidewaysOverflow } from './support/axe';
import { type E2eWorld, startE2eWorld } from './support/e2e-world';
import { PopupPage } from './support/popup-page';

let world: E2eWorld | undefined;
let browser: ExtensionBrowser;
let service: ReferenceServer;
let sites: SampleSiteServer;

beforeAll(async () => {
  world = await startE2eWorld();
  ({ browser, service, sites } = world);
});

afterAll(() => world?.close());

const hostOf = (origin: string) => new URL(origin).host;

/** Opens the site, its popup, clicks Check now and waits until every verdict is shown. */
async function checkNow(url: string, { timeout = 30_000 } = {}): Promise<Page> {
  const { tabId } = await browser.openTab(url);
  await browser.settledBadgeOf(tabId);
  const popup = await PopupPage.open(browser, tabId);
  const button = popup.page.getByRole('button', { name: 'Check now', exact: true });
  await button.waitFor({ timeout: 10_000 });
  await button.click();
  await popup.page.getByRole('button', { name: 'Copy the check as Markdown' }).waitFor({ timeout });
  return popup.page;
}

/** The live verdict shown in the finding or result named `name`. */
async function verdictOf(page: Page, name: string): Promise<string> {
  const item = page.locator('li.issue', { has: page.locator('.issue-name', { hasText: name }) });
  return (await item.locator('.live-verdict').first().textContent()) ?? '';
}

describe('a stored report with fixed and still-failing findings', () => {
  let page: Page;
  let visitsBefore: number;
  let lookupsBefore: number;

  beforeAll(async () => {
    // Looked up first, so the run's own requests are counted alone.
    const { tabId } = await browser.openTab(`${CHECK_SITES.fixed}/`);
    await browser.settledBadgeOf(tabId);
    visitsBefore = sites.visits().length;
    lookupsBefore = service.requests().length;
    page = await checkNow(`${CHECK_SITES.fixed}/`);
  });

  it('shows each finding its live verdict beside the stored one', async () => {
    expect(await verdictOf(page, 'Agent-friendly 404s')).toBe('passes now');
    expect(await verdictOf(page, 'Markdown content negotiation')).toBe('passes now');
    expect(await verdictOf(page, 'Metadata completeness')).toBe('passes now');
    expect(await verdictOf(page, 'Content without JavaScript')).toBe(
      'reachable for you, not for the scanner',
    );
    expect(await verdictOf(page, 'Trust anchor pages')).toBe('improved, still partial');
    expect(await verdictOf(page, 'Organization schema completeness')).toBe('still failing');
    expect(await verdictOf(page, 'Sitemap exists')).toBe('still failing');
    expect(await verdictOf(page, 'Agent crawler reachability')).toMatch(
      /^can't be checked from a browser: /,
    );
    const summary = await page.locator('.check-summary').textContent();
    expect(summary).toBe(
      "Re-checked 8 of 9 findings: 4 pass now, 1 improved, 2 still failing, 1 reachable for you only, 1 can't be checked from a browser.",
    );
    // The stored score stays: the live verdicts are the browser's, with their time.
    expect(await page.locator('main').textContent()).toContain('48');
    expect(await page.locator('.check-run').textContent()).toMatch(
      /Checked from your browser at .* The stored report was scanned/,
    );
  });

  it('shows the evidence as text: method, path, status, type, deciding headers, bytes, time', async () => {
    const item = page.locator('li.issue', {
      has: page.locator('.issue-name', { hasText: 'Markdown content negotiation' }),
    });
    await item.getByText('Evidence').click();
    const line = await item.locator('.evidence code').first().textContent();
    expect(line).toMatch(
      /^GET \/ · 200, text\/markdown; charset=utf-8, \d+ bytes · \d+ ms · .*vary: Accept/,
    );
    expect(await item.locator('.evidence pre').first().textContent()).toContain('# Agent Ready');
  });

  it('sent requests only to the site, without a cookie, and nothing to the report service', () => {
    const visits = sites.visits().slice(visitsBefore);
    // The tab's own page loads carry the cookie the home page set; the check's requests never.
    const navigations = visits.filter((visit) => visit.accept.includes('xhtml'));
    expect(navigations.some((visit) => visit.cookie.includes('session='))).toBe(true);
    const run = visits.filter(
      (visit) => !visit.accept.includes('xhtml') && visit.path !== '/favicon.ico',
    );
    expect(run.length).toBeGreaterThan(0);
    expect(run.length).toBeLessThanOrEqual(16);
    expect(new Set(run.map((visit) => visit.host))).toEqual(new Set([hostOf(CHECK_SITES.fixed)]));
    // Nothing that tells the site who asked, or from where: no cookie, no Origin, no Referer.
    expect(run.map((visit) => visit.cookie).filter(Boolean)).toEqual([]);
    expect(run.map((visit) => visit.origin).filter(Boolean)).toEqual([]);
    expect(run.map((visit) => visit.referer).filter(Boolean)).toEqual([]);
    expect(
      run.every((visit) =>
        ['text/html', 'text/markdown', '*/*', 'application/json'].includes(visit.accept),
      ),
    ).toBe(true);
    // The service got no request of the run: at most the popup's own lookup, from its cache.
    const toService = service.requests().slice(lookupsBefore);
    expect(toService.every((request) => request.path === REPORT_PATH)).toBe(true);
    expect(toService.length).toBeLessThanOrEqual(1);
  });

  it('has no serious or critical accessibility violation', async () => {
    const serious = (await axeViolations(page)).filter((line) =>
      /\((serious|critical)\)/.test(line),
    );
    expect(serious).toEqual([]);
  });

  it('shows the last run again when the popup is opened again, and lists it in the log', async () => {
    const { tabId } = await browser.openTab(`${CHECK_SITES.fixed}/about`);
    const again = await PopupPage.open(browser, tabId);
    await again.page.locator('.check-summary').waitFor();
    expect(await verdictOf(again.page, 'Agent-friendly 404s')).toBe('passes now');
    await again.close();
    const options = await browser.context.newPage();
    await options.goto(browser.optionsUrl());
    await options
      .getByText(/Checked from this browser: \d+ requests/)
      .first()
      .waitFor();
    await options.close();
  });
});

describe('the quick check', () => {
  it('checks a site without a report: N of M browser-checkable checks pass, no score', async () => {
    const page = await checkNow(`${CHECK_SITES.ready}/`);
    expect(await page.locator('.check-summary').textContent()).toBe(
      '13 of 13 browser-checkable checks pass',
    );
    expect(await page.locator('.check-info').textContent()).toContain('GPTBot ✓');
    await page.close();
  });

  it('checks localhost, which is never sent to the service', async () => {
    const before = service.requests().length;
    const page = await checkNow('http://localhost/');
    expect(await page.locator('.check-summary').textContent()).toMatch(
      /^\d+ of \d+ browser-checkable checks pass$/,
    );
    expect(service.requests().length).toBe(before);
    await page.close();
  });

  it('names a soft 404, markdown without Vary, robots.txt blocking AI crawlers, an Organization without address', async () => {
    let page = await checkNow(`${CHECK_SITES.spa}/`);
    expect(await verdictOf(page, 'Agent-friendly 404s')).toBe('fails');
    expect(await verdictOf(page, 'Trust anchor pages')).toBe('fails');
    await page.close();
    page = await checkNow(`${CHECK_SITES.noVary}/`);
    expect(await verdictOf(page, 'Markdown content negotiation')).toBe('fails');
    await page.close();
    page = await checkNow(`${CHECK_SITES.robotsBlock}/`);
    expect(await page.locator('.check-info').textContent()).toContain(
      'GPTBot ✗, ChatGPT-User ✓, OAI-SearchBot ✓, ClaudeBot ✗',
    );
    await page.close();
    page = await checkNow(`${CHECK_SITES.orgNoAddress}/`);
    expect(await verdictOf(page, 'Organization schema completeness')).toBe('partly passes');
    await page.close();
  });
});

describe('hostile sites end in named states', () => {
  it.each([
    ['refused', HOSTILE_SITES.refused, /the site could not be reached/],
    ['5xx', HOSTILE_SITES.serverError, /the site answered 503/],
    ['a redirect loop', HOSTILE_SITES.redirectLoop, /it redirects/],
    ['a redirect away', HOSTILE_SITES.redirectAway, /it redirects/],
    ['binary bytes', HOSTILE_SITES.binary, /the answer is binary/],
    ['a 10 MB body', HOSTILE_SITES.huge, /characters of text/],
    ['an endless body', HOSTILE_SITES.endless, /./],
    ['garbage, markup and lying types', HOSTILE_SITES.garbage, /./],
    ['no answer', HOSTILE_SITES.timeout, /no answer in time/],
    ['a slow drip', HOSTILE_SITES.drip, /no answer in time/],
  ])(
    '%s',
    async (_name, origin, contentWords) => {
      const before = sites.visits().length;
      const page = await checkNow(`${origin}${HOSTILE_START_PATH}`, { timeout: 40_000 });
      const results = await page.locator('.check-results').textContent();
      expect(results).toMatch(contentWords);
      // Never the site's markup as markup: scripts stay text.
      expect(await page.locator('main script, main img').count()).toBe(0);
      // The run's requests: a GET or HEAD with one of the Accept values a run sends. The
      // browser's own (the tab's favicon and wherever a hostile site redirects it, the
      // browser's update checks) are not the extension's, and a browser may send one request
      // again after a refused connection: what counts is each distinct request.
      const run = sites
        .visits()
        .slice(before)
        .filter(
          (visit) =>
            visit.path !== HOSTILE_START_PATH &&
            ['GET', 'HEAD'].includes(visit.method) &&
            (Object.values(ACCEPT_HEADER) as string[]).includes(visit.accept),
        );
      expect(new Set(run.map((visit) => visit.host))).toEqual(new Set([hostOf(origin)]));
      const distinct = new Set(run.map((visit) => `${visit.method} ${visit.path} ${visit.accept}`));
      expect(distinct.size).toBeLessThanOrEqual(16);
      await page.close();
    },
    60_000,
  );
});

describe.runIf(E2E_BROWSER === 'firefox')('a refused permission', () => {
  it('is a named state with a way to try again', async () => {
    const { tabId } = await browser.openTab(`${CHECK_SITES.noVary}/`);
    const popup = await PopupPage.open(browser, tabId);
    const origins = [`${CHECK_SITES.noVary}/*`];
    await popup.page.evaluate(
      (held) =>
        (globalThis as unknown as { browser: typeof chrome }).browser.permissions.remove({
          origins: held,
        }),
      origins,
    );
    const button = popup.page.getByRole('button', { name: 'Check now', exact: true });
    await button.waitFor();
    // A click from a timer's script is no user's gesture: the browser refuses the permission.
    await popup.page.evaluate(() => {
      const target = [...document.querySelectorAll('button')].find(
        (element) => element.textContent === 'Check now',
      );
      setTimeout(() => target?.click(), 50);
    });
    await popup.page.getByText(/did not allow this extension to read no-vary\./).waitFor();
    await popup.page.getByRole('button', { name: 'Try again' }).click();
    await popup.page.locator('.check-summary').waitFor({ timeout: 30_000 });
    await popup.close();
  });
});

describe.runIf(E2E_BROWSER === 'firefox')(
  'Firefox for Android (its build, at a phone size)',
  () => {
    beforeAll(async () => {
      // Its own browser with the Android build, on the same fixed ports: the first one goes.
      await world?.close();
      world = await startE2eWorld({}, { extensionDir: FIREFOX_ANDROID_E2E_EXTENSION_DIR });
      ({ browser, service, sites } = world);
    });

    it('runs a quick check in the popup at 360 px, without sideways overflow', async () => {
      const { tabId } = await browser.openTab(`${CHECK_SITES.ready}/`);
      await browser.settledBadgeOf(tabId);
      const popup = await PopupPage.open(browser, tabId);
      await popup.page.setViewportSize({ width: 360, height: 640 });
      await popup.page.getByRole('button', { name: 'Check now', exact: true }).click();
      await popup.page.locator('.check-summary').waitFor({ timeout: 30_000 });
      expect(await popup.page.locator('.check-summary').textContent()).toBe(
        '13 of 13 browser-checkable checks pass',
      );
      expect(await sidewaysOverflow(popup.page)).toEqual([]);
      await popup.close();
    });
  },
);
