/**
 * What the user keeps, over real use rather than one page at a time: two pages changing
 * things at the same instant, "clear" with lookups and a watch round in flight, a store
 * damaged by a crash, and a backup taken to a cleared profile. The worker is the only writer
 * (lib/storage/record-store.ts); these are its promises, in the real browser.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../../extension-browser/extension-browser';
import { FIXTURE_ORIGINS } from '../../reference-server/fixtures/reports';
import { E2E_EXTENSION_DIR } from '../../scripts/e2e-settings';
import { type E2eWorld, startE2eWorld } from './support/e2e-world';
import { PopupPage } from './support/popup-page';
import { readBackText } from './support/stored-text';

/** Long enough to click "clear" while the answers are on their way. */
const SLOW_MS = 2500;
const SLOW_SITES = [FIXTURE_ORIGINS.high, FIXTURE_ORIGINS.low, FIXTURE_ORIGINS.nullScore];
/** The site the popup pauses and resumes: its host is what a pause keeps. */
const MID_HOST = new URL(FIXTURE_ORIGINS.mid).hostname;

let browser: ExtensionBrowser;
let world: E2eWorld | undefined;

beforeAll(async () => {
  world = await startE2eWorld(
    {
      misbehaviours: Object.fromEntries(
        SLOW_SITES.map((origin) => [origin, { kind: 'slow', delayMs: SLOW_MS }]),
      ),
    },
    { replaceable: true },
  );
  ({ browser } = world);
});

afterAll(() => world?.close());

/** Everything in the extension's local storage, read inside the extension. */
async function storedLocal(): Promise<Record<string, unknown>> {
  return readBackText(
    await (await browser.worker()).evaluate(async () => chrome.storage.local.get(null)),
  );
}

/** Replaces local storage wholesale, as a crash or a hand edit could leave it. */
async function overwriteLocal(items: Record<string, unknown>): Promise<void> {
  await (await browser.worker()).evaluate(async (values) => {
    await chrome.storage.local.clear();
    await chrome.storage.local.set(values);
  }, items);
}

async function openOptions(): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(browser.optionsUrl());
  await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
  return page;
}

/** The sites named by any record of browsing left in local storage. */
function sitesKept(stored: Record<string, unknown>, sites: readonly string[]): string[] {
  const text = JSON.stringify(
    Object.fromEntries(Object.entries(stored).filter(([key]) => key !== 'settings')),
  );
  const keys = Object.keys(stored).join(' ');
  return sites.filter((site) => text.includes(site) || keys.includes(encodeURIComponent(site)));
}

describe('two pages changing different things at the same instant', () => {
  it('keeps both changes, 20 rounds out of 20', async () => {
    const { tabId } = await browser.openTab(`${FIXTURE_ORIGINS.mid}/`);
    await browser.settledBadgeOf(tabId);
    // The popup in its own window, the options page in a tab: both in view, as for a person.
    const popup = await PopupPage.openInWindow(browser, tabId);
    const options = await openOptions();
    const badgeChoice = (mode: 'all' | 'off') =>
      options.getByRole('radio', {
        name:
          mode === 'all'
            ? 'Show the score, or a mark for every other state'
            : 'Show nothing on the button',
      });
    await expect.poll(() => badgeChoice('all').count()).toBe(1);

    let lost = 0;
    for (let round = 1; round <= 20; round++) {
      const before = await browser.storedSettings();
      const paused = (before.pausedDomains ?? []).includes(MID_HOST);
      const mode = before.badgeMode === 'off' ? 'off' : 'all';
      const nextMode: typeof mode = mode === 'off' ? 'all' : 'off';
      // The last round's change reaches the tab's view too: the popup is clicked once it stays.
      const settled = paused
        ? popup.text('Not looked up: paused on this site')
        : popup.page.getByRole('button', { name: 'Check now', exact: true });
      await expect.poll(() => settled.count()).toBe(1);
      if (!paused) {
        // "Pause on this site" offers the site or its whole domain: the site is the one clicked.
        const offer = popup.page.getByRole('button', { name: 'Pause on this site' });
        await expect.poll(() => offer.count()).toBe(1);
        await offer.click();
      }
      const pauseButton = popup.page.getByRole('button', {
        name: paused ? 'Resume on this site' : `Only ${MID_HOST}`,
      });
      await expect.poll(() => pauseButton.count()).toBe(1);
      await expect.poll(() => badgeChoice(mode).isChecked()).toBe(true);
      // Both clicks leave together: each page sends its intent, the worker applies both.
      await Promise.all([badgeChoice(nextMode).click(), pauseButton.click()]);
      const expected = { paused: !paused, mode: nextMode };
      const kept = async () => {
        const after = await browser.storedSettings();
        return {
          paused: (after.pausedDomains ?? []).includes(MID_HOST),
          mode: after.badgeMode ?? 'all',
        };
      };
      const deadline = Date.now() + 5000;
      while (JSON.stringify(await kept()) !== JSON.stringify(expected)) {
        if (Date.now() > deadline) {
          lost += 1;
          // Put the round's state in place by hand, so the next round starts from it.
          await browser.saveSettings({
            badgeMode: expected.mode,
            pausedDomains: expected.paused ? [MID_HOST] : [],
          });
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    expect(lost).toBe(0);
    await browser.saveSettings({ badgeMode: 'all', pausedDomains: [] });
    await popup.close();
    await options.close();
  }, 180_000);
});

describe('clearing with lookups and a watch round in flight', () => {
  it('"Clear all local data" leaves nothing from before the click, whatever answers later', async () => {
    const options = await openOptions();
    // Watched from the popup's own path: the intent goes through the protocol like a click.
    const watchedSite = FIXTURE_ORIGINS.nullScore;
    await options.evaluate(async (origin) => {
      await chrome.runtime.sendMessage({
        protocol: 'agent-readiness-badge/1',
        name: 'watchSite',
        data: { origin },
      });
    }, watchedSite);
    await expect
      .poll(async () => Object.keys((await storedLocal())['watch-list:v1'] ?? {}))
      .toEqual([watchedSite]);

    const tabs = [];
    for (const site of [FIXTURE_ORIGINS.high, FIXTURE_ORIGINS.low]) {
      tabs.push((await browser.openTab(`${site}/`)).tabId);
    }
    // A watch round, as its alarm starts one.
    await (await browser.worker()).evaluate(async () => {
      await chrome.alarms.create('watch-list-round', { when: Date.now() });
    });
    // The requests are out (the reference server holds each answer back).
    await expect
      .poll(() => world?.service.requests().length ?? 0, { timeout: 5000 })
      .toBeGreaterThanOrEqual(3);

    await options.bringToFront();
    await options.getByRole('button', { name: 'Clear all local data' }).click();
    await expect.poll(() => options.getByText('Local data cleared.').count()).toBe(1);

    // Every answer has come in and been handled (each tab shows its site's answer).
    for (const tabId of tabs) await browser.settledBadgeOf(tabId, SLOW_MS * 4);
    await new Promise((resolve) => setTimeout(resolve, SLOW_MS));

    const stored = await storedLocal();
    expect(sitesKept(stored, SLOW_SITES)).toEqual([]);
    expect(stored['watch-list:v1'] ?? {}).toEqual({});
    const log = stored['lookup-log:v1'] as { entries?: unknown[] } | undefined;
    expect(log?.entries ?? []).toEqual([]);
    expect('settings' in stored).toBe(true);

    // The sites page lists none of them either.
    const sites = await browser.context.newPage();
    await sites.goto(browser.pageUrl('sites.html'));
    for (const site of SLOW_SITES) {
      await expect.poll(() => sites.getByText(new URL(site).host).count()).toBe(0);
    }
    await sites.close();
    await options.close();
  });

  it('"Clear the log" keeps no entry of a lookup sent before the click', async () => {
    const options = await openOptions();
    const { tabId } = await browser.openTab(`${FIXTURE_ORIGINS.high}/again`);
    await expect
      .poll(async () => {
        const log = (await storedLocal())['lookup-log:v1'] as { entries?: unknown[] } | undefined;
        return log?.entries?.length ?? 0;
      })
      .toBeGreaterThan(0);
    await options.bringToFront();
    await options.getByRole('button', { name: 'Clear the log' }).click();
    await browser.settledBadgeOf(tabId, SLOW_MS * 4);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const log = (await storedLocal())['lookup-log:v1'] as { entries?: unknown[] } | undefined;
    expect(log?.entries ?? []).toEqual([]);
    await options.close();
  });
});

describe('a store damaged by a crash', () => {
  it('still opens its options, gives a site its badge and the popup its report', async () => {
    const { tabId: seeded } = await browser.openTab(`${FIXTURE_ORIGINS.mid}/seed`);
    await browser.settledBadgeOf(seeded);
    const damaged = Object.fromEntries(
      Object.keys(await storedLocal()).map((key, index) => [key, index % 2 === 0 ? 42 : 'x']),
    );
    // The records that exist only after some use, damaged too.
    for (const key of ['settings', 'retry-gate:v1:x', 'watch-list:v1', 'score-history:0']) {
      damaged[key] ??= 7;
    }
    await overwriteLocal({ ...damaged, settings: 'not settings' });
    // The extension reloaded over the damaged store, as after a browser crash.
    await browser.replaceExtension(E2E_EXTENSION_DIR);
    await browser.saveSettings({ lookupMode: 'automatic', lookupModeChosen: true });

    const options = await openOptions();
    await expect
      .poll(() =>
        options
          .getByRole('radio', { name: 'Show the score, or a mark for every other state' })
          .count(),
      )
      .toBe(1);
    await options.close();

    const { tabId } = await browser.openTab(`${FIXTURE_ORIGINS.mid}/after-damage`);
    const badge = await browser.settledBadgeOf(tabId);
    expect(badge.text).toMatch(/^\d+$/);
    const popup = await PopupPage.open(browser, tabId);
    await expect.poll(() => popup.heading().textContent()).toBe('mid.readiness-fixtures.com');
    await popup.close();
  });
});

describe('a backup', () => {
  it('taken, then local data cleared, restores settings, paused sites and the watch list', async () => {
    const options = await openOptions();
    await browser.saveSettings({
      lookupMode: 'automatic',
      lookupModeChosen: true,
      badgeMode: 'off',
      pausedDomains: [new URL(FIXTURE_ORIGINS.low).hostname],
    });
    await options.evaluate(async (origin) => {
      await chrome.runtime.sendMessage({
        protocol: 'agent-readiness-badge/1',
        name: 'watchSite',
        data: { origin },
      });
    }, FIXTURE_ORIGINS.mid);
    await expect
      .poll(async () => Object.keys((await storedLocal())['watch-list:v1'] ?? {}))
      .toEqual([FIXTURE_ORIGINS.mid]);

    const file = await browser.fileDownloadedBy(options, () =>
      options.getByRole('button', { name: 'Export to a file' }).click(),
    );
    const text = readFileSync(file, 'utf8');
    expect(JSON.parse(text)).toMatchObject({ format: 'agent-readiness-badge-backup', version: 2 });

    await options.getByRole('button', { name: 'Clear all local data' }).click();
    await expect.poll(() => options.getByText('Local data cleared.').count()).toBe(1);
    await browser.saveSettings({ badgeMode: 'all', pausedDomains: [] });
    await expect.poll(async () => (await storedLocal())['watch-list:v1'] ?? {}).toEqual({});

    // The file chosen as the file picker would hand it over (one way for both browsers).
    await options.evaluate((contents) => {
      const input = document.querySelector<HTMLInputElement>('input[type="file"]');
      if (input === null) throw new Error('no file input');
      const chosen = new DataTransfer();
      chosen.items.add(new File([contents], 'backup.json', { type: 'application/json' }));
      input.files = chosen.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    }, text);
    await options.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(async () => {
        const settings = await browser.storedSettings();
        return { badge: settings.badgeMode, paused: settings.pausedDomains };
      })
      .toEqual({ badge: 'off', paused: [new URL(FIXTURE_ORIGINS.low).hostname] });
    await expect
      .poll(async () => Object.keys((await storedLocal())['watch-list:v1'] ?? {}))
      .toEqual([FIXTURE_ORIGINS.mid]);
    await browser.saveSettings({ badgeMode: 'all', pausedDomains: [] });
    await options.close();
  });
});
