/**
 * The cache and per-tab state in real Chromium, counted on the reference server: a storm of
 * tab events costs one request, cached tabs cost none, a stopped worker loses nothing, a 503
 * with Retry-After is not asked again before its time, and a report the server allows to
 * stand in for errors is shown, marked stale, when the service fails.
 *
 * The tests share one browser and run in order; each uses its own sites, so the cache that
 * one test fills never answers for another.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../../extension-browser/extension-browser';
import { FIXTURE_DOMAIN, FIXTURE_ORIGINS } from '../../reference-server/fixtures/reports';
import type { ReferenceServer } from '../../reference-server/server';
import { E2E_BROWSER } from '../../scripts/e2e-settings';
import { type E2eWorld, startE2eWorld } from './support/e2e-world';
import { PopupPage } from './support/popup-page';

let service: ReferenceServer;
let browser: ExtensionBrowser;

let world: E2eWorld | undefined;

beforeAll(async () => {
  world = await startE2eWorld();
  ({ service, browser } = world);
});

afterAll(() => world?.close());

/** Tabs on the high-score site, opened by the first test and switched among by the next. */
const highTabs: { page: Page; tabId: number }[] = [];

describe('one site in many tabs', () => {
  it('costs one request for 10 in-page navigations, a reload and 3 tabs', async () => {
    const site = FIXTURE_ORIGINS.high;
    const first = await browser.openTab(`${site}/`);
    highTabs.push(first);
    expect((await browser.settledBadgeOf(first.tabId)).text).toBe('92');

    // Ten URL changes through the History API, each one onUpdated event with a new URL that
    // the extension handles before the next.
    for (let step = 1; step <= 10; step++) {
      await browser.untilTabStateWritten(first.tabId, () =>
        first.page.evaluate((path) => history.pushState({}, '', path), `/spa/step-${step}`),
      );
    }
    // A reload: loading and complete again, with the same URL; the browser clears the badge
    // and the extension puts it back from the stored state.
    await first.page.reload();
    expect((await browser.settledBadgeOf(first.tabId)).text).toBe('92');

    for (const path of ['/pricing', '/docs?page=2']) {
      const tab = await browser.openTab(`${site}${path}`);
      highTabs.push(tab);
      expect((await browser.settledBadgeOf(tab.tabId)).text).toBe('92');
    }
    expect((await browser.settledBadgeOf(first.tabId)).text).toBe('92');
    expect(service.lookedUp(site)).toHaveLength(1);
  });

  it('costs no request at all when switching among cached tabs', async () => {
    const other = await browser.openTab(`${FIXTURE_ORIGINS.low}/`);
    expect((await browser.settledBadgeOf(other.tabId)).text).toBe('23');
    const before = service.lookedUp().length;

    for (let round = 0; round < 3; round++) {
      for (const tab of [...highTabs, other]) {
        await browser.untilTabStateWritten(tab.tabId, () => browser.activateTab(tab.page));
      }
    }
    expect(service.lookedUp()).toHaveLength(before);
    for (const tab of highTabs) expect((await browser.badgeOf(tab.tabId)).text).toBe('92');
    expect((await browser.badgeOf(other.tabId)).text).toBe('23');
  });

  it('puts the right badge back on back and forward', async () => {
    const [tab] = highTabs;
    if (!tab) throw new Error('the first test opened no tab');
    await browser.activateTab(tab.page);
    await tab.page.goto(`${FIXTURE_ORIGINS.low}/from-high`);
    await expect.poll(async () => (await browser.badgeOf(tab.tabId)).text).toBe('23');
    await tab.page.goBack();
    await expect.poll(async () => (await browser.badgeOf(tab.tabId)).text).toBe('92');
    await tab.page.goForward();
    await expect.poll(async () => (await browser.badgeOf(tab.tabId)).text).toBe('23');
    await tab.page.goBack();
    await expect.poll(async () => (await browser.badgeOf(tab.tabId)).text).toBe('92');
  });
});

describe('a stopped service worker', () => {
  it('loses nothing: the popup shows the cached report with no new request', async () => {
    const [tab] = highTabs;
    if (!tab) throw new Error('the first test opened no tab');
    const before = service.lookedUp().length;
    // A value only the running background instance holds: a new instance starts without it.
    await setInstanceMarker('before the stop');

    await browser.stopWorker();
    // The report is fresh in storage: the popup shows it without waking the worker.
    const popup = await PopupPage.open(browser, tab.tabId);
    await expect.poll(() => popup.heading().textContent()).toBe('high.readiness-fixtures.com');
    expect(await popup.page.locator('.score-figure').textContent()).toBe('92');

    // Asked as the popup asks for a state that is not fresh, the new worker answers from the
    // stored cache too (Firefox's pages call the API `browser`, Chromium's `chrome`).
    await browser.untilTabStateWritten(tab.tabId, () =>
      popup.page.evaluate((tabId: number) => {
        const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
        return api.runtime.sendMessage({
          protocol: 'agent-readiness-badge/1',
          name: 'showTab',
          data: { tabId, force: false, trigger: 'user' },
        });
      }, tab.tabId),
    );
    expect(await instanceMarker()).toBeNull();
    expect(service.lookedUp()).toHaveLength(before);
    await popup.close();
  });
});

describe('a site whose report store is down', () => {
  it('is asked once for a 503 with Retry-After 120, then not during 50 tab switches or a refresh', async () => {
    const down = `http://retry-after.${FIXTURE_DOMAIN}`;
    service.setMisbehaviour(down, { kind: 'unavailable', retryAfter: '120' });
    const tab = await browser.openTab(`${down}/`);
    expect((await browser.settledBadgeOf(tab.tabId)).text).toBe('!');
    expect(service.lookedUp(down)).toHaveLength(1);

    const [other] = highTabs;
    if (!other) throw new Error('the first test opened no tab');
    for (let switches = 0; switches < 50; switches += 2) {
      await browser.untilTabStateWritten(other.tabId, () => browser.activateTab(other.page));
      await browser.untilTabStateWritten(tab.tabId, () => browser.activateTab(tab.page));
    }
    expect(service.lookedUp(down)).toHaveLength(1);

    const popup = await PopupPage.open(browser, tab.tabId);
    await expect.poll(() => popup.heading().textContent()).toBe('Report service unavailable');
    await browser.untilTabStateWritten(tab.tabId, () =>
      popup.page.getByRole('button', { name: /refresh/i }).click(),
    );
    expect(service.lookedUp(down)).toHaveLength(1);
    expect(await popup.text(/Next try after/).count()).toBe(1);
    await popup.close();
  });

  it('shows the stored report marked stale when max-age=0 and stale-if-error allow it', async () => {
    const site = FIXTURE_ORIGINS.noIssues;
    service.setMisbehaviour(site, {
      kind: 'cache-control',
      value: 'max-age=0, stale-if-error=600',
    });
    const tab = await browser.openTab(`${site}/`);
    expect((await browser.settledBadgeOf(tab.tabId)).text).toBe('100');

    service.setMisbehaviour(site, { kind: 'unavailable', retryAfter: '120' });
    // Opening the popup asks for the tab again: max-age=0 means a new lookup, which fails.
    const popup = await PopupPage.open(browser, tab.tabId);
    await expect.poll(() => service.lookedUp(site).length).toBe(2);
    await expect.poll(() => popup.text('Stale').count()).toBe(1);
    expect(await popup.heading().textContent()).toBe('no-issues.readiness-fixtures.com');
    expect(await popup.text(/Saved copy received/).count()).toBe(1);

    const badge = await browser.badgeOf(tab.tabId);
    expect(badge.text).toBe('100');
    expect(badge.title).toMatch(/\(saved copy, may be out of date\)$/);
    await popup.close();
  });
});

type Marked = { instanceMarker?: string | null };

/**
 * The marker lives in the background itself: Chromium's worker is where `worker()` evaluates;
 * Firefox's event page is another window, reached from an extension page with
 * runtime.getBackgroundPage() (which wakes it, as any event would).
 */
async function setInstanceMarker(value: string): Promise<void> {
  const worker = await browser.worker();
  if (E2E_BROWSER === 'firefox') {
    await worker.evaluate(async (marker) => {
      const page = (await chrome.runtime.getBackgroundPage()) as unknown as Marked;
      page.instanceMarker = marker;
    }, value);
  } else {
    await worker.evaluate((marker) => {
      (globalThis as Marked).instanceMarker = marker;
    }, value);
  }
}

async function instanceMarker(): Promise<string | null> {
  const worker = await browser.worker();
  return E2E_BROWSER === 'firefox'
    ? worker.evaluate(
        async () =>
          ((await chrome.runtime.getBackgroundPage()) as unknown as Marked).instanceMarker ?? null,
      )
    : worker.evaluate(() => (globalThis as Marked).instanceMarker ?? null);
}
