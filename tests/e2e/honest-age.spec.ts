/**
 * Honest about age and coverage, in the run's browser against the reference server: an old
 * report says so with a link to rescan on its page; a report from the future shows its time
 * and no age; a subdomain without a report offers its registrable domain's, looked up once on
 * a click and never taken for the tab's; a rescan that moves only the eligible count is called
 * the service's method changing. axe-core finds nothing in any of these views.
 *
 * Every report here is dated as an age before (or after) the server's clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../../extension-browser/extension-browser';
import {
  FIXTURE_DOMAIN,
  FIXTURE_ORIGINS,
  fixtureReports,
} from '../../reference-server/fixtures/reports';
import { scanAgeMs, scannedBefore } from '../../reference-server/fixtures/scan-times';
import { retargetReport } from '../../reference-server/report-store';
import type { ReferenceServer } from '../../reference-server/server';
import { axeViolations } from './support/axe';
import { type E2eWorld, startE2eWorld } from './support/e2e-world';
import { lookedUpBadgeOf } from './support/looked-up-badge';
import { PopupPage } from './support/popup-page';
import { shortDateOf } from './support/short-date';

/** A site whose report was scanned three days after the server's clock. */
const AHEAD = `http://ahead.${FIXTURE_DOMAIN}`;
/** A subdomain without a report, and its registrable domain, which has one. */
const DOCS = `http://docs.${FIXTURE_DOMAIN}`;
const PARENT = `http://${FIXTURE_DOMAIN}`;
/** A site the service scans again with one more eligible check and nothing else changed. */
const RECOUNTED = `http://recounted.${FIXTURE_DOMAIN}`;

let world: E2eWorld;
let service: ReferenceServer;
let browser: ExtensionBrowser;

beforeAll(async () => {
  world = await startE2eWorld({
    extraReports: (baseUrl, now) => {
      const mid = fixtureReports(baseUrl, now).mid;
      return {
        [AHEAD]: {
          ...retargetReport(mid, AHEAD, baseUrl),
          scanned_at: new Date(now + scanAgeMs({ days: 3 })).toISOString(),
        },
        [PARENT]: { ...retargetReport(mid, PARENT, baseUrl), score: 88 },
        [RECOUNTED]: {
          ...retargetReport(mid, RECOUNTED, baseUrl),
          scanned_at: scannedBefore(now, { days: 20 }),
        },
      };
    },
  });
  ({ service, browser } = world);
}, 60_000);

afterAll(() => world?.close());

async function popupOn(origin: string, heading: string | RegExp) {
  const { tabId } = await browser.openTab(`${origin}/`);
  const badge = await lookedUpBadgeOf(browser, tabId);
  const popup = await PopupPage.open(browser, tabId);
  await expect.poll(() => popup.heading().textContent()).toMatch(heading);
  return { popup, tabId, badge };
}

describe("a report's age", () => {
  it('says an old report is old, links to rescan on its page, and the tooltip says so', async () => {
    const low = fixtureReports(service.baseUrl, service.datedAt).low;
    const { popup, badge } = await popupOn(FIXTURE_ORIGINS.low, low.display_target);
    expect(badge.title).toMatch(/scanned 3 months ago \(old report\)$/);
    const note = popup.page.locator('.old-note');
    expect(await note.textContent()).toMatch(/^This report is old: scanned 3 months ago\./);
    const rescan = note.getByRole('link', { name: /^Rescan on 127\.0\.0\.1:\d+/ });
    expect(await rescan.getAttribute('href')).toBe(low.report_url);
    expect(await axeViolations(popup.page)).toEqual([]);
    await popup.close();
  });

  it('shows a report from the future with its time and no relative age', async () => {
    const { popup, badge } = await popupOn(AHEAD, `ahead.${FIXTURE_DOMAIN}`);
    const line = (await popup.page.locator('.scanned').textContent()) ?? '';
    expect(line).toMatch(/^Scanned .+, ahead of this computer's clock$/);
    expect(line).not.toMatch(/\bin \d|ago|now/);
    expect(badge.title).not.toMatch(/\bin \d|ago|scanned now|old report/);
    expect(await popup.page.locator('.old-note').count()).toBe(0);
    expect(await axeViolations(popup.page)).toEqual([]);
    await popup.close();
  });
});

describe("a subdomain without a report, and its registrable domain's", () => {
  it('offers the other site, looks it up once on a click, and shows it apart', async () => {
    const { popup, tabId, badge } = await popupOn(DOCS, 'No readiness report yet');
    expect(badge.text).toBe('–');
    const offer = popup.page.getByRole('button', { name: `Show ${FIXTURE_DOMAIN}'s report` });
    await offer.waitFor();
    // Offered, never looked up by itself.
    expect(service.lookedUp(PARENT)).toEqual([]);
    await offer.click();
    const section = popup.page.getByRole('region', {
      name: `Report of ${FIXTURE_DOMAIN}, another site`,
    });
    await expect.poll(() => section.locator('.score-figure').textContent()).toBe('88');
    expect(service.lookedUp(PARENT)).toEqual([PARENT]);
    // The tab is still about its own site: no report, on the badge and in the popup.
    expect(await popup.heading().textContent()).toBe('No readiness report yet');
    expect(await browser.badgeOf(tabId)).toMatchObject({ text: '–' });
    expect(await axeViolations(popup.page)).toEqual([]);
    await popup.close();
    expect(service.lookedUp(PARENT)).toEqual([PARENT]);
  });
});

describe("the service's method, told apart from the site", () => {
  it('calls a rescan that moved only the eligible count a method change', async () => {
    const { popup } = await popupOn(RECOUNTED, `recounted.${FIXTURE_DOMAIN}`);
    const first = service.reports().get(RECOUNTED);
    if (first === undefined) throw new Error('the site has no report on the server');
    service.storeReport(RECOUNTED, {
      ...first,
      scanned_at: scannedBefore(service.datedAt, { days: 2 }),
      eligible_checks: first.eligible_checks + 1,
    });
    await popup.page.getByRole('button', { name: 'Refresh' }).click();
    const since = await shortDateOf(browser, first.scanned_at);
    await expect
      .poll(() => popup.page.locator('.check-change').textContent())
      .toBe(`Since the scan of ${since}: the service's method changed`);
    expect(await axeViolations(popup.page)).toEqual([]);
    await popup.close();
  });
});
