/**
 * What the toolbar badge shows under each badge setting, in the run's browser, chosen as a
 * user chooses it (the options page's "Toolbar badge") and as an administrator sets it (the
 * policy key `badgeMode`):
 * - everything: a score, or a mark for every other state;
 * - scores only: a scored site its score, a site without a report or with a problem no text;
 * - nothing: no text at all.
 * Under each, the tooltip names the state in words; a change applies to open tabs at once.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPolicyWritable } from '../../extension-browser/managed-policy';
import { FIXTURE_ORIGINS, UNSCANNED_ORIGIN } from '../../reference-server/fixtures/reports';
import { MISBEHAVING_ORIGINS } from '../../reference-server/misbehaving-sites';
import { E2E_BROWSER } from '../../scripts/e2e-settings';
import { type E2eWorld, startE2eWorld } from './support/e2e-world';

const CHOICES = {
  all: 'Show the score, or a mark for every other state',
  scores: 'Show scores only',
  off: 'Show nothing on the button',
} as const;

const TITLES = {
  scored: /^Agent readiness 75 \(B\) for mid\.readiness-fixtures\.com, scanned /,
  noReport: 'No agent readiness report stored for unscanned.readiness-fixtures.com',
  unavailable: /: the report service is unavailable$/,
};

// Chromium reads policies from a machine-wide folder only root may write (CI runs as root);
// elsewhere the policy case is skipped, not passed.
const canSetPolicy = E2E_BROWSER === 'firefox' || chromiumPolicyWritable();

describe('the badge setting, chosen on the options page', () => {
  let world: E2eWorld | undefined;
  let tabs: { scored: number; noReport: number; unavailable: number };
  let options: Page;

  beforeAll(async () => {
    world = await startE2eWorld();
    const { browser } = world;
    tabs = {
      scored: (await browser.openTab(`${FIXTURE_ORIGINS.mid}/`)).tabId,
      noReport: (await browser.openTab(`${UNSCANNED_ORIGIN}/`)).tabId,
      unavailable: (await browser.openTab(`${MISBEHAVING_ORIGINS.unavailable}/`)).tabId,
    };
    options = await browser.context.newPage();
    await options.goto(browser.optionsUrl());
  });

  afterAll(() => world?.close());

  const badgeTexts = async () => {
    const { browser } = world as E2eWorld;
    return {
      scored: (await browser.badgeOf(tabs.scored)).text,
      noReport: (await browser.badgeOf(tabs.noReport)).text,
      unavailable: (await browser.badgeOf(tabs.unavailable)).text,
    };
  };

  const expectTitlesNameTheStates = async () => {
    const { browser } = world as E2eWorld;
    expect((await browser.badgeOf(tabs.scored)).title).toMatch(TITLES.scored);
    expect((await browser.badgeOf(tabs.noReport)).title).toBe(TITLES.noReport);
    expect((await browser.badgeOf(tabs.unavailable)).title).toMatch(TITLES.unavailable);
  };

  const choose = async (label: string) => {
    const radio = options.getByRole('radio', { name: label });
    // As a keyboard user does: the choice focused, then chosen with the space bar.
    await radio.focus();
    await options.keyboard.press('Space');
    await expect.poll(() => radio.isChecked()).toBe(true);
  };

  it('shows everything by default: a score, or a mark', async () => {
    const { browser } = world as E2eWorld;
    expect((await browser.settledBadgeOf(tabs.scored)).text).toBe('75');
    expect((await browser.settledBadgeOf(tabs.noReport)).text).toBe('–');
    expect((await browser.settledBadgeOf(tabs.unavailable)).text).toBe('!');
    expect(await options.getByRole('radio', { name: CHOICES.all }).isChecked()).toBe(true);
    await expectTitlesNameTheStates();
  });

  it('scores only: the score stays, the marks go from the open tabs at once', async () => {
    await choose(CHOICES.scores);
    await expect.poll(badgeTexts).toEqual({ scored: '75', noReport: '', unavailable: '' });
    expect((await (world as E2eWorld).browser.storedSettings()).badgeMode).toBe('scores');
    await expectTitlesNameTheStates();
  });

  it('nothing: no text on any tab, the titles still name the states', async () => {
    await choose(CHOICES.off);
    await expect.poll(badgeTexts).toEqual({ scored: '', noReport: '', unavailable: '' });
    await expectTitlesNameTheStates();
  });

  it('everything again: every mark is back', async () => {
    await choose(CHOICES.all);
    await expect.poll(badgeTexts).toEqual({ scored: '75', noReport: '–', unavailable: '!' });
  });
});

describe.runIf(canSetPolicy)('the badge setting, set by policy', () => {
  let world: E2eWorld | undefined;

  beforeAll(async () => {
    world = await startE2eWorld({}, { policy: { badgeMode: 'scores' } });
  });

  afterAll(() => world?.close());

  it('shows scores only, whatever the user had chosen', async () => {
    const { browser } = world as E2eWorld;
    const scored = await browser.openTab(`${FIXTURE_ORIGINS.mid}/`);
    const noReport = await browser.openTab(`${UNSCANNED_ORIGIN}/`);
    // Chromium's first read of managed storage after start takes seconds.
    const scoredBadge = await browser.settledBadgeOf(scored.tabId, 30_000);
    expect(scoredBadge.text).toBe('75');
    expect(scoredBadge.title).toMatch(TITLES.scored);
    expect(await browser.settledBadgeOf(noReport.tabId, 30_000)).toEqual({
      text: '',
      title: TITLES.noReport,
    });
  });

  it("the options page shows the policy's choice, locked", async () => {
    const { browser } = world as E2eWorld;
    const page = await browser.context.newPage();
    await page.goto(browser.optionsUrl());
    const chosen = page.getByRole('radio', { name: CHOICES.scores });
    await expect.poll(() => chosen.isChecked()).toBe(true);
    for (const label of Object.values(CHOICES)) {
      expect(
        await page.getByRole('radio', { name: label }).getAttribute('disabled'),
      ).not.toBeNull();
    }
    const section = page.getByRole('region', { name: 'Toolbar badge' });
    expect(await section.getByText("Set by your organisation's policy").count()).toBe(1);
    await page.close();
  });
});
