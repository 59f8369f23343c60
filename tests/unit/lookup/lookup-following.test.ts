/**
 * A page that follows the active tab (the side panel, Firefox's sidebar) asks for each tab's
 * view as a follower: where automatic lookups are not allowed (on-click mode, or a policy that
 * forbids them) it is told what is already known, or "not asked", and nothing is sent; the
 * user's own request ("Look up this site") sends exactly one. The badge does what a tab
 * switch does, nothing more.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SERVICE_BASE_URL } from '../../../lib/contract/service-base-url';
import type { LookupOutcome } from '../../../lib/service/lookup-outcome';
import { NO_POLICY } from '../../../lib/settings/managed-policy';
import { applyPolicy, DEFAULT_SETTINGS, type UserSettings } from '../../../lib/settings/settings';
import { FIXTURE_ORIGINS, fixtureReports } from '../../../reference-server/fixtures/reports';
import { AUTOMATIC_SETTINGS, startWorker, TabWorld } from '../support/tab-world';

const HIGH = FIXTURE_ORIGINS.high;
const MID = FIXTURE_ORIGINS.mid;
const LOW = FIXTURE_ORIGINS.low;
// fixed date: the clock this test passes in, to the code under test and to the fixture reports
const START = Date.parse('2026-11-22T10:00:00Z');

const REPORT: LookupOutcome = {
  kind: 'report',
  report: fixtureReports(DEFAULT_SERVICE_BASE_URL, START).high,
  response: { status: 200, headers: { 'cache-control': 'max-age=300' } },
};

const ON_CLICK: UserSettings = {
  ...DEFAULT_SETTINGS,
  lookupMode: 'on-click',
  lookupModeChosen: true,
};

function setUp(settings: UserSettings, world = new TabWorld()) {
  const lookupReport = vi.fn(async (_target: string) => REPORT);
  const errors: unknown[] = [];
  const worker = startWorker({
    world,
    lookupReport,
    now: () => START,
    onError: (error) => errors.push(error),
    readSettings: async () => settings,
  });
  const follow = (tabId: number) => worker.service.showTab(tabId, { trigger: 'follow' });
  return {
    world,
    worker,
    errors,
    follow,
    targets: () => lookupReport.mock.calls.map(([target]) => target),
  };
}

describe('a page that follows the active tab', () => {
  beforeEach(() => fakeBrowser.reset());

  it('sends nothing in on-click mode while the user switches tabs, and says so', async () => {
    const t = setUp(ON_CLICK);
    const tabs = [HIGH, MID, LOW].map((site) => t.world.open(`${site}/page`));
    for (const [index, tabId] of tabs.entries()) {
      t.world.activate(tabId);
      await t.worker.handlers.activated({ tabId });
      expect(await t.follow(tabId)).toEqual({
        status: 'not-asked',
        origin: [HIGH, MID, LOW][index],
      });
    }
    expect(t.targets()).toEqual([]);
    // Nothing was known, so no badge says anything: as after a plain tab switch.
    for (const tabId of tabs) expect(t.world.badges.has(tabId)).toBe(false);
    expect(t.errors).toEqual([]);
  });

  it('sends exactly one request when the user asks for the site', async () => {
    const t = setUp(ON_CLICK);
    const tabId = t.world.open(`${MID}/pricing`);
    await t.follow(tabId);
    expect(await t.worker.service.showTab(tabId, { trigger: 'user' })).toMatchObject({
      status: 'report',
      origin: MID,
    });
    // Followed again afterwards (a tab switch back): answered from the cache.
    expect(await t.follow(tabId)).toMatchObject({ status: 'report', origin: MID });
    expect(t.targets()).toEqual([MID]);
  });

  it('sends nothing where a policy forbids automatic lookups', async () => {
    const forced = applyPolicy(AUTOMATIC_SETTINGS, { ...NO_POLICY, forceOnClick: true });
    const t = setUp(forced);
    const tabId = t.world.open(`${HIGH}/`);
    expect(await t.follow(tabId)).toEqual({ status: 'not-asked', origin: HIGH });
    expect(t.targets()).toEqual([]);
  });

  it('sends nothing before the user answered the consent question', async () => {
    const t = setUp(DEFAULT_SETTINGS);
    const tabId = t.world.open(`${HIGH}/`);
    expect(await t.follow(tabId)).toEqual({ status: 'not-asked', origin: HIGH });
    expect(t.targets()).toEqual([]);
  });

  it('shows a cached report in on-click mode, with its badge, without a request', async () => {
    const t = setUp(ON_CLICK);
    const first = t.world.open(`${HIGH}/a`);
    await t.worker.service.showTab(first);
    const second = t.world.open(`${HIGH}/b`);
    expect(await t.follow(second)).toMatchObject({ status: 'report', origin: HIGH });
    expect(t.world.badges.get(second)).toMatchObject({ status: 'report', origin: HIGH });
    expect(t.targets()).toEqual([HIGH]);
  });

  it('answers for the page the tab shows after a navigation, and clears its badge', async () => {
    const t = setUp(ON_CLICK);
    const tabId = t.world.open(`${HIGH}/`);
    await t.worker.service.showTab(tabId);
    expect(t.world.badges.get(tabId)).toMatchObject({ status: 'report', origin: HIGH });
    t.world.navigate(tabId, `${LOW}/`, 'in-page');
    // The page's question and the tab event race; whichever comes last, the page is told
    // about the new site, and the badge no longer shows the old one.
    const [view] = await Promise.all([
      t.follow(tabId),
      t.worker.handlers.updated(tabId, { url: `${LOW}/` }),
    ]);
    expect(view).toEqual({ status: 'not-asked', origin: LOW });
    expect(t.world.badges.has(tabId)).toBe(false);
    expect(t.targets()).toEqual([HIGH]);
  });

  it('names why a paused site or a private tab is not looked up', async () => {
    const t = setUp({ ...ON_CLICK, pausedDomains: [new URL(HIGH).hostname] });
    const paused = t.world.open(`${HIGH}/`);
    expect(await t.follow(paused)).toEqual({ status: 'not-looked-up', reason: 'paused' });

    const world = new TabWorld();
    const privateTab = world.open(`${MID}/`);
    const readTab = world.readTab;
    world.readTab = async (id) => {
      const tab = await readTab(id);
      return tab && { ...tab, incognito: true };
    };
    const automatic = setUp(AUTOMATIC_SETTINGS, world);
    expect(await automatic.follow(privateTab)).toEqual({
      status: 'not-looked-up',
      reason: 'incognito',
    });
    expect([...t.targets(), ...automatic.targets()]).toEqual([]);
  });

  it('looks the site up where automatic lookups are allowed, as a tab switch would', async () => {
    const t = setUp(AUTOMATIC_SETTINGS);
    const tabId = t.world.open(`${LOW}/`);
    expect(await t.follow(tabId)).toMatchObject({ status: 'report', origin: LOW });
    expect(t.targets()).toEqual([LOW]);
  });
});
