/**
 * Firefox for Android, as closely as this machine can run it: the Firefox e2e build copied as
 * Android runs it (.output/firefox-mv2-e2e-android, scripts/e2e-android/android-build.ts):
 * no sidebar or shortcut in the manifest, and `menus`, `contextMenus`, `commands`,
 * `sidebarAction`, `windows` and `storage.managed` removed before any of the extension's
 * scripts runs. Pages at 360 × 640, a phone's size; the popup opened as a tab, since on
 * Android the popup is a page.
 *
 * The user goes from consent to a badge, the popup's report, and from the popup to every
 * function the extension has: refresh, pause, copy the fix list, the full report, Settings
 * (the options page, in a tab), all sites, and watching a site, whose change is told by a
 * basic notification. Nothing may go wrong on the way: no error in a page's console, no
 * uncaught error, and none in the background (kept by the shim, which the driver can read).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../../extension-browser/extension-browser';
import { assessFreshness } from '../../lib/cache/cache-freshness';
import { reportRequestUrl } from '../../lib/service/report-client';
import {
  FIXTURE_DOMAIN,
  FIXTURE_ORIGINS,
  fixtureReports,
} from '../../reference-server/fixtures/reports';
import type { ReferenceServer } from '../../reference-server/server';
import { E2E_BROWSER, FIREFOX_ANDROID_E2E_EXTENSION_DIR } from '../../scripts/e2e-settings';
import { type E2eWorld, startE2eWorld } from './support/e2e-world';
import { FaultWatch } from './support/fault-watch';
import { PopupPage } from './support/popup-page';
import { watchListDriver } from './support/watch-list-driver';

const PHONE = { width: 360, height: 640 };
const WATCHED = `http://watched.${FIXTURE_DOMAIN}`;
const WATCHED_HOST = new URL(WATCHED).host;
const MID_HOST = new URL(FIXTURE_ORIGINS.mid).host;
/** The APIs the shim removes, as the extension's scripts would look for them. */
const ABSENT_APIS = ['menus', 'contextMenus', 'commands', 'sidebarAction', 'windows'];
/** Where the shim keeps the background's errors (scripts/e2e-android/android-shim.js). */
const BACKGROUND_FAULTS_KEY = 'e2e-android-faults';

// The Android build is a Firefox build: Chromium has nothing like it to run.
describe.skipIf(E2E_BROWSER !== 'firefox')(
  'Firefox for Android (its build, at a phone size)',
  () => {
    let world: E2eWorld;
    let service: ReferenceServer;
    let browser: ExtensionBrowser;
    let faults: FaultWatch;
    let popup: PopupPage;
    let midTabId: number;

    const inExtension = async <R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> =>
      (await browser.worker()).evaluate(fn as (arg: unknown) => Promise<R>, arg as unknown);

    /** The addresses of the browser's tabs, as the extension sees them. */
    const tabUrls = () =>
      inExtension(async () => (await chrome.tabs.query({})).map((tab) => tab.url ?? ''), null);

    /**
     * Runs `action` (a click), waits for the tab it opens at an address starting with
     * `prefix`, and returns that address. A tab, not a window: the extension has no windows
     * here, and `tabs.query` lists every tab there is. Firefox's driver does not hand over
     * tabs a page opens itself (target="_blank"), so what is done there next is done in a page
     * of the test's at the same address.
     */
    async function tabOpenedBy(prefix: string, action: () => Promise<unknown>): Promise<string> {
      const before = new Set(await tabUrls());
      await action();
      let opened: string | undefined;
      await expect
        .poll(
          async () => {
            opened = (await tabUrls()).find((url) => url.startsWith(prefix) && !before.has(url));
            return opened !== undefined;
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      return opened ?? '';
    }

    /** A page of the test's at `url`, at a phone's size. */
    async function phonePageAt(url: string): Promise<Page> {
      const page = await browser.context.newPage();
      await page.setViewportSize(PHONE);
      await page.goto(url);
      return page;
    }

    const backgroundFaults = () =>
      inExtension(
        async (key: string) =>
          ((await chrome.storage.session.get(key))[key] as string[] | undefined) ?? [],
        BACKGROUND_FAULTS_KEY,
      );

    beforeAll(async () => {
      world = await startE2eWorld(
        {
          // The watched site's answer runs out after a second, so a watch round may ask again.
          cacheControl: { [WATCHED]: 'max-age=1, stale-if-error=600' },
          extraReports: (baseUrl, now) => ({
            [WATCHED]: {
              ...fixtureReports(baseUrl, now).mid,
              target: `${WATCHED}/`,
              display_target: WATCHED_HOST,
              score: 40,
            },
          }),
        },
        { automaticLookups: false, extensionDir: FIREFOX_ANDROID_E2E_EXTENSION_DIR },
      );
      ({ service, browser } = world);
      faults = await FaultWatch.start(browser);
    }, 60_000);

    afterAll(() => world?.close());

    it('runs without the APIs Android lacks, in its pages and in its background', async () => {
      const missing = (names: string[]) => {
        const scope = globalThis as unknown as {
          browser: Record<string, unknown> & { storage: object };
        };
        return [
          ...names.filter((name) => name in scope.browser),
          ...('managed' in scope.browser.storage ? ['storage.managed'] : []),
        ];
      };
      // The driver's page is the options page, a page of this build.
      expect(await inExtension(missing, ABSENT_APIS)).toEqual([]);
      // The background opened the first-run page at install: it started without them.
      await browser.welcomePage();
      const inBackground = await inExtension((names: string[]) => {
        const page = chrome.extension.getBackgroundPage() as unknown as {
          browser: Record<string, unknown> & { storage: object };
        } | null;
        if (page === null) return null;
        return [
          ...names.filter((name) => name in page.browser),
          ...('managed' in page.browser.storage ? ['storage.managed'] : []),
        ];
      }, ABSENT_APIS);
      // Null only if the event page already went idle; then its start has been checked by the
      // first-run page opening, and its errors are read at the end.
      if (inBackground !== null) expect(inBackground).toEqual([]);
      // Firefox answers with every key of its manifest schema; those not given are empty.
      const manifest = (await inExtension(() => chrome.runtime.getManifest(), null)) as Record<
        string,
        unknown
      >;
      expect(manifest.sidebar_action ?? null).toBeNull();
      expect(manifest.commands ?? null).toBeNull();
    });

    it('asks for consent on the first-run page, at a phone width', async () => {
      const welcome = await browser.welcomePage();
      await welcome.setViewportSize(PHONE);
      await welcome.getByRole('button', { name: 'Look up sites automatically' }).click();
      await expect
        .poll(async () => {
          const { lookupMode, lookupModeChosen } = await browser.storedSettings();
          return { lookupMode, lookupModeChosen };
        })
        .toEqual({ lookupMode: 'automatic', lookupModeChosen: true });
      await welcome.close();
    });

    it("puts a site's score on its badge", async () => {
      const { tabId } = await browser.openTab(`${FIXTURE_ORIGINS.mid}/pricing`);
      midTabId = tabId;
      expect((await browser.settledBadgeOf(tabId)).text).toBe('75');
    });

    it("shows the site's report in the popup, opened as a page", async () => {
      popup = await PopupPage.open(browser, midTabId);
      await popup.page.setViewportSize(PHONE);
      await expect.poll(() => popup.heading().textContent()).toBe(MID_HOST);
    });

    it('refreshes the report from the popup', async () => {
      const before = service.lookedUp(FIXTURE_ORIGINS.mid).length;
      await popup.page.getByRole('button', { name: 'Refresh' }).click();
      await expect
        .poll(() => service.lookedUp(FIXTURE_ORIGINS.mid).length, { timeout: 15_000 })
        .toBe(before + 1);
      await expect.poll(() => popup.heading().textContent()).toBe(MID_HOST);
    });

    it('copies the fix list from the popup', async () => {
      await popup.page.getByRole('button', { name: 'Copy fix list' }).click();
      await expect.poll(() => popup.text('Fix list copied as Markdown.').count()).toBe(1);
    });

    it('opens the full report in a tab', async () => {
      const report = await tabOpenedBy(`${service.baseUrl}/scan/`, () =>
        popup.link(/^Open full report/).click(),
      );
      expect(report).toBe(`${service.baseUrl}/scan/${MID_HOST}`);
    });

    it('pauses the site from the popup, and resumes it', async () => {
      await popup.page.getByRole('button', { name: 'Pause on this site' }).click();
      await popup.page.getByRole('button', { name: `Only ${MID_HOST}` }).click();
      await expect
        .poll(async () => (await browser.storedSettings()).pausedDomains)
        .toEqual([MID_HOST]);
      // The tab's view turns to "paused" too: the button is clicked where it stays.
      await expect.poll(() => popup.text('Not looked up: paused on this site').count()).toBe(1);
      await popup.page.getByRole('button', { name: 'Resume on this site' }).click();
      await expect.poll(async () => (await browser.storedSettings()).pausedDomains).toEqual([]);
      // And the report is back where it was: the next click lands on the popup as it stays.
      await expect.poll(() => popup.link(/^Open full report/).count()).toBe(1);
    });

    /**
     * The URL of the active tab. Firefox (like Chrome) brings an open options page forward
     * rather than opening another, and the driver reads the extension through one: Settings is
     * seen to work when that tab comes forward.
     */
    const activeTabUrl = () =>
      inExtension(async () => (await chrome.tabs.query({ active: true }))[0]?.url ?? '', null);

    it('opens Settings from the popup: the options page, as a tab', async () => {
      expect(await activeTabUrl()).not.toBe(browser.optionsUrl());
      await popup.page.getByRole('button', { name: 'Settings' }).click();
      await expect.poll(activeTabUrl, { timeout: 15_000 }).toBe(browser.optionsUrl());
      await popup.page.bringToFront();
    });

    it('opens all sites from the popup, and Settings from the sites page', async () => {
      const opened = await tabOpenedBy(browser.pageUrl('sites.html'), () =>
        popup.link('All sites').click(),
      );
      expect(opened).toBe(browser.pageUrl('sites.html'));
      const sites = await phonePageAt(opened);
      await sites.getByRole('button', { name: MID_HOST }).waitFor();
      await sites.getByRole('button', { name: 'Settings' }).click();
      await expect.poll(activeTabUrl, { timeout: 15_000 }).toBe(browser.optionsUrl());
      await sites.close();
      await popup.page.bringToFront();
    });

    it('offers All sites and Settings in the popup of a tab without a site', async () => {
      const { tabId } = await browser.openTab('about:blank');
      const blank = await PopupPage.open(browser, tabId);
      await blank.page.setViewportSize(PHONE);
      await blank.link('All sites').waitFor();
      await blank.page.getByRole('button', { name: 'Settings' }).waitFor();
      await blank.close();
    });

    describe('watching a site', () => {
      const watchRecord = () => watchListDriver(browser).watchRecord(WATCHED);

      /** Whether the kept answer is still fresh by the extension's rules: a round skips it then. */
      const keptAnswerFresh = async () => {
        const policy = await inExtension(async (target: string) => {
          const stored = await chrome.storage.local.get(null);
          const key = Object.keys(stored).find(
            (candidate) =>
              candidate.startsWith('report-cache:') && candidate.endsWith(`|${target}`),
          );
          return key ? (stored[key] as { policy: unknown }).policy : null;
        }, WATCHED);
        if (policy === null) throw new Error(`No kept answer for ${WATCHED}`);
        return (
          assessFreshness(
            policy as Parameters<typeof assessFreshness>[0],
            reportRequestUrl(service.baseUrl, WATCHED),
            Date.now,
          ).freshness === 'fresh'
        );
      };

      const runRound = () => watchListDriver(browser).runRound(WATCHED);

      it("is reached from the popup's Watch link, and a change shows a basic notification", async () => {
        const { tabId } = await browser.openTab(`${WATCHED}/`);
        expect((await browser.settledBadgeOf(tabId)).text).toBe('40');
        await popup.showTab(browser, tabId);
        await expect.poll(() => popup.heading().textContent()).toBe(WATCHED_HOST);
        const opened = await tabOpenedBy(browser.pageUrl('sites.html'), () =>
          popup.link('Watch this site…').click(),
        );
        expect(opened).toBe(browser.pageUrl(`sites.html?site=${encodeURIComponent(WATCHED)}`));
        const sites = await phonePageAt(opened);
        await sites.getByLabel('Watch this site').check();
        await expect.poll(watchRecord).toMatchObject({ checkedAt: null });
        await expect
          .poll(() =>
            inExtension(
              () => chrome.permissions.contains({ permissions: ['notifications'] }),
              null,
            ),
          )
          .toBe(true);

        await runRound();
        expect(await watchRecord()).toMatchObject({ score: 40 });
        service.storeReport(WATCHED, {
          ...fixtureReports(service.baseUrl, service.datedAt).mid,
          target: `${WATCHED}/`,
          display_target: WATCHED_HOST,
          score: 75,
          scanned_at: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
        });
        await expect.poll(keptAnswerFresh, { timeout: 15_000 }).toBe(false);
        await runRound();
        expect(await watchRecord()).toMatchObject({ score: 75 });

        const id = `watch-change:${WATCHED}`;
        const shown = () =>
          inExtension(
            async () =>
              (await chrome.notifications.getAll()) as unknown as Record<
                string,
                Record<string, unknown>
              >,
            null,
          );
        await expect.poll(async () => Object.keys(await shown())).toEqual([id]);
        const notification = (await shown())[id];
        // The only template Android shows, and nothing it would drop.
        expect(notification).toMatchObject({
          type: 'basic',
          title: `${WATCHED_HOST} changed`,
          message: expect.stringContaining('Score: 40 → 75'),
        });
        expect(notification).not.toHaveProperty('buttons');
        expect(notification).not.toHaveProperty('requireInteraction');
        await sites.close();
      });
    });

    it('reports no error anywhere on the way', async () => {
      await popup.close();
      expect(await faults.problems()).toEqual([]);
      expect(await backgroundFaults()).toEqual([]);
    });
  },
);
