/**
 * A site's timeline on the sites page, in the run's browser, against the reference server: the
 * extension looks a site up, the service scans it again (one check fixed, one new, one worse,
 * the score up), the extension looks it up again, and the sites page — opened on that site, as
 * a watch notification's click opens it — lists both scans with what changed between them.
 * Also docs/user-guide.md's pictures of the timeline, light and dark (`npm run screenshots`).
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../../extension-browser/extension-browser';
import type { ScanReport } from '../../lib/contract/report-schema';
import { FIXTURE_DOMAIN, fixtureReports, issue } from '../../reference-server/fixtures/reports';
import { scannedBefore } from '../../reference-server/fixtures/scan-times';
import { E2E_BROWSER } from '../../scripts/e2e-settings';
import { axeViolations } from './support/axe';
import { type E2eWorld, startE2eWorld } from './support/e2e-world';
import {
  fixClockForScreenshots,
  SCREENSHOT_DIR,
  screenshotServerClock,
} from './support/screenshot-clock';

const SITE = `http://timeline.${FIXTURE_DOMAIN}`;
const HOST = new URL(SITE).host;

/** The first scan: the typical report, moved to the site, seven weeks before `now`. */
function firstScan(baseUrl: string, now: number): ScanReport {
  return {
    ...fixtureReports(baseUrl, now).mid,
    target: `${SITE}/`,
    display_target: HOST,
    report_url: `${baseUrl}/scan/${HOST}`,
    score: 68.2,
    scanned_at: scannedBefore(now, { days: 50, hours: 3 }),
  };
}

/**
 * The service's next scan, 12 days before `now`: the 404 check fixed, JSON-LD from partial
 * to failed, Markdown negotiation new, the score up; same eligible checks and tiers, so the
 * lists compare.
 */
function secondScan(first: ScanReport, now: number): ScanReport {
  const issues = first.issues
    .filter((listed) => listed.id !== 'agent-friendly-404')
    .map((listed) => (listed.id === 'json-ld' ? { ...listed, result: 'failed' as const } : listed));
  return {
    ...first,
    score: 81,
    scanned_at: scannedBefore(now, { days: 12, hours: 3 }),
    issues: [
      ...issues,
      issue(
        'markdown-negotiation',
        'recommended',
        'failed',
        'Markdown negotiation',
        'Asking for text/markdown returns HTML.',
        'Answer Accept: text/markdown with a Markdown version of the page.',
      ),
    ],
  };
}

async function untilBadgeReads(tabId: number, text: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await browser.badgeOf(tabId)).text !== text) {
    if (Date.now() > deadline) throw new Error(`the badge never read ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let world: E2eWorld;
let browser: ExtensionBrowser;
let page: Page;

beforeAll(async () => {
  world = await startE2eWorld({
    now: screenshotServerClock,
    // Stale at once, so the second visit asks the service again and meets its new scan; kept
    // to stand in for errors, so the sites page lists it.
    cacheControl: { [SITE]: 'max-age=0, stale-if-error=86400' },
    extraReports: (baseUrl, now) => ({ [SITE]: firstScan(baseUrl, now) }),
  });
  browser = world.browser;
  await fixClockForScreenshots(browser);
  const first = await browser.openTab(`${SITE}/`);
  expect((await browser.settledBadgeOf(first.tabId)).text).toBe('68');
  const stored = world.service.reports().get(SITE);
  if (stored === undefined) throw new Error('the site has no report on the server');
  world.service.storeReport(SITE, secondScan(stored, world.service.datedAt));
  // Another visit (another page: openTab finds its tab by address): the kept answer may not
  // be used again, so the service is asked.
  const second = await browser.openTab(`${SITE}/again`);
  await untilBadgeReads(second.tabId, '81');
  page = await browser.context.newPage();
  await page.goto(`${browser.pageUrl('sites.html')}?site=${encodeURIComponent(SITE)}`);
}, 90_000);

afterAll(() => world?.close());

describe("the sites page's timeline", () => {
  it('lists both scans, newest first, with what changed check by check', async () => {
    const timeline = page.getByRole('region', { name: 'Timeline' });
    const steps = timeline.getByRole('listitem');
    await expect.poll(() => steps.count()).toBe(2);
    const newest = steps.nth(0);
    expect(await newest.locator('.timeline-head').textContent()).toMatch(/Score 81 \(\+13\)$/);
    expect(await newest.locator('.check-change-fixed').textContent()).toBe(
      'Fixed: Agent-friendly 404 pages',
    );
    expect(await newest.locator('.check-change-new').textContent()).toBe(
      'New: Markdown negotiation',
    );
    expect(await newest.locator('.check-change-worse').textContent()).toBe(
      'Worse: Structured data (JSON-LD)',
    );
    expect(await steps.nth(1).textContent()).toContain('The first scan this browser saw.');
    expect(await steps.nth(1).locator('.timeline-head').textContent()).toMatch(/Score 68$/);
  });

  it('sits beside the chart and the report, light and dark, with no axe violation', async () => {
    const detail = page.locator('aside.site-detail');
    expect(await detail.getAttribute('aria-label')).toBe(HOST);
    expect(await detail.locator('.score-chart figcaption').textContent()).toBe('Score over time');
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.setViewportSize({ width: 960, height: 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      expect(await axeViolations(page)).toEqual([]);
      // The user guide's pictures come from Chromium (scripts/screenshots.ts), whose driver can
      // picture one element: the pane, not the whole page.
      if (E2E_BROWSER === 'chromium') {
        await page.mouse.move(0, 0);
        await page.locator('.site-timeline').scrollIntoViewIfNeeded();
        const chart = await detail.locator('.score-chart').boundingBox();
        const pane = await detail.boundingBox();
        const timeline = await page.locator('.site-timeline').boundingBox();
        if (chart === null || pane === null || timeline === null) throw new Error('not laid out');
        // From the chart to the timeline's end: the report above it is pictured elsewhere.
        await page.screenshot({
          path: `${SCREENSHOT_DIR}/site-timeline-${scheme}.png`,
          animations: 'disabled',
          clip: {
            x: pane.x,
            y: chart.y - 8,
            width: pane.width,
            height: timeline.y + timeline.height - chart.y + 16,
          },
        });
      }
    }
  });
});
