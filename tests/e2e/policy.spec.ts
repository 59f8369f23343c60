/**
 * The administrator's policy in real Chromium and Firefox, set as an enterprise sets it (a policy file in
 * Chromium, a managed-storage manifest in Firefox: extension-browser/managed-policy.ts), each
 * browser started with its policy:
 * - a service base URL on a host the extension holds no permission for: nothing is sent, and
 *   the badge, the popup and the options page name the state and its fix, never "network
 *   problem" or "no report";
 * - lookups on request only (`forceOnClick`): an open side panel sends nothing while the user
 *   switches tabs, and one request when the user asks;
 * - domains never to be looked up (`neverLookUpDomains`): nothing under them is sent, on any
 *   scheme or port, and the user sees them as paused, locked, with no Resume.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPolicyWritable } from '../../extension-browser/managed-policy';
import { FIXTURE_ORIGINS } from '../../reference-server/fixtures/reports';
import { E2E_BROWSER } from '../../scripts/e2e-settings';
import { type E2eWorld, startE2eWorld } from './support/e2e-world';
import { PopupPage } from './support/popup-page';
import { tabStripOf } from './support/tab-strip';

/** A service on a host nobody granted: mapped to loopback like every name, and never reached. */
const POLICY_SERVICE = 'https://lookup.corp.example';

// Chromium reads policies from a machine-wide folder only root may write (CI runs as root);
// elsewhere the cases are skipped, not passed.
const canSetPolicy = E2E_BROWSER === 'firefox' || chromiumPolicyWritable();

describe.runIf(canSetPolicy)('a policy service base URL without its host permission', () => {
  let world: E2eWorld | undefined;

  beforeAll(async () => {
    world = await startE2eWorld({}, { policy: { serviceBaseUrl: POLICY_SERVICE } });
  });

  afterAll(() => world?.close());

  it('sends nothing, and the badge names the service it may not reach', async () => {
    const { service, browser } = world as E2eWorld;
    const { tabId } = await browser.openTab(`${FIXTURE_ORIGINS.mid}/pricing`);
    const badge = await browser.settledBadgeOf(tabId);
    expect(badge.title).toBe(
      'Agent readiness for mid.readiness-fixtures.com: this extension may not reach the report service at lookup.corp.example',
    );
    expect(badge.text).toBe('⊘');
    expect(service.requests()).toEqual([]);
  });

  it('the popup says nothing was sent, and that the administrator chose the service', async () => {
    const { service, browser } = world as E2eWorld;
    const { tabId } = await browser.openTab(`${FIXTURE_ORIGINS.high}/docs`);
    const popup = await PopupPage.open(browser, tabId);
    await expect
      .poll(() => popup.heading().textContent())
      .toBe('This extension may not reach the report service');
    const text = await popup.page.locator('main').textContent();
    expect(text).toContain('Nothing was sent');
    expect(text).toContain('lookup.corp.example');
    expect(text).toContain('Your administrator chose this service');
    expect(text).not.toMatch(/network problem|no report/i);
    await popup.close();
    expect(service.requests()).toEqual([]);
  });

  it('the options page shows the locked service and offers to allow access', async () => {
    const { browser } = world as E2eWorld;
    const page = await browser.context.newPage();
    await page.goto(browser.optionsUrl());
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain('This extension may not reach the report service at lookup.corp.example');
    expect(
      await page.getByRole('button', { name: 'Allow access to lookup.corp.example' }).count(),
    ).toBe(1);
    expect(
      await page.getByRole('textbox', { name: /Base URL/ }).getAttribute('disabled'),
    ).not.toBeNull();
    await page.close();
  });
});

describe.runIf(canSetPolicy)('a policy that allows lookups only on request', () => {
  let world: E2eWorld | undefined;

  beforeAll(async () => {
    // The policy answers the consent question: no first-run page to answer.
    world = await startE2eWorld({}, { policy: { forceOnClick: true }, automaticLookups: false });
  });

  afterAll(() => world?.close());

  it('an open side panel sends nothing across tab switches, and one request when asked', async () => {
    const { service, browser } = world as E2eWorld;
    const strip = tabStripOf(browser);
    const panel = await browser.context.newPage();
    const sites = [FIXTURE_ORIGINS.high, FIXTURE_ORIGINS.mid, FIXTURE_ORIGINS.low];
    const { windowId } = await strip.openWindow(`${sites[0]}/`);
    await panel.goto(browser.pageUrl(`sidepanel.html?windowId=${windowId}`));
    const heading = () => PopupPage.of(panel).heading().textContent();
    const site = () => panel.locator('.state-target').textContent();
    await expect.poll(heading).toBe('Not looked up yet');
    for (const origin of sites.slice(1)) {
      await strip.openTabIn(windowId, `${origin}/pricing`);
      await expect.poll(site).toBe(origin);
      expect(await heading()).toBe('Not looked up yet');
    }
    // Time for a lookup, had one been sent, to reach the service.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(service.requests()).toEqual([]);

    await panel.getByRole('button', { name: 'Look up this site' }).click();
    await expect.poll(heading).toBe(new URL(FIXTURE_ORIGINS.low).host);
    expect(service.lookedUp()).toEqual([FIXTURE_ORIGINS.low]);
    await panel.close();
  });
});

describe.runIf(canSetPolicy)('a policy that lists domains never to be looked up', () => {
  let world: E2eWorld | undefined;
  const LOCKED = new URL(FIXTURE_ORIGINS.low).hostname;

  beforeAll(async () => {
    world = await startE2eWorld({}, { policy: { neverLookUpDomains: [LOCKED] } });
  });

  afterAll(() => world?.close());

  it('sends nothing for the domain, its subdomains, http or another port; other sites are looked up', async () => {
    const { service, browser } = world as E2eWorld;
    const covered = [`http://${LOCKED}/`, `http://deep.${LOCKED}/x`, `http://${LOCKED}:8080/`];
    for (const url of covered) {
      const { tabId } = await browser.openTab(url);
      expect((await browser.settledBadgeOf(tabId)).title).toBe(
        'Not looked up: paused on this site',
      );
    }
    const other = await browser.openTab(`${FIXTURE_ORIGINS.mid}/`);
    expect((await browser.settledBadgeOf(other.tabId)).text).not.toBe('');
    expect(service.lookedUp()).toEqual([FIXTURE_ORIGINS.mid]);
  });

  it('the popup offers no Resume, and says the administrator set it', async () => {
    const { browser } = world as E2eWorld;
    const { tabId } = await browser.openTab(`http://${LOCKED}/pricing`);
    const popup = await PopupPage.open(browser, tabId);
    await expect
      .poll(() => popup.heading().textContent())
      .toBe('Not looked up: paused on this site');
    await expect
      .poll(() => popup.page.locator('main').textContent())
      .toContain(`Your administrator has set ${LOCKED} never to be looked up`);
    expect(await popup.page.getByRole('button', { name: 'Resume' }).count()).toBe(0);
    await popup.close();
  });

  it('the options page lists the domain as set by the administrator, with no Resume', async () => {
    const { browser } = world as E2eWorld;
    const page = await browser.context.newPage();
    await page.goto(browser.optionsUrl());
    const entry = page.locator('li', { hasText: LOCKED });
    await expect.poll(() => entry.first().textContent()).toContain('Set by your administrator');
    expect(await entry.first().getByRole('button', { name: 'Resume' }).count()).toBe(0);
    await page.close();
  });
});
