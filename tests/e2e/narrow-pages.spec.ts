/**
 * Every page of the extension on a phone's screen (Firefox for Android opens the popup as a
 * page, about 360 CSS px wide, 320 on small phones), in the run's browser: at 320 and 360 px,
 * light and dark, nothing sticks out sideways, every control is at least 44 × 44 px, and axe
 * finds no violation. The pages show what they show in use: a report with many issues, the
 * sites page with several sites and one of them open, the options page with a lookup log and
 * paused sites.
 *
 * The desktop popup keeps its 380 px: opened as a wide page it stays that wide, and measured
 * as the browsers size a toolbar popup (Chromium from the page's min-content width, Firefox
 * from its max-content width) it is 380 px even in a narrow viewport.
 *
 * A picture of each page at 320 px, light, goes where popup-views.spec.ts puts its pictures
 * (docs/screenshots/ under `npm run screenshots`).
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../../extension-browser/extension-browser';
import { FIXTURE_ORIGINS } from '../../reference-server/fixtures/reports';
import { axeViolations } from './support/axe';
import { type E2eWorld, startE2eWorld } from './support/e2e-world';
import { lookedUpBadgeOf } from './support/looked-up-badge';
import { openAllDetails, sidewaysProblems, smallTargets } from './support/narrow-checks';
import {
  fixClockForScreenshots,
  SCREENSHOT_DIR,
  screenshotServerClock,
} from './support/screenshot-clock';
import { tabStripOf } from './support/tab-strip';

const WIDTHS = [320, 360] as const;
const SCHEMES = ['light', 'dark'] as const;
const HEIGHT = 720;
const MANY_ISSUES_HOST = new URL(FIXTURE_ORIGINS.manyIssues).host;

let browser: ExtensionBrowser;
let world: E2eWorld | undefined;
let manyIssuesTab: number;
/** The window whose active tab the side panel follows. */
let panelWindow: number;

beforeAll(async () => {
  world = await startE2eWorld({ now: screenshotServerClock });
  ({ browser } = world);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await fixClockForScreenshots(browser);
  // Several sites looked up: rows on the sites page and entries in the lookup log.
  for (const site of [FIXTURE_ORIGINS.high, FIXTURE_ORIGINS.mid, FIXTURE_ORIGINS.low]) {
    const { tabId } = await browser.openTab(`${site}/`);
    await lookedUpBadgeOf(browser, tabId);
  }
  ({ tabId: manyIssuesTab } = await browser.openTab(`${FIXTURE_ORIGINS.manyIssues}/`));
  await lookedUpBadgeOf(browser, manyIssuesTab);
  // Paused sites for the options page, one with a long name.
  await browser.saveSettings({
    pausedDomains: ['intranet.example.com', 'a-rather-long-subdomain.of-a-paused-site.example.org'],
  });
}, 90_000);

afterAll(() => world?.close());

interface PageCase {
  /** Also the picture's name: <name>-320-light.png. */
  name: string;
  /** Opens the page and waits until it shows its content. */
  open(): Promise<Page>;
}

async function openPage(url: string, ready: (page: Page) => Promise<unknown>): Promise<Page> {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
  await page.goto(url);
  await expect.poll(() => ready(page), { timeout: 15_000 }).toBeTruthy();
  return page;
}

const headingHas = (text: string) => async (page: Page) =>
  ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').includes(text);

const PAGES: PageCase[] = [
  {
    name: 'popup',
    open: () => openPage(browser.popupUrl(manyIssuesTab), headingHas(MANY_ISSUES_HOST)),
  },
  {
    name: 'side-panel',
    async open() {
      // The panel's page first, so that the window it follows has the site as its active tab.
      const page = await browser.context.newPage();
      ({ windowId: panelWindow } = await tabStripOf(browser).openWindow(
        `${FIXTURE_ORIGINS.manyIssues}/`,
      ));
      await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
      await page.goto(browser.pageUrl(`sidepanel.html?windowId=${panelWindow}`));
      await expect.poll(() => headingHas(MANY_ISSUES_HOST)(page), { timeout: 15_000 }).toBe(true);
      return page;
    },
  },
  {
    name: 'site-report',
    open: () =>
      openPage(
        browser.pageUrl(`site-report.html?site=${encodeURIComponent(FIXTURE_ORIGINS.manyIssues)}`),
        headingHas(MANY_ISSUES_HOST),
      ),
  },
  {
    name: 'sites',
    open: () =>
      openPage(
        browser.pageUrl(`sites.html?site=${encodeURIComponent(FIXTURE_ORIGINS.mid)}`),
        async (page) =>
          (await page.locator('tbody .row-select').count()) >= 4 &&
          (await page.locator('.site-detail .score-figure').count()) === 1,
      ),
  },
  {
    name: 'options',
    open: () =>
      openPage(
        browser.optionsUrl(),
        async (page) =>
          (await page.locator('.lookup-log tbody tr').count()) >= 4 &&
          (await page.getByText('intranet.example.com').count()) === 1,
      ),
  },
  {
    name: 'welcome',
    open: () =>
      openPage(
        browser.pageUrl('welcome.html'),
        async (page) => (await page.getByRole('heading', { level: 1 }).count()) === 1,
      ),
  },
];

it('the checks find a planted overflow and a planted small button', async () => {
  // A check that passes everywhere must be able to fail somewhere.
  const page = await PAGES.find((pageCase) => pageCase.name === 'welcome')?.open();
  if (!page) throw new Error('No welcome page case');
  try {
    await page.evaluate(() => {
      const wide = document.createElement('div');
      wide.style.minWidth = '900px';
      // Some content: an empty box adds nothing to what the page scrolls over.
      wide.textContent = 'wide';
      wide.className = 'planted';
      const small = document.createElement('button');
      small.textContent = 'x';
      small.style.cssText = 'min-width: 0; min-height: 0; padding: 0';
      small.className = 'planted';
      document.querySelector('main')?.append(wide, small);
    });
    const sideways = (await sidewaysProblems(page)).join('\n');
    expect(sideways).toMatch(/^the page is \d+ px wide in 320 px$/m);
    expect(sideways).toMatch(/^DIV\.planted reaches \d+ px$/m);
    expect((await smallTargets(page)).join('\n')).toMatch(/^BUTTON\.planted "x" is /m);
  } finally {
    await page.close();
  }
});

describe.each(PAGES)('the $name page on a phone', (pageCase) => {
  it('fits 320 and 360 px, light and dark, with targets of 44 px and no axe violation', async () => {
    const page = await pageCase.open();
    try {
      await page.mouse.move(0, 0);
      // The picture first, as a person first sees the page: the checks open every group.
      await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/${pageCase.name}-320-light.png`,
        fullPage: true,
        animations: 'disabled',
      });
      await openAllDetails(page);
      const found: Record<string, { sideways: string[]; small: string[]; axe?: string[] }> = {};
      const expected: typeof found = {};
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        for (const scheme of SCHEMES) {
          await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
          const key = `${width} ${scheme}`;
          found[key] = {
            sideways: await sidewaysProblems(page),
            small: await smallTargets(page),
            // Colours differ by theme, not by width: axe once per theme.
            ...(width === WIDTHS[0] ? { axe: await axeViolations(page) } : {}),
          };
          expected[key] = { sideways: [], small: [], ...(width === WIDTHS[0] ? { axe: [] } : {}) };
        }
      }
      expect(found).toEqual(expected);
    } finally {
      await page.close();
    }
  });
});

describe('the popup on the desktop', () => {
  const bodyWidth = (page: Page) =>
    page.evaluate(() => document.body.getBoundingClientRect().width);

  it('stays 380 px wide in a wide page, and as wide as a narrow one', async () => {
    const page = await openPage(browser.popupUrl(manyIssuesTab), headingHas(MANY_ISSUES_HOST));
    try {
      await page.setViewportSize({ width: 1100, height: HEIGHT });
      expect(await bodyWidth(page)).toBe(380);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        const visible = await page.evaluate(() => document.documentElement.clientWidth);
        expect(await bodyWidth(page)).toBe(visible);
      }
    } finally {
      await page.close();
    }
  });

  it('is 380 px wide as the browsers measure a toolbar popup, even from a small viewport', async () => {
    // Chromium sizes a toolbar popup by its document's min-content width, laid out first in a
    // viewport of a few pixels; Firefox by its max-content width. The page's root sized that
    // way in a narrow viewport shows the width each would give the popup.
    const page = await openPage(browser.popupUrl(manyIssuesTab), headingHas(MANY_ISSUES_HOST));
    try {
      await page.setViewportSize({ width: 200, height: HEIGHT });
      const measured = await page.evaluate(() =>
        ['min-content', 'max-content'].map((size) => {
          const root = document.documentElement;
          root.style.width = size;
          const width = root.getBoundingClientRect().width;
          root.style.width = '';
          return width;
        }),
      );
      expect(measured).toEqual([380, 380]);
    } finally {
      await page.close();
    }
  });
});
