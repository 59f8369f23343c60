/**
 * What changed, check by check, in the run's browser (Chromium or Firefox) against the
 * reference server's rescanned site, whose report moves from its first scan to its second
 * after its first answered lookup (reference-server/rescanned-site.ts): the popup's line
 * under the score, and the watch list's notification.
 *
 * The site's scans are rewound wherever a case needs them in order, so what looked it up
 * before (another case, the tab's own lookups) does not matter.
 *
 * The notifications permission: see sites-page.spec.ts (Chrome's e2e build has it at install;
 * Firefox's test profile grants it in the click that watches the site).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../../extension-browser/extension-browser';
import { RESCANNED_ORIGIN, rescannedScans } from '../../reference-server/rescanned-site';
import type { ReferenceServer } from '../../reference-server/server';
import { E2E_BROWSER } from '../../scripts/e2e-settings';
import { type E2eWorld, startE2eWorld } from './support/e2e-world';
import { lookedUpBadgeOf } from './support/looked-up-badge';
import { PopupPage } from './support/popup-page';
import { shortDateOf } from './support/short-date';
import { type ShownNotifications, watchListDriver } from './support/watch-list-driver';

const HOST = new URL(RESCANNED_ORIGIN).host;
/** The id the product gives the notification about a watched site's change. */
const NOTIFICATION_ID = `watch-change:${RESCANNED_ORIGIN}`;

let world: E2eWorld;
let service: ReferenceServer;
let browser: ExtensionBrowser;

beforeAll(async () => {
  world = await startE2eWorld();
  ({ service, browser } = world);
  service.rewindScans();
}, 60_000);

afterAll(() => world?.close());

const inExtension = async <R, A>(fn: (arg: A) => Promise<R>, arg: A): Promise<R> =>
  (await browser.worker()).evaluate(fn as (arg: unknown) => Promise<R>, arg as unknown);

describe("the popup's check changes", () => {
  it('shows how the checks changed since the previous scan, and their names on expanding', async () => {
    const [first, second] = rescannedScans(service.baseUrl, service.datedAt);
    const { page: site, tabId } = await browser.openTab(`${RESCANNED_ORIGIN}/`);
    await lookedUpBadgeOf(browser, tabId);
    expect(service.lookedUp(RESCANNED_ORIGIN).length).toBeGreaterThanOrEqual(1);

    const popup = await PopupPage.open(browser, tabId);
    await expect.poll(() => popup.heading().textContent()).toBe(HOST);
    // Whatever the popup's own lookup found, Refresh asks again, and from the second lookup
    // on the site answers its second scan.
    await popup.page.getByRole('button', { name: 'Refresh' }).click();
    await expect
      .poll(() => popup.page.locator('.score-figure').textContent())
      .toBe(String(Math.round(second.score ?? 0)));
    expect(service.lookedUp(RESCANNED_ORIGIN).length).toBeGreaterThanOrEqual(2);

    const line = `Since the scan of ${await shortDateOf(browser, first.scanned_at)}: 1 fixed, 1 new, 1 worse`;
    const summary = popup.page.locator('.check-change summary');
    await expect.poll(() => summary.textContent()).toBe(line);
    // Firefox's page driver counts an element as visible once it exists: the details element's
    // own state tells whether the names are shown.
    const expanded = () =>
      popup.page
        .locator('details.check-change')
        .evaluate((element) => (element as HTMLDetailsElement).open);
    expect(await expanded()).toBe(false);
    await summary.click();
    await expect.poll(expanded).toBe(true);
    expect(await popup.page.locator('.check-change p').allTextContents()).toEqual([
      'Fixed: Sitemap',
      'New: Markdown negotiation',
      'Worse: Structured data (JSON-LD)',
    ]);
    await popup.close();
    // No open tab of the site from here on: a lookup of it outside the watch round would
    // move its scans on behind the next case's back.
    await site.close();
  });
});

describe("the watch list's notification", () => {
  let sitesPage: Page;

  const watchRecord = () => watchListDriver(browser).watchRecord(RESCANNED_ORIGIN);
  const shownNotifications = () => watchListDriver(browser).shownNotifications();

  const runRound = async () => {
    const lookupsBefore = service.lookedUp(RESCANNED_ORIGIN).length;
    await watchListDriver(browser).runRound(RESCANNED_ORIGIN);
    // max-age=0: nothing kept is fresh, so every round asks the service.
    expect(service.lookedUp(RESCANNED_ORIGIN).length).toBe(lookupsBefore + 1);
  };

  /** The notification the round raised, as the browser holds it; read by the next case. */
  let raised: ShownNotifications[string] | undefined;

  it('is raised when a watched site was scanned again', async () => {
    const [first, second] = rescannedScans(service.baseUrl, service.datedAt);
    // The address a click on the notification opens: the sites page with the site selected.
    sitesPage = await browser.context.newPage();
    await sitesPage.goto(
      browser.pageUrl(`sites.html?site=${encodeURIComponent(RESCANNED_ORIGIN)}`),
    );
    await sitesPage.getByLabel('Watch this site').check();
    await expect.poll(watchRecord).toMatchObject({ checkedAt: null });
    await expect
      .poll(() =>
        inExtension(() => chrome.permissions.contains({ permissions: ['notifications'] }), null),
      )
      .toBe(true);

    service.rewindScans();
    await runRound();
    expect(await watchRecord()).toMatchObject({ score: Math.round(first.score ?? 0) });
    expect(await shownNotifications()).toEqual({});

    await runRound();
    expect(await watchRecord()).toMatchObject({ score: Math.round(second.score ?? 0) });
    await expect
      .poll(async () => Object.keys(await shownNotifications()))
      .toEqual([NOTIFICATION_ID]);
    raised = (await shownNotifications())[NOTIFICATION_ID];
    await sitesPage.close();
  });

  // Chrome's notifications.getAll() answers with ids alone (each maps to `true`), and headless
  // Chromium shows notifications in its own message centre, which neither Playwright nor the
  // DevTools protocol can read: there only the notification's id is checked, above. Firefox's
  // getAll() gives each notification's options. Neither browser lets a test click a
  // notification; what a click opens is the handler's, checked in
  // tests/unit/worker/watch-notifications.test.ts, and the page it opens is the one used above.
  it.skipIf(E2E_BROWSER === 'chromium')('names the checks that changed', () => {
    const [first, second] = rescannedScans(service.baseUrl, service.datedAt);
    expect(raised).toMatchObject({
      type: 'basic',
      title: `${HOST} changed`,
      message: `Score: ${Math.round(first.score ?? 0)} → ${Math.round(second.score ?? 0)} · Fixed: Sitemap · New: Markdown negotiation · Worse: Structured data (JSON-LD)`,
    });
  });
});
