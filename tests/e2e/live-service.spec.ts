/**
 * The live service's answers in real Chromium, against the reference server in both of its
 * dialects: the contract's (Error bodies, no quota) and the live service's (problem details,
 * rate-limit fields, a real limiter, a deprecated alias). Every case must end in its own named
 * state: a retired route is never "no report", a 429 is never an error, a quota that says none
 * remain is respected before it earns a 429, and a busy service's tabs are looked up once its
 * window reopens.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../../extension-browser/extension-browser';
import { LIVE_ORIGIN } from '../../reference-server/fixtures/live-reports';
import {
  FIXTURE_DOMAIN,
  FIXTURE_ORIGINS,
  UNSCANNED_ORIGIN,
} from '../../reference-server/fixtures/reports';
import { MISBEHAVING_ORIGINS } from '../../reference-server/misbehaving-sites';
import type { Dialect, ReferenceServer } from '../../reference-server/server';
import { type E2eWorld, startE2eWorld } from './support/e2e-world';
import { FaultWatch } from './support/fault-watch';
import { lookedUpBadgeOf } from './support/looked-up-badge';
import { PopupPage } from './support/popup-page';
import { forgetServiceFailures } from './support/service-recovery';

const BUSY_MARK = '‖';
const MOVED_MARK = '→';
const hostOf = (origin: string) => new URL(origin).host;

/** A site of its own per case, so no case sees another's cached answer. */
let sequence = 0;
const freshOrigin = (slug: string) => `http://${slug}-${++sequence}.live-cases.${FIXTURE_DOMAIN}`;

for (const dialect of ['contract', 'live'] as Dialect[]) {
  describe(`the ${dialect} dialect`, () => {
    let world: E2eWorld | undefined;
    let service: ReferenceServer;
    let browser: ExtensionBrowser;
    let watch: FaultWatch;

    beforeAll(async () => {
      world = await startE2eWorld({ dialect });
      ({ service, browser } = world);
      watch = await FaultWatch.start(browser);
    });

    afterAll(() => world?.close());

    beforeEach(() => forgetServiceFailures(browser));

    afterEach(async () => {
      expect(await watch.problems()).toEqual([]);
    });

    async function popupFor(tabId: number, heading: string): Promise<PopupPage> {
      const popup = await PopupPage.open(browser, tabId);
      await expect.poll(() => popup.heading().textContent()).toBe(heading);
      return popup;
    }

    it('a live-shaped report: its sentence label on the badge title and in the popup, long check names whole', async () => {
      const { tabId } = await browser.openTab(`${LIVE_ORIGIN}/`);
      const badge = await lookedUpBadgeOf(browser, tabId);
      expect(badge.text).toBe('88');
      expect(badge.title).toMatch(
        /^Agent readiness 88 \(Strong technical baseline\) for live\.readiness-fixtures\.com, scanned /,
      );
      const popup = await popupFor(tabId, hostOf(LIVE_ORIGIN));
      expect(await popup.page.locator('.score-label').textContent()).toBe(
        'Strong technical baseline',
      );
      expect(await popup.text('Markdown content negotiation (acceptmarkdown.com)').count()).toBe(1);
      // Nothing is cut off sideways: the popup never scrolls horizontally.
      const overflow = await popup.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await popup.close();
    });

    it('no report: the service words and a scan link on its own origin', async () => {
      const { tabId } = await browser.openTab(`${UNSCANNED_ORIGIN}/`);
      const badge = await lookedUpBadgeOf(browser, tabId);
      expect(badge.text).toBe('–');
      const popup = await popupFor(tabId, 'No readiness report yet');
      expect(await popup.link('Scan this site').getAttribute('href')).toBe(
        `${service.baseUrl}/scan/${hostOf(UNSCANNED_ORIGIN)}`,
      );
      const text = await popup.page.locator('main').innerText();
      if (dialect === 'live') {
        expect(text).toContain('No completed Is Agentic report is stored for this URL.');
        expect(text).toContain('wait for it to complete, and retry this request.');
      } else {
        expect(text).toContain('No completed report is stored for this URL.');
      }
      await popup.close();
    });

    it('a retired route: "the service no longer answers here", never "no report"', async () => {
      const { tabId } = await browser.openTab(`${MISBEHAVING_ORIGINS.retired}/`);
      const badge = await lookedUpBadgeOf(browser, tabId);
      expect(badge.text).toBe(MOVED_MARK);
      expect(badge.title).toBe(
        `Agent readiness for ${hostOf(MISBEHAVING_ORIGINS.retired)}: the report service no longer answers at this address`,
      );
      const popup = await popupFor(tabId, 'The service no longer answers at this address');
      const text = await popup.page.locator('main').innerText();
      expect(text).toContain('check the service address in the options');
      expect(text).not.toContain('No readiness report yet');
      if (dialect === 'live') expect(text).toContain('No API route matches this path.');
      await popup.close();
    });

    it('a 429: busy on the badge and in the popup, and no other site asked until Retry-After', async () => {
      const { tabId } = await browser.openTab(`${MISBEHAVING_ORIGINS.busy}/`);
      const badge = await lookedUpBadgeOf(browser, tabId);
      expect(badge.text).toBe(BUSY_MARK);
      expect(badge.title).toBe(
        `Agent readiness for ${hostOf(MISBEHAVING_ORIGINS.busy)}: the report service is limiting lookups from this network for a moment`,
      );
      const popup = await popupFor(tabId, 'The report service is busy for this network');
      const lines = (await popup.page.locator('main').innerText()).split('\n');
      expect(lines.some((line) => /^Next try after \d\d:\d\d$/.test(line.trim()))).toBe(true);
      await popup.close();

      // Another site while the service is busy: shown busy, and not sent.
      const other = freshOrigin('after-429');
      const second = await browser.openTab(`${other}/`);
      expect((await lookedUpBadgeOf(browser, second.tabId)).text).toBe(BUSY_MARK);
      expect(service.lookedUp(other)).toEqual([]);
    });

    it('a saved report stays on screen, marked stale, while the service is busy; Refresh sends nothing', async () => {
      // A site only this case uses, with a stored report the cache may show past its freshness.
      const site = FIXTURE_ORIGINS.low;
      service.setMisbehaviour(site, {
        kind: 'cache-control',
        value: 'max-age=0, stale-if-error=600',
      });
      const { tabId } = await browser.openTab(`${site}/`);
      expect((await lookedUpBadgeOf(browser, tabId)).text).toMatch(/^\d+$/);

      service.setMisbehaviour(site, { kind: 'busy', retryAfter: '120' });
      const popup = await PopupPage.open(browser, tabId);
      await expect.poll(() => popup.text('Stale').count()).toBe(1);
      expect((await browser.badgeOf(tabId)).title).toMatch(/saved copy, may be out of date\)$/);
      const asked = service.lookedUp(site).length;
      await popup.page.getByRole('button', { name: 'Refresh' }).click();
      await expect.poll(() => popup.text('Stale').count()).toBe(1);
      expect(service.lookedUp(site).length).toBe(asked);
      await popup.close();
    });

    it('the options page shows what the service said about retiring its route, and only then', async () => {
      // Every answer of the live dialect's /api/report carries Deprecation and a successor.
      const options = await browser.context.newPage();
      await options.goto(browser.optionsUrl());
      const note = options.getByRole('note');
      if (dialect === 'live') {
        await note.waitFor();
        const text = await note.innerText();
        expect(text).toContain('The service says this address is being retired');
        expect(text).toContain(`Its successor: ${service.baseUrl}/api/v1/report`);
        expect(text).toContain('The extension keeps using the address it was built for');
      } else {
        await options.getByRole('heading', { name: 'Report service' }).waitFor();
        expect(await note.count()).toBe(0);
      }
      await options.close();
      // The extension never moved: every lookup went to the contract's route.
      const paths = new Set(service.requests().map((request) => request.path));
      expect(paths.has('/api/v1/report')).toBe(false);
    });
  });
}

describe('the live dialect: the quota respected before it is spent', () => {
  /** Small enough to reach in a few tabs, short enough to wait out. */
  const RATE = { limit: 3, windowMs: 4_000 };
  let world: E2eWorld | undefined;
  let service: ReferenceServer;
  let browser: ExtensionBrowser;
  let watch: FaultWatch;

  beforeAll(async () => {
    world = await startE2eWorld({ dialect: 'live', rateLimit: RATE });
    ({ service, browser } = world);
    watch = await FaultWatch.start(browser);
  });

  afterAll(() => world?.close());

  it('stops at RateLimit-Remaining 0, shows busy, and looks the waiting tab up when the window reopens', async () => {
    const sites = Array.from({ length: RATE.limit + 1 }, () => freshOrigin('quota'));
    const tabs: number[] = [];
    for (const origin of sites) {
      const { tabId } = await browser.openTab(`${origin}/`);
      tabs.push(tabId);
      await lookedUpBadgeOf(browser, tabId);
    }
    const lastTab = tabs.at(-1) ?? -1;
    const lastSite = sites.at(-1) ?? '';
    // The third answer said none remain: the fourth site waited instead of earning a 429.
    expect((await browser.badgeOf(lastTab)).text).toBe(BUSY_MARK);
    expect(service.lookedUp(lastSite)).toEqual([]);

    // The window reopens; an alarm wakes the worker, which looks the waiting tab up.
    await expect
      .poll(async () => (await browser.badgeOf(lastTab)).text, { timeout: 20_000, interval: 250 })
      .toBe('–');
    expect(service.lookedUp(lastSite)).toEqual([lastSite]);
    expect(service.lookupsAnswered(429)).toBe(0);
    expect(await watch.problems()).toEqual([]);
  });
});
