/**
 * Every designed view of the popup in the run's browser, in the light and the dark theme:
 * axe-core finds no violation, nothing sticks out sideways, and the main views are pictured.
 *
 * An e2e run writes its pictures under .test-results/screenshots/<browser>/ (ignored). Only
 * `npm run screenshots` (scripts/screenshots.ts) writes docs/screenshots/ (for
 * docs/user-guide.md), by naming that folder in SCREENSHOT_DIR; it also fixes the pages', the
 * worker's and the reference server's clock (SCREENSHOT_CLOCK), so the reports' age ("Scanned
 * 3 days ago"), a busy service's next try, and with them every picture, are the same on each
 * run.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../../extension-browser/extension-browser';
import { LIVE_ORIGIN } from '../../reference-server/fixtures/live-reports';
import {
  FIXTURE_ORIGINS,
  fixtureReports,
  UNSCANNED_ORIGIN,
} from '../../reference-server/fixtures/reports';
import { scannedBefore } from '../../reference-server/fixtures/scan-times';
import { MISBEHAVING_ORIGINS } from '../../reference-server/misbehaving-sites';
import type { ReferenceServer } from '../../reference-server/server';
import { axeViolations, sidewaysOverflow } from './support/axe';
import { type E2eWorld, startE2eWorld } from './support/e2e-world';
import { lookedUpBadgeOf } from './support/looked-up-badge';
import { PopupPage } from './support/popup-page';
import {
  fixClockForScreenshots,
  SCREENSHOT_DIR,
  screenshotServerClock,
} from './support/screenshot-clock';
import { shortDateOf } from './support/short-date';

const SCHEMES = ['light', 'dark'] as const;

let service: ReferenceServer;
let browser: ExtensionBrowser;
let world: E2eWorld | undefined;

beforeAll(async () => {
  world = await startE2eWorld({ now: screenshotServerClock });
  ({ service, browser } = world);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await fixClockForScreenshots(browser);
});

afterAll(() => world?.close());

interface ViewCase {
  name: string;
  /** Brings the popup to the view and returns it, waiting on something only that view shows. */
  open(): Promise<PopupPage>;
  /** Saved for docs/user-guide.md. */
  screenshot: boolean;
}

async function popupOnSite(origin: string, heading: string | RegExp): Promise<PopupPage> {
  const { tabId } = await browser.openTab(`${origin}/`);
  await lookedUpBadgeOf(browser, tabId);
  const popup = await PopupPage.open(browser, tabId);
  await expect.poll(() => popup.heading().textContent()).toMatch(heading);
  return popup;
}

const VIEWS: ViewCase[] = [
  {
    name: 'report',
    screenshot: true,
    async open() {
      // An earlier scan of the site first (66.6, seven weeks before the server's clock), then
      // the current one through Refresh: the popup shows the change between them.
      const site = FIXTURE_ORIGINS.mid;
      const earlier = {
        ...fixtureReports(service.baseUrl, service.datedAt).mid,
        score: 66.6,
        scanned_at: scannedBefore(service.datedAt, { days: 50, hours: 3 }),
      };
      service.setMisbehaviour(site, {
        kind: 'json-body',
        status: 200,
        body: JSON.stringify({ ...earlier, report_url: `${service.baseUrl}/scan/mid` }),
      });
      const popup = await popupOnSite(site, 'mid.readiness-fixtures.com');
      await expect.poll(() => popup.page.locator('.score-figure').textContent()).toBe('67');
      service.setMisbehaviour(site, null);
      await popup.page.getByRole('button', { name: 'Refresh' }).click();
      const since = `+8 since ${await shortDateOf(browser, earlier.scanned_at)}`;
      await expect.poll(() => popup.text(since).count()).toBe(1);
      return popup;
    },
  },
  {
    name: 'many-issues',
    screenshot: true,
    open: () => popupOnSite(FIXTURE_ORIGINS.manyIssues, 'many-issues.readiness-fixtures.com'),
  },
  {
    name: 'null-score',
    screenshot: false,
    open: () => popupOnSite(FIXTURE_ORIGINS.nullScore, 'null-score.readiness-fixtures.com'),
  },
  {
    name: 'no-developer-surface',
    screenshot: false,
    open: () =>
      popupOnSite(
        FIXTURE_ORIGINS.noDeveloperSurface,
        'no-developer-surface.readiness-fixtures.com',
      ),
  },
  {
    name: 'stale',
    screenshot: true,
    async open() {
      const site = FIXTURE_ORIGINS.low;
      service.setMisbehaviour(site, {
        kind: 'cache-control',
        value: 'max-age=0, stale-if-error=600',
      });
      const { tabId } = await browser.openTab(`${site}/`);
      await lookedUpBadgeOf(browser, tabId);
      service.setMisbehaviour(site, { kind: 'unavailable', retryAfter: '120' });
      const popup = await PopupPage.open(browser, tabId);
      await expect.poll(() => popup.text('Stale').count()).toBe(1);
      return popup;
    },
  },
  {
    name: 'loading',
    screenshot: true,
    async open() {
      const { tabId } = await browser.openTab(`${MISBEHAVING_ORIGINS.slow}/`);
      const popup = await PopupPage.open(browser, tabId);
      await expect.poll(() => popup.heading().textContent()).toMatch(/^Looking up /);
      return popup;
    },
  },
  {
    name: 'no-report',
    screenshot: true,
    open: () => popupOnSite(UNSCANNED_ORIGIN, 'No readiness report yet'),
  },
  {
    name: 'unavailable',
    screenshot: true,
    open: () => popupOnSite(MISBEHAVING_ORIGINS.unavailable, 'Report service unavailable'),
  },
  {
    name: 'invalid-response',
    screenshot: true,
    open: () => popupOnSite(MISBEHAVING_ORIGINS.malformed, /could not read/),
  },
  {
    // The live service's shape: a sentence for a label, long check names.
    name: 'live-report',
    screenshot: true,
    open: () => popupOnSite(LIVE_ORIGIN, 'live.readiness-fixtures.com'),
  },
  {
    name: 'service-moved',
    screenshot: true,
    open: () =>
      popupOnSite(MISBEHAVING_ORIGINS.retired, 'The service no longer answers at this address'),
  },
  {
    name: 'not-looked-up',
    screenshot: true,
    async open() {
      const { tabId } = await browser.openTab('http://localhost/dashboard');
      await browser.settledBadgeOf(tabId);
      const popup = await PopupPage.open(browser, tabId);
      await expect.poll(() => popup.heading().textContent()).toMatch(/^Not looked up/);
      return popup;
    },
  },
  {
    name: 'consent',
    screenshot: true,
    async open() {
      await browser.saveSettings({ lookupMode: 'on-click', lookupModeChosen: false });
      const popup = await popupOnSite(FIXTURE_ORIGINS.high, 'high.readiness-fixtures.com');
      await expect.poll(() => popup.text('Automatic lookups are off').count()).toBe(1);
      return popup;
    },
  },
  {
    // Last of the views that look a site up: a 429 pauses every lookup for its Retry-After.
    name: 'busy',
    screenshot: true,
    open: () =>
      popupOnSite(MISBEHAVING_ORIGINS.busy, 'The report service is busy for this network'),
  },
];

it('axe in the popup page finds a planted violation and a planted overflow', async () => {
  // A check that passes everywhere must be able to fail somewhere.
  const popup = await popupOnSite(FIXTURE_ORIGINS.high, 'high.readiness-fixtures.com');
  try {
    await popup.page.evaluate(() => {
      const image = document.createElement('img');
      image.src = 'icon/16.png';
      const wide = document.createElement('div');
      // popup.css caps every element at the popup's width; an inline minimum beats the cap.
      wide.style.minWidth = '900px';
      wide.className = 'planted';
      document.querySelector('main')?.append(image, wide);
    });
    expect((await axeViolations(popup.page)).join('\n')).toMatch(/^image-alt \(critical\)/m);
    expect(await sidewaysOverflow(popup.page)).toContain('DIV.planted');
  } finally {
    await popup.close();
  }
});

it.each(
  VIEWS,
)('the $name view has no axe violations and no sideways overflow, light and dark', async (view) => {
  const popup = await view.open();
  try {
    // The popup's own size; a still spinner, so the picture does not depend on the moment.
    await popup.page.setViewportSize({ width: 380, height: 600 });
    // No hover left over from a click (the report view clicks Refresh): the picture shows the
    // view at rest.
    await popup.page.mouse.move(0, 0);
    // Pictures first, as a person first sees the view: the checks below open every group.
    for (const scheme of view.screenshot ? SCHEMES : []) {
      await popup.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await popup.page.screenshot({
        path: `${SCREENSHOT_DIR}/${view.name}-${scheme}.png`,
        fullPage: true,
        animations: 'disabled',
      });
    }
    const found: Record<string, { axe: string[]; overflow: string[] }> = {};
    for (const scheme of SCHEMES) {
      await popup.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      found[scheme] = {
        axe: await axeViolations(popup.page),
        overflow: await sidewaysOverflow(popup.page),
      };
    }
    expect(found).toEqual({
      light: { axe: [], overflow: [] },
      dark: { axe: [], overflow: [] },
    });
  } finally {
    await popup.close();
    await browser.saveSettings({ lookupMode: 'automatic', lookupModeChosen: true });
  }
});
