/**
 * The privacy promise in real Chromium, counted on the reference server over one whole
 * browsing session: nothing before consent but the tab whose popup the user opens; after a
 * yes on the first-run page, public sites only; never local or private sites, sites under a
 * paused domain (on any scheme and port) or private windows; every `url` an origin; and the options page's log lists exactly what the
 * server received.
 *
 * In the browser only loopback and names mapped to loopback are used; private-range IP
 * literals are covered by the unit tests (tests/unit/privacy/lookup-target.test.ts).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../../extension-browser/extension-browser';
import { REPORT_PATH } from '../../lib/contract/service-base-url';
import { FIXTURE_DOMAIN, FIXTURE_ORIGINS } from '../../reference-server/fixtures/reports';
import type { SampleSiteServer } from '../../reference-server/sample-site-server';
import type { ReferenceServer } from '../../reference-server/server';
import { E2E_BROWSER } from '../../scripts/e2e-settings';
import { type E2eWorld, startE2eWorld } from './support/e2e-world';
import { PopupPage } from './support/popup-page';

let world: E2eWorld | undefined;
let service: ReferenceServer;
let sites: SampleSiteServer;
let browser: ExtensionBrowser;

beforeAll(async () => {
  world = await startE2eWorld({}, { automaticLookups: false });
  ({ service, sites, browser } = world);
});

afterAll(() => world?.close());

const DEFAULT_TITLE = 'Agent Readiness Badge';

/** Lets the worker handle what the browser just did (tab events), then some. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

describe('before the user says yes to automatic lookups', () => {
  it('sends nothing while the user browses, switches tabs and navigates', async () => {
    const first = await browser.openTab(`${FIXTURE_ORIGINS.high}/account?user=jane`);
    const second = await browser.openTab(`${FIXTURE_ORIGINS.mid}/pricing`);
    await first.page.goto(`${FIXTURE_ORIGINS.low}/inbox#message-1`);
    await browser.activateTab(first.page);
    await browser.activateTab(second.page);
    await settle();

    expect(service.requests()).toEqual([]);
    expect(await browser.badgeOf(first.tabId)).toEqual({ text: '', title: DEFAULT_TITLE });
    expect(await browser.badgeOf(second.tabId)).toEqual({ text: '', title: DEFAULT_TITLE });
  });

  it('looks up the one tab whose popup the user opens, and nothing else', async () => {
    const { tabId } = await browser.openTab(`${FIXTURE_ORIGINS.high}/docs`);
    const popup = await PopupPage.open(browser, tabId);
    await expect.poll(() => popup.heading().textContent()).toBe('high.readiness-fixtures.com');
    await popup.close();
    await settle();
    expect(service.lookedUp()).toEqual([FIXTURE_ORIGINS.high]);
  });
});

describe('after the user says yes on the first-run page', () => {
  it('looks up the public sites the user turns to', async () => {
    const welcome = await browser.welcomePage();
    await welcome.getByRole('button', { name: 'Look up sites automatically' }).click();
    await welcome.getByText('Done: sites are now looked up automatically').waitFor();
    await welcome.close();

    const { tabId } = await browser.openTab(`${FIXTURE_ORIGINS.mid}/blog/2026/post?utm=x`);
    expect((await browser.settledBadgeOf(tabId)).text).toBe('75');
    expect(service.lookedUp(FIXTURE_ORIGINS.mid)).toEqual([FIXTURE_ORIGINS.mid]);
  });

  it.each([
    [
      'a loopback address',
      () => `http://127.0.0.1:${sites.port}/admin?token=secret`,
      'private address',
    ],
    ['localhost', () => 'http://localhost/dashboard', 'local site'],
    ['a .local name', () => 'http://printer.local/status', 'not a public domain name'],
    ['a home.arpa name', () => 'http://router.home.arpa/', 'not a public domain name'],
    ['a single-label intranet name', () => 'http://intranet/wiki', 'not a public domain name'],
  ])('never looks up %s', async (_name, url, reason) => {
    const before = service.requests().length;
    const { tabId } = await browser.openTab(url());
    await browser.settledBadgeOf(tabId);
    // "Not looked up" has no mark, so the text alone cannot tell this page's answer from the
    // blank page's before it; the title can, once the browser has applied it.
    await expect
      .poll(() => browser.badgeOf(tabId), { timeout: 5_000 })
      .toEqual({ text: '', title: `Not looked up: ${reason}` });
    await settle();
    expect(service.requests().length).toBe(before);
  });

  it('never looks up a site paused on the options page, and says so', async () => {
    const options = await browser.context.newPage();
    await options.goto(browser.optionsUrl());
    await options.getByLabel('Site to pause').fill(`${FIXTURE_ORIGINS.low}/anything`);
    await options.getByRole('button', { name: 'Pause', exact: true }).click();
    // Kept as its host: a pause covers the site on any scheme and port.
    await options.getByText(new URL(FIXTURE_ORIGINS.low).hostname, { exact: true }).waitFor();
    await options.close();

    const { tabId } = await browser.openTab(`${FIXTURE_ORIGINS.low}/pricing`);
    await browser.settledBadgeOf(tabId);
    await expect
      .poll(() => browser.badgeOf(tabId), { timeout: 5_000 })
      .toEqual({ text: '', title: 'Not looked up: paused on this site' });
    await settle();
    expect(service.lookedUp(FIXTURE_ORIGINS.low)).toEqual([]);
  });

  it('never looks up a site under a paused domain: a subdomain, over http, on another port', async () => {
    const before = service.requests().length;
    const options = await browser.context.newPage();
    await options.goto(browser.optionsUrl());
    // An https address stands for its domain, and the pause covers http as well.
    await options.getByLabel('Site to pause').fill(`https://${FIXTURE_DOMAIN}/`);
    await options.getByRole('button', { name: 'Pause', exact: true }).click();
    await options.getByText(FIXTURE_DOMAIN, { exact: true }).waitFor();
    await options.close();

    const mid = new URL(FIXTURE_ORIGINS.mid).hostname;
    for (const url of [
      `${FIXTURE_ORIGINS.high}/docs`,
      `http://deep.${mid}/below-a-subdomain`,
      `http://${mid}:8080/another-port`,
      `http://${FIXTURE_DOMAIN}/the-domain-itself`,
    ]) {
      const { tabId } = await browser.openTab(url);
      await browser.settledBadgeOf(tabId);
      await expect
        .poll(() => browser.badgeOf(tabId), { timeout: 5_000, message: url })
        .toEqual({ text: '', title: 'Not looked up: paused on this site' });
    }
    await settle();
    expect(service.requests().length).toBe(before);
  });

  // Firefox: skipped, not passed. "Run in private windows" can be granted only from about:addons,
  // which the driver cannot reach (see allowInPrivateWindows in firefox-extension-browser.ts);
  // without it Firefox shows the extension no private tab at all.
  it.skipIf(E2E_BROWSER === 'firefox')(
    "never looks up a private window's tab, even with the extension allowed there",
    async () => {
      const before = service.requests().length;
      const extensionPage = await browser.allowInPrivateWindows();
      const { tabId, windowId } = await extensionPage.evaluate(async (url) => {
        const window = await chrome.windows.create({ incognito: true, url });
        return { tabId: window?.tabs?.[0]?.id as number, windowId: window?.id as number };
      }, `${FIXTURE_ORIGINS.mid}/private-browsing`);
      await expect
        .poll(() => titleOf(extensionPage, tabId), { timeout: 10_000 })
        .toBe('Not looked up: private window');

      // The popup (what the keyboard shortcut opens) and the side panel following that
      // window say why, and offer nothing that would keep the site (no Pause).
      const popup = await PopupPage.open(browser, tabId);
      const panel = await browser.context.newPage();
      await panel.goto(browser.pageUrl(`sidepanel.html?windowId=${windowId}`));
      for (const page of [popup.page, panel]) {
        await expect
          .poll(() => PopupPage.of(page).heading().textContent())
          .toBe('Not looked up: private window');
        expect(await page.getByRole('button', { name: 'Pause on this site' }).count()).toBe(0);
      }
      await settle();
      expect(service.requests().length).toBe(before);
      await Promise.all([popup.close(), panel.close(), extensionPage.close()]);
    },
  );
});

describe('over the whole session', () => {
  it('sent an origin and nothing more in every request, and only lookups', () => {
    const requests = service.requests();
    expect(requests.length).toBeGreaterThanOrEqual(2);
    for (const request of requests) {
      expect(request.path).toBe(REPORT_PATH);
      expect(request.query).toMatch(/^url=[^&]+$/);
      expect(request.url).toMatch(/^https?:\/\/[^/?#@]+$/);
      expect(new URL(request.url ?? '').origin).toBe(request.url);
    }
    expect(service.lookedUp()).toEqual([FIXTURE_ORIGINS.high, FIXTURE_ORIGINS.mid]);
  });

  it("lists in the options page's log exactly the requests the server received", async () => {
    const options = await browser.context.newPage();
    await options.goto(browser.optionsUrl());
    const rows = options.locator('.lookup-log tbody tr');
    await expect.poll(() => rows.count()).toBe(service.lookedUp().length);
    const logged = await rows.locator('td:nth-child(2)').allTextContents();
    // The log is newest first; the server's record oldest first.
    expect(logged.reverse()).toEqual(service.lookedUp());
    const outcomes = await rows.locator('td:nth-child(4)').allTextContents();
    expect(outcomes).toEqual(['Report (HTTP 200)', 'Report (HTTP 200)']);
    await options.close();
  });
});

function titleOf(page: Page, tabId: number): Promise<string> {
  return page.evaluate((id) => chrome.action.getTitle({ tabId: id }), tabId);
}
