/**
 * The popup shows a fresh cached report without asking the background (docs/performance.md,
 * "The speed machinery"), and still asks it for every other state. Asking makes the
 * background publish the tab's state again, which moves its `updatedAt`: so an unmoved stamp
 * after the popup has shown the report means the background was not asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../../extension-browser/extension-browser';
import { FIXTURE_ORIGINS } from '../../reference-server/fixtures/reports';
import { type E2eWorld, startE2eWorld } from './support/e2e-world';
import { PopupPage } from './support/popup-page';

let browser: ExtensionBrowser;
let world: E2eWorld | undefined;

beforeAll(async () => {
  world = await startE2eWorld();
  ({ browser } = world);
});

afterAll(() => world?.close());

/** Long enough for a woken background to have answered and published (it takes a few ms). */
const SETTLE_MS = 1_000;

describe('opening the popup', () => {
  it('shows a fresh cached report without asking the background', async () => {
    const { tabId } = await browser.openTab(`${FIXTURE_ORIGINS.high}/`);
    await browser.settledBadgeOf(tabId);
    const before = await browser.tabStateUpdatedAt(tabId);
    expect(before).not.toBeNull();
    const popup = await PopupPage.open(browser, tabId);
    await expect.poll(() => popup.heading().textContent()).toBe('high.readiness-fixtures.com');
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    expect(await browser.tabStateUpdatedAt(tabId)).toBe(before);
    await popup.close();
  });

  it('asks the background when the stored state is not a fresh answer', async () => {
    const { tabId } = await browser.openTab('http://localhost/dashboard');
    await browser.settledBadgeOf(tabId);
    const before = await browser.tabStateUpdatedAt(tabId);
    expect(before).not.toBeNull();
    const popup = await PopupPage.open(browser, tabId);
    await expect
      .poll(() => browser.tabStateUpdatedAt(tabId), { timeout: 10_000 })
      .toBeGreaterThan(before ?? 0);
    await popup.close();
  });
});
