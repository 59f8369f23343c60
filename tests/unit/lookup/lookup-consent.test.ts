/**
 * The lookup service under the user's settings: tab events send nothing until the user said
 * yes to automatic lookups (the popup's request always may), paused sites and private windows
 * are never sent, and a change of settings applies to open tabs at once.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SERVICE_BASE_URL } from '../../../lib/contract/service-base-url';
import type { LookupOutcome } from '../../../lib/service/lookup-outcome';
import { DEFAULT_SETTINGS, type UserSettings } from '../../../lib/settings/settings';
import {
  FIXTURE_DOMAIN,
  FIXTURE_ORIGINS,
  fixtureReports,
} from '../../../reference-server/fixtures/reports';
import { AUTOMATIC_SETTINGS, startWorker, TabWorld } from '../support/tab-world';

const HIGH = FIXTURE_ORIGINS.high;
const LOW = FIXTURE_ORIGINS.low;
// fixed date: the clock this test passes in, to the code under test and to the fixture reports
const START = Date.parse('2026-11-22T10:00:00Z');

const REPORT: LookupOutcome = {
  kind: 'report',
  report: fixtureReports(DEFAULT_SERVICE_BASE_URL, START).high,
  response: { status: 200, headers: { 'cache-control': 'max-age=300' } },
};

function setUp(initial: UserSettings) {
  let settings = initial;
  const world = new TabWorld();
  const lookupReport = vi.fn(async (_target: string) => REPORT);
  const errors: unknown[] = [];
  const worker = startWorker({
    world,
    lookupReport,
    now: () => START,
    onError: (error) => errors.push(error),
    readSettings: async () => settings,
  });
  return {
    world,
    worker,
    errors,
    targets: () => lookupReport.mock.calls.map(([target]) => target),
    async change(next: Partial<UserSettings>) {
      settings = { ...settings, ...next };
      await worker.service.settingsChanged();
    },
  };
}

describe('lookups before and after consent', () => {
  beforeEach(() => fakeBrowser.reset());

  it('sends nothing for tab events before the user said yes', async () => {
    const t = setUp(DEFAULT_SETTINGS);
    const tabId = t.world.open(`${HIGH}/page`);
    await t.worker.handlers.activated({ tabId });
    t.world.navigate(tabId, `${LOW}/other`);
    await t.worker.handlers.updated(tabId, { url: `${LOW}/other` });
    await t.worker.handlers.updated(tabId, { status: 'complete' });
    expect(t.targets()).toEqual([]);
    expect(t.world.badges.has(tabId)).toBe(false);
    expect(t.errors).toEqual([]);
  });

  it('looks up the tab whose popup the user opens, in on-click mode', async () => {
    const t = setUp(DEFAULT_SETTINGS);
    const tabId = t.world.open(`${HIGH}/page`);
    const view = await t.worker.service.showTab(tabId);
    expect(view).toMatchObject({ status: 'report', origin: HIGH });
    expect(t.targets()).toEqual([HIGH]);
  });

  it('shows a cached answer on a tab event in on-click mode, without a request', async () => {
    const t = setUp(DEFAULT_SETTINGS);
    const first = t.world.open(`${HIGH}/a`);
    await t.worker.service.showTab(first);
    const second = t.world.open(`${HIGH}/b`);
    await t.worker.handlers.activated({ tabId: second });
    expect(t.targets()).toEqual([HIGH]);
    expect(t.world.badges.get(second)).toMatchObject({ status: 'report', origin: HIGH });
  });

  it('looks up the active tab on tab events once the user said yes', async () => {
    const t = setUp(DEFAULT_SETTINGS);
    const tabId = t.world.open(`${HIGH}/page`);
    await t.change({ lookupMode: 'automatic', lookupModeChosen: true });
    expect(t.targets()).toEqual([HIGH]);
    t.world.navigate(tabId, `${LOW}/`);
    await t.worker.handlers.updated(tabId, { url: `${LOW}/` });
    expect(t.targets()).toEqual([HIGH, LOW]);
  });

  it('stops at once when the user goes back to on-click', async () => {
    const t = setUp(AUTOMATIC_SETTINGS);
    const tabId = t.world.open(`${HIGH}/`);
    await t.worker.handlers.activated({ tabId });
    await t.change({ lookupMode: 'on-click' });
    t.world.navigate(tabId, `${LOW}/`);
    await t.worker.handlers.updated(tabId, { url: `${LOW}/` });
    expect(t.targets()).toEqual([HIGH]);
  });
});

describe('paused sites and private windows', () => {
  beforeEach(() => fakeBrowser.reset());

  it('never sends a site under a paused domain, not even for the popup, and names the reason', async () => {
    const t = setUp({ ...AUTOMATIC_SETTINGS, pausedDomains: [FIXTURE_DOMAIN] });
    const tabId = t.world.open(`${HIGH}/page`);
    await t.worker.handlers.activated({ tabId });
    const view = await t.worker.service.showTab(tabId, { force: true });
    expect(view).toEqual({ status: 'not-looked-up', reason: 'paused' });
    expect(await t.worker.service.showSite(`${HIGH}/x`)).toEqual({
      status: 'not-looked-up',
      reason: 'paused',
    });
    expect(t.targets()).toEqual([]);
  });

  it('takes the report off a tab the moment its site is paused, and back on resume', async () => {
    const t = setUp(AUTOMATIC_SETTINGS);
    const tabId = t.world.open(`${HIGH}/`);
    await t.worker.handlers.activated({ tabId });
    expect(t.world.badges.get(tabId)?.status).toBe('report');
    await t.change({ pausedDomains: [new URL(HIGH).hostname] });
    expect(t.world.badges.get(tabId)).toEqual({ status: 'not-looked-up', reason: 'paused' });
    await t.change({ pausedDomains: [] });
    expect(t.world.badges.get(tabId)?.status).toBe('report');
    // Back from the cache: the pause and resume cost no request.
    expect(t.targets()).toEqual([HIGH]);
  });

  it('never sends a tab of a private window', async () => {
    const t = setUp(AUTOMATIC_SETTINGS);
    const tabId = t.world.open(`${HIGH}/`);
    const readTab = t.world.readTab;
    t.world.readTab = async (id) => {
      const tab = await readTab(id);
      return tab && { ...tab, incognito: true };
    };
    const lookupReport = vi.fn(async (_target: string) => REPORT);
    const worker = startWorker({
      world: t.world,
      lookupReport,
      now: () => START,
      onError: () => undefined,
      readSettings: async () => AUTOMATIC_SETTINGS,
    });
    expect(await worker.service.showTab(tabId)).toEqual({
      status: 'not-looked-up',
      reason: 'incognito',
    });
    await worker.handlers.activated({ tabId });
    expect(lookupReport).not.toHaveBeenCalled();
  });
});

describe('the badge setting', () => {
  beforeEach(() => fakeBrowser.reset());

  it('applies a new badge mode to every open tab at once', async () => {
    const t = setUp(AUTOMATIC_SETTINGS);
    const first = t.world.open(`${HIGH}/`);
    await t.worker.handlers.activated({ tabId: first });
    const second = t.world.open(`${LOW}/`);
    await t.worker.handlers.activated({ tabId: second });
    for (const mode of ['off', 'scores', 'all'] as const) {
      await t.change({ badgeMode: mode });
      expect(t.world.badgeModes.get(first)).toBe(mode);
      expect(t.world.badgeModes.get(second)).toBe(mode);
    }
  });
});
