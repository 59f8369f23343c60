/**
 * The whole path in real Chromium: a tab on a site, the extension asks the reference server,
 * the badge and the popup show the answer; local pages cost no request at all.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../../extension-browser/extension-browser';
import { FIXTURE_ORIGINS, UNSCANNED_ORIGIN } from '../../reference-server/fixtures/reports';
import { MISBEHAVING_ORIGINS } from '../../reference-server/misbehaving-sites';
import type { SampleSiteServer } from '../../reference-server/sample-site-server';
import type { ReferenceServer } from '../../reference-server/server';
import { type E2eWorld, startE2eWorld } from './support/e2e-world';
import { PopupPage } from './support/popup-page';

let service: ReferenceServer;
let sites: SampleSiteServer;
let browser: ExtensionBrowser;

let world: E2eWorld | undefined;

beforeAll(async () => {
  world = await startE2eWorld();
  ({ service, sites, browser } = world);
});

afterAll(() => world?.close());

describe('a site with a stored report', () => {
  it('gets the rounded score on its badge and the site named in the title', async () => {
    const { tabId } = await browser.openTab(`${FIXTURE_ORIGINS.high}/docs/start?ref=mail#intro`);
    const badge = await browser.settledBadgeOf(tabId);
    expect(badge.text).toBe('92');
    expect(badge.title).toMatch(/^Agent readiness 92 \(A\) for high\.readiness-fixtures\.com/);
  });

  it('rounds a half score up', async () => {
    const { tabId } = await browser.openTab(`${FIXTURE_ORIGINS.mid}/`);
    expect((await browser.settledBadgeOf(tabId)).text).toBe('75');
  });

  it('shows label, tier buckets, issues and the report link in the popup', async () => {
    const { tabId } = await browser.openTab(`${FIXTURE_ORIGINS.mid}/pricing`);
    await browser.settledBadgeOf(tabId);
    const popup = await PopupPage.open(browser, tabId);
    await expect.poll(() => popup.heading().textContent()).toBe('mid.readiness-fixtures.com');
    expect(await popup.page.locator('.score-figure').textContent()).toBe('75');
    expect(await popup.page.locator('.score-label').textContent()).toBe('B');
    expect(await popup.text('58 / 80 points').count()).toBe(1);
    expect(await popup.text('12.5 / 20 points').count()).toBe(1);
    expect(await popup.text('21 checks applied').count()).toBe(1);
    expect(await popup.text('Agent-friendly 404 pages').count()).toBe(1);
    expect(await popup.text('Structured data (JSON-LD)').count()).toBe(1);
    const reportLink = popup.link('Open full report');
    expect(await reportLink.getAttribute('href')).toBe(
      `${service.baseUrl}/scan/mid.readiness-fixtures.com`,
    );
    await popup.close();
  });
});

describe('a site without a report', () => {
  it('gets the no-report badge and a popup that links to a scan', async () => {
    const { tabId } = await browser.openTab(`${UNSCANNED_ORIGIN}/`);
    const badge = await browser.settledBadgeOf(tabId);
    expect(badge.text).toBe('–');
    expect(badge.title).toBe(
      'No agent readiness report stored for unscanned.readiness-fixtures.com',
    );

    const popup = await PopupPage.open(browser, tabId);
    await expect.poll(() => popup.heading().textContent()).toBe('No readiness report yet');
    expect(await popup.link('Scan this site').getAttribute('href')).toBe(
      `${service.baseUrl}/scan/unscanned.readiness-fixtures.com`,
    );
    await popup.close();
  });
});

describe('a site whose report store is down', () => {
  it('gets the unavailable badge and popup', async () => {
    const { tabId } = await browser.openTab(`${MISBEHAVING_ORIGINS.unavailable}/`);
    const badge = await browser.settledBadgeOf(tabId);
    expect(badge.text).toBe('!');
    expect(badge.title).toMatch(/the report service is unavailable/);

    const popup = await PopupPage.open(browser, tabId);
    await expect.poll(() => popup.heading().textContent()).toBe('Report service unavailable');
    expect(await popup.text(/Next try after/).count()).toBe(1);
    await popup.close();
  });
});

describe('local pages', () => {
  beforeEach(() => service.clearRequests());

  it.each([
    ['127.0.0.1', () => `http://127.0.0.1:${sites.port}/admin?token=secret`],
    ['localhost', () => 'http://localhost/dashboard'],
  ])('on %s send no request at all', async (_name, url) => {
    const { tabId } = await browser.openTab(url());
    const badge = await browser.settledBadgeOf(tabId);
    expect(badge.title).toMatch(/^Not looked up: /);
    expect(badge.text).toBe('');
    expect(service.lookedUp()).toEqual([]);
  });
});

describe('what is sent', () => {
  it('is only ever an origin: no path, query, fragment or credentials', async () => {
    service.clearRequests();
    const { tabId } = await browser.openTab(
      `${FIXTURE_ORIGINS.low}/account/jane.doe@mail.com?session=abc#x`,
    );
    expect((await browser.settledBadgeOf(tabId)).text).toBe('23');
    const sent = service.lookedUp();
    expect(sent).toEqual([FIXTURE_ORIGINS.low]);
    for (const parameter of sent) expect(new URL(parameter ?? '').origin).toBe(parameter);
  });
});
