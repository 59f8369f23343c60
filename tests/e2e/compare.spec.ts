/**
 * The sites page's comparison in the run's browser (Chromium or Firefox) against the
 * reference server: three sample sites browsed, ticked and compared, the checks that differ
 * in the matrix's first rows, both exports real downloads read back from the browser, the way
 * back to the list, and at 360 px the checks stacked as cards with nothing sticking out
 * sideways. docs/user-guide.md's pictures of the comparison, light and dark, are taken on the way
 * (`npm run screenshots` runs the first case at a fixed moment).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../../extension-browser/extension-browser';
import { FIXTURE_ORIGINS } from '../../reference-server/fixtures/reports';
import { parseCsv } from '../support/csv-reader';
import { axeViolations } from './support/axe';
import { type E2eWorld, startE2eWorld } from './support/e2e-world';
import { sidewaysProblems, smallTargets } from './support/narrow-checks';
import {
  fixClockForScreenshots,
  SCREENSHOT_DIR,
  screenshotServerClock,
} from './support/screenshot-clock';

const COMPARED = [FIXTURE_ORIGINS.high, FIXTURE_ORIGINS.mid, FIXTURE_ORIGINS.low];
const hostOf = (site: string) => new URL(site).host;

/** The fixtures' checks as the comparison orders them: high lists only json-ld, as partial. */
const EXPECTED_ORDER = ['agent-friendly-404', 'openapi-spec', 'mcp-server', 'json-ld'];

let world: E2eWorld;
let browser: ExtensionBrowser;
let page: Page;

beforeAll(async () => {
  world = await startE2eWorld({ now: screenshotServerClock });
  ({ browser } = world);
  await fixClockForScreenshots(browser);
  for (const site of COMPARED) {
    const { tabId } = await browser.openTab(`${site}/`);
    await browser.settledBadgeOf(tabId);
  }
  page = await browser.context.newPage();
  await page.setViewportSize({ width: 960, height: 720 });
  await page.goto(browser.pageUrl('sites.html'));
}, 60_000);

afterAll(() => world?.close());

const compareButton = () => page.getByRole('button', { name: /^Compare \(\d\)$/ });
const focusedId = () => page.evaluate(() => document.activeElement?.id ?? '');
const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');

describe('comparing sites', () => {
  it('compares three ticked sites, the checks that differ first', async () => {
    await page.getByRole('button', { name: hostOf(FIXTURE_ORIGINS.low) }).waitFor();
    expect(await compareButton().getAttribute('disabled')).not.toBeNull();
    for (const site of COMPARED) {
      await page.getByRole('checkbox', { name: `Choose ${hostOf(site)} to compare` }).check();
    }
    await page.getByRole('button', { name: 'Compare (3)' }).click();

    const heading = page.getByRole('heading', { level: 2, name: 'Comparing 3 sites' });
    await heading.waitFor();
    await expect.poll(focusedId).toBe('compare-title');
    const table = page.getByRole('table', { name: /those that differ first/ });
    await table.waitFor();
    expect(await table.locator('thead th').allTextContents()).toEqual([
      'Check',
      'Tier',
      ...COMPARED.map(hostOf),
    ]);
    const rows = table.locator('tbody tr');
    expect(
      await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-check'))),
    ).toEqual(EXPECTED_ORDER);
    // The first rows are those that differ, and say so in words.
    const differs = await rows.evaluateAll((all) =>
      all.map((row) => row.classList.contains('differs')),
    );
    expect(differs).toEqual([true, true, true, false]);
    expect(await rows.first().locator('th').textContent()).toContain('differs');
    expect(
      (await rows.first().locator('td').allTextContents()).map((text) => text.replace(/^\S+ /, '')),
    ).toEqual(['Essential', 'Not listed', 'Failed', 'Failed']);
    expect(await page.locator('.compare-site h4').allTextContents()).toEqual(COMPARED.map(hostOf));

    // The user guide's pictures of the comparison.
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.mouse.move(0, 0);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/compare-${scheme}.png`,
        fullPage: true,
        animations: 'disabled',
      });
    }
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  });

  it('exports the comparison as a CSV file with a column per site and a row per check', async () => {
    const path = await browser.fileDownloadedBy(page, () =>
      page.getByRole('button', { name: 'Export comparison as CSV' }).click(),
    );
    const [header, ...records] = parseCsv(readFileSync(path, 'utf8'));
    expect(header).toEqual(['check_id', 'check_name', 'tier', 'differs', ...COMPARED]);
    expect(records.map((record) => record[0])).toEqual(EXPECTED_ORDER);
    expect(records[0]).toEqual([
      'agent-friendly-404',
      'Agent-friendly 404 pages',
      'essential',
      'true',
      'not-listed',
      'failed',
      'failed',
    ]);
    expect(records.at(-1)?.slice(3)).toEqual(['false', 'partial', 'partial', 'partial']);
  });

  it('exports the comparison as a Markdown file with the sites and the checks', async () => {
    const path = await browser.fileDownloadedBy(page, () =>
      page.getByRole('button', { name: 'Export comparison as Markdown' }).click(),
    );
    const lines = readFileSync(path, 'utf8').split('\n');
    expect(lines[0]).toBe('# Agent readiness comparison');
    expect(lines).toContain('| high.readiness-fixtures.com | 92 | A | 76 / 80 | 18 / 20 | +6 |');
    const checks = lines.filter((line) => /^\| .*\| `/.test(line));
    expect(checks.map((line) => line.match(/`([^`]+)`/)?.[1])).toEqual(EXPECTED_ORDER);
    expect(checks[0]).toBe(
      '| **Agent-friendly 404 pages** (differs) | `agent-friendly-404` | Essential | Not listed | Failed | Failed |',
    );
  });

  it('fits 360 px: one card per check, nothing sideways, targets of 44 px, no axe violation', async () => {
    await page.setViewportSize({ width: 360, height: 720 });
    try {
      const tableDisplay = page
        .locator('.compare-table-wrap')
        .evaluate((element) => getComputedStyle(element).display);
      expect(await tableDisplay).toBe('none');
      const cards = page
        .getByRole('list', { name: /those that differ first/ })
        .getByRole('listitem');
      expect(await cards.count()).toBe(EXPECTED_ORDER.length);
      expect(await cards.first().textContent()).toContain('Agent-friendly 404 pages');
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/compare-360-light.png`,
        fullPage: true,
        animations: 'disabled',
      });
      const found: Record<string, { sideways: string[]; small: string[]; axe: string[] }> = {};
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
        found[scheme] = {
          sideways: await sidewaysProblems(page),
          small: await smallTargets(page),
          axe: await axeViolations(page),
        };
      }
      const clean = { sideways: [], small: [], axe: [] };
      expect(found).toEqual({ light: clean, dark: clean });
    } finally {
      await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
      await page.setViewportSize({ width: 960, height: 720 });
    }
  });

  it('goes back to the list, focus on the Compare button and the ticks kept', async () => {
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page.getByRole('button', { name: hostOf(FIXTURE_ORIGINS.low) }).waitFor();
    await expect.poll(focusedText).toBe('Compare (3)');
    expect(
      await page
        .getByRole('checkbox', { name: `Choose ${hostOf(FIXTURE_ORIGINS.mid)} to compare` })
        .isChecked(),
    ).toBe(true);
  });
});
