/**
 * The popup's actions in real Chromium, by keyboard as well as by pointer: copy the fix list
 * to the clipboard, pause and resume the site, answer the consent question; and every action
 * can be reached with Tab and shows where the focus is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../../extension-browser/extension-browser';
import { FIXTURE_DOMAIN, FIXTURE_ORIGINS } from '../../reference-server/fixtures/reports';
import { type E2eWorld, startE2eWorld } from './support/e2e-world';
import { PopupPage } from './support/popup-page';

let browser: ExtensionBrowser;
let world: E2eWorld | undefined;
/** The site the popup is opened on: its host is what "Only …" pauses. */
const MID_HOST = new URL(FIXTURE_ORIGINS.mid).hostname;
const PAUSED_TITLE = 'Not looked up: paused on this site';

beforeAll(async () => {
  world = await startE2eWorld();
  ({ browser } = world);
});

afterAll(() => world?.close());

async function popupOnMid(): Promise<PopupPage> {
  const { tabId } = await browser.openTab(`${FIXTURE_ORIGINS.mid}/pricing`);
  await browser.settledBadgeOf(tabId);
  const popup = await PopupPage.open(browser, tabId);
  await expect.poll(() => popup.heading().textContent()).toBe('mid.readiness-fixtures.com');
  // Check now arrives after the first frame and moves what is below it: a person clicks on the
  // popup as it stays, and so do these tests.
  await popup.page.getByRole('button', { name: 'Check now', exact: true }).waitFor();
  return popup;
}

/** The tab's view turned to "paused" as well as the settings: the popup has stopped moving. */
async function pausedViewShown(popup: PopupPage): Promise<void> {
  await expect.poll(() => popup.text(PAUSED_TITLE).count()).toBe(1);
}

describe('the popup of a site with a report', () => {
  it('copies the fix list as Markdown, from the keyboard', async () => {
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const popup = await popupOnMid();
    await popup.page.getByRole('button', { name: 'Copy fix list' }).focus();
    await popup.page.keyboard.press('Enter');
    await expect.poll(() => popup.text('Fix list copied as Markdown.').count()).toBe(1);
    const copied = await popup.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^# Agent readiness fixes for mid\.readiness-fixtures\.com\n/);
    expect(copied).toContain(
      '- [ ] **Agent-friendly 404 pages** — id `agent-friendly-404`, tier `essential`, result `failed`',
    );
    expect(copied).toContain(
      `Full report: <${world?.service.baseUrl}/scan/mid.readiness-fixtures.com>`,
    );
    await popup.close();
  });

  it('pauses the site by its host, then resumes it', async () => {
    const popup = await popupOnMid();
    await popup.page.getByRole('button', { name: 'Pause on this site' }).click();
    await popup.page.getByRole('button', { name: `Only ${MID_HOST}` }).click();
    await expect
      .poll(async () => (await browser.storedSettings()).pausedDomains)
      .toEqual([MID_HOST]);
    await expect
      .poll(() =>
        popup.text('Paused: mid.readiness-fixtures.com is not looked up until you resume.').count(),
      )
      .toBe(1);
    await pausedViewShown(popup);
    await popup.page.getByRole('button', { name: 'Resume on this site' }).click();
    await expect.poll(async () => (await browser.storedSettings()).pausedDomains).toEqual([]);
    await popup.close();
  });

  it('pauses the whole domain the site is under, then resumes it', async () => {
    const popup = await popupOnMid();
    await popup.page.getByRole('button', { name: 'Pause on this site' }).click();
    await popup.page.getByRole('button', { name: `All of ${FIXTURE_DOMAIN}` }).click();
    await expect
      .poll(async () => (await browser.storedSettings()).pausedDomains)
      .toEqual([FIXTURE_DOMAIN]);
    await expect
      .poll(() =>
        popup
          .text(
            `Paused: ${FIXTURE_DOMAIN} and every site under it are not looked up until you resume.`,
          )
          .count(),
      )
      .toBe(1);
    await pausedViewShown(popup);
    await popup.page.getByRole('button', { name: 'Resume on this site' }).click();
    await expect.poll(async () => (await browser.storedSettings()).pausedDomains).toEqual([]);
    await popup.close();
  });

  it('reaches every action with Tab, each with a visible focus ring', async () => {
    const popup = await popupOnMid();
    const reached: string[] = [];
    for (let step = 0; step < 20; step++) {
      await popup.page.keyboard.press('Tab');
      const focused = await popup.page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        const style = getComputedStyle(element);
        return {
          name: (element.innerText || element.textContent || '').trim().split('\n')[0] ?? '',
          ring: style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2,
        };
      });
      if (focused === null) break;
      expect(focused.ring, `focus ring on ${focused.name}`).toBe(true);
      reached.push(focused.name);
    }
    for (const action of ['Open full report', 'Copy fix list', 'Refresh', 'Pause on this site']) {
      expect(
        reached.some((name) => name.startsWith(action)),
        action,
      ).toBe(true);
    }
    // The scan time (its exact time shows on focus) and the issue groups are on the way.
    expect(reached.some((name) => / ago$/.test(name))).toBe(true);
    expect(reached.some((name) => name.startsWith('Essential'))).toBe(true);
    await popup.close();
  });
});

describe('the consent question', () => {
  it('stores automatic lookups when the user says yes, and only the choice when not', async () => {
    await browser.saveSettings({ lookupMode: 'on-click', lookupModeChosen: false });
    let popup = await popupOnMid();
    await popup.page.getByRole('button', { name: 'Only when I open this' }).click();
    await expect.poll(async () => (await browser.storedSettings()).lookupModeChosen).toBe(true);
    expect((await browser.storedSettings()).lookupMode).toBe('on-click');
    await expect.poll(() => popup.text('Automatic lookups are off').count()).toBe(0);
    await popup.close();

    await browser.saveSettings({ lookupMode: 'on-click', lookupModeChosen: false });
    popup = await popupOnMid();
    await popup.page.getByRole('button', { name: 'Look up sites automatically' }).click();
    await expect
      .poll(async () => {
        const { lookupMode, lookupModeChosen } = await browser.storedSettings();
        return { lookupMode, lookupModeChosen };
      })
      .toEqual({ lookupMode: 'automatic', lookupModeChosen: true });
    await popup.close();
  });
});
