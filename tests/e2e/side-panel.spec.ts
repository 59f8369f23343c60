/**
 * The side panel in real Chromium, following the active tab of its window as the user
 * switches tabs and navigates.
 *
 * Headless Chromium draws no side panel, so the test opens the panel's page as a page of its
 * own, told which window it belongs to (`sidepanel.html?windowId=N`, as the popup takes
 * `?tabId=N`); docked, the page finds its window itself. The tabs it follows are real tabs
 * in a real window, switched through the tabs API as the tab strip would.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../../extension-browser/extension-browser';
import { FIXTURE_ORIGINS, UNSCANNED_ORIGIN } from '../../reference-server/fixtures/reports';
import type { ReferenceServer } from '../../reference-server/server';
import { E2E_BROWSER } from '../../scripts/e2e-settings';
import { type E2eWorld, startE2eWorld } from './support/e2e-world';
import { PopupPage } from './support/popup-page';
import { tabStripOf } from './support/tab-strip';

let browser: ExtensionBrowser;
let service: ReferenceServer;

let world: E2eWorld | undefined;

beforeAll(async () => {
  world = await startE2eWorld();
  ({ browser, service } = world);
});

afterAll(() => world?.close());

// Tabs and windows are driven as the browser's tab strip would drive them: the panel hears
// the same events.
const strip = () => tabStripOf(browser);
const openWindow = (url: string) => strip().openWindow(url);
const openTabIn = (windowId: number, url: string) => strip().openTabIn(windowId, url);
const activeTabOf = (windowId: number) => strip().activeTabOf(windowId);
const switchTo = (tabId: number) => strip().switchTo(tabId);
const navigate = (tabId: number, url: string) => strip().navigate(tabId, url);
const worker = () => browser.worker();

/** Lets the worker handle what the browser just did (tab events), then some. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

const hostOf = (origin: string) => new URL(origin).host;

describe('the side panel', () => {
  let windowId: number;
  let firstTab: number;
  let panel: Page;
  const heading = () => PopupPage.of(panel).heading().textContent();

  beforeAll(async () => {
    // The page first, so that it opens in the browser's first window, not among the tabs it
    // follows (docked, the panel is no tab at all).
    panel = await browser.context.newPage();
    ({ windowId, tabId: firstTab } = await openWindow(`${FIXTURE_ORIGINS.high}/docs`));
    await panel.goto(browser.pageUrl(`sidepanel.html?windowId=${windowId}`));
  });

  it.runIf(E2E_BROWSER === 'chromium')('is the page Chromium docks as the side panel', async () => {
    const options = await (await worker()).evaluate(() => chrome.sidePanel.getOptions({}));
    expect(options).toMatchObject({ path: 'sidepanel.html', enabled: true });
  });

  it.runIf(E2E_BROWSER === 'firefox')('is the page Firefox shows as the sidebar', async () => {
    const sidebar = await (await worker()).evaluate(
      () =>
        (chrome.runtime.getManifest() as { sidebar_action?: { default_panel?: string } })
          .sidebar_action,
    );
    // Firefox answers with the panel's full moz-extension:// address.
    expect(sidebar?.default_panel).toBe(browser.pageUrl('sidepanel.html'));
  });

  it("shows the report of its window's active tab", async () => {
    await expect.poll(heading).toBe('high.readiness-fixtures.com');
    expect(await panel.locator('.score-figure').textContent()).toBe('92');
  });

  it('follows the user to a new tab and back', async () => {
    const secondTab = await openTabIn(windowId, `${FIXTURE_ORIGINS.mid}/pricing`);
    await expect.poll(heading).toBe('mid.readiness-fixtures.com');
    expect(await panel.locator('.score-figure').textContent()).toBe('75');

    await switchTo(firstTab);
    await expect.poll(heading).toBe('high.readiness-fixtures.com');
    expect(await panel.locator('.score-figure').textContent()).toBe('92');

    await switchTo(secondTab);
    await expect.poll(heading).toBe('mid.readiness-fixtures.com');
  });

  it('follows the active tab to another site', async () => {
    const tabId = await activeTabOf(windowId);
    await navigate(tabId, `${UNSCANNED_ORIGIN}/`);
    await expect.poll(heading).toBe('No readiness report yet');
  });

  it('stays with its own window while the user switches tabs in another', async () => {
    const before = await heading();
    const other = await openWindow(`${FIXTURE_ORIGINS.low}/`);
    const otherTab = await openTabIn(other.windowId, `${FIXTURE_ORIGINS.mid}/`);
    // A settled badge means the extension has seen the switch (the badge is looked up after).
    await browser.settledBadgeOf(otherTab);
    await switchTo(other.tabId);
    await browser.settledBadgeOf(other.tabId);
    expect(await heading()).toBe(before);

    // Still following its own window, not stuck.
    await switchTo(firstTab);
    await expect.poll(heading).toBe('high.readiness-fixtures.com');
  });
});

// After the tests above: their sites are cached, so these use sites not looked up before.
describe('the side panel in on-click mode', () => {
  let windowId: number;
  let panel: Page;
  const view = () => PopupPage.of(panel);
  const heading = () => view().heading().textContent();
  const site = () => panel.locator('.state-target').textContent();
  const SITES = [
    FIXTURE_ORIGINS.nullScore,
    FIXTURE_ORIGINS.noIssues,
    FIXTURE_ORIGINS.noDeveloperSurface,
  ];
  const tabs: number[] = [];

  beforeAll(async () => {
    await browser.saveSettings({ lookupMode: 'on-click', lookupModeChosen: true });
    panel = await browser.context.newPage();
    const opened = await openWindow(`${SITES[0]}/`);
    windowId = opened.windowId;
    tabs.push(opened.tabId);
    await panel.goto(browser.pageUrl(`sidepanel.html?windowId=${windowId}`));
  });

  it('looks nothing up while the user switches between sites, and says so', async () => {
    service.clearRequests();
    await expect.poll(heading).toBe('Not looked up yet');
    expect(await site()).toBe(SITES[0]);
    for (const origin of SITES.slice(1)) {
      tabs.push(await openTabIn(windowId, `${origin}/pricing`));
      await expect.poll(site).toBe(origin);
      expect(await heading()).toBe('Not looked up yet');
    }
    await switchTo(tabs[0] as number);
    await expect.poll(site).toBe(SITES[0]);
    await switchTo(tabs[1] as number);
    await expect.poll(site).toBe(SITES[1]);
    await settle();
    expect(service.requests()).toEqual([]);
  });

  it('sends exactly one request when the user presses "Look up this site"', async () => {
    await panel.getByRole('button', { name: 'Look up this site' }).click();
    await expect.poll(heading).toBe(hostOf(SITES[1] as string));
    await settle();
    expect(service.lookedUp()).toEqual([SITES[1]]);
  });

  it('follows a navigation to another site, and pauses the site it shows', async () => {
    service.clearRequests();
    await navigate(tabs[1] as number, `${FIXTURE_ORIGINS.manyIssues}/`);
    await expect.poll(heading).toBe('Not looked up yet');
    expect(await site()).toBe(FIXTURE_ORIGINS.manyIssues);

    const shownHost = hostOf(FIXTURE_ORIGINS.manyIssues);
    await panel.getByRole('button', { name: 'Pause on this site' }).click();
    await panel.getByRole('button', { name: `Only ${shownHost}` }).click();
    await expect.poll(heading).toBe('Not looked up: paused on this site');
    expect((await browser.storedSettings()).pausedDomains).toEqual([shownHost]);
    await settle();
    expect(service.requests()).toEqual([]);
  });
});
