import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isSitePausedBy } from '../../../lib/privacy/paused-domains';
import {
  type ManagedPolicy,
  NO_POLICY,
  POLICY_COPY_RECORD,
  parseManagedPolicy,
} from '../../../lib/settings/managed-policy';
import {
  applyPolicy,
  automaticLookupsAllowed,
  changeSettings,
  createSettingsReader,
  DEFAULT_SETTINGS,
  isSitePaused,
  readSettings,
  watchSettings,
} from '../../../lib/settings/settings';
import { SETTINGS_RECORD } from '../../../lib/settings/settings-record';
import { parseStored } from '../../../lib/storage/record';
import { createStore, type Store } from '../../../lib/storage/store';
import { ALL_RECORDS } from '../../../lib/worker/stored-records';
import { withoutApis } from '../support/without-apis';

let store: Store;

/** The worker's way to keep the policy copy: pages read the policy and never write it. */
const keepCopy = (policy: ManagedPolicy) => store.write(POLICY_COPY_RECORD, policy);

/**
 * Readers get the kept copy of the policy at once while the live read refreshes it: a read
 * (the worker's, which keeps the copy), then a turn of the event loop, lets that refresh land.
 */
async function policyRefreshed() {
  await readSettings(keepCopy);
  await new Promise((resolve) => setTimeout(resolve, 0));
}

beforeEach(() => {
  fakeBrowser.reset();
  store = createStore({ records: ALL_RECORDS, warn: () => {} });
});

/** What the settings say is locked when no policy sets anything. */
const NOTHING_LOCKED = {
  serviceBaseUrl: false,
  lookupMode: false,
  watchList: false,
  pausedDomains: [],
  badgeMode: false,
};

describe('settings', () => {
  it('start on-click, with the badge on, nothing paused and the build base URL', async () => {
    expect(await readSettings()).toEqual({
      ...DEFAULT_SETTINGS,
      locked: NOTHING_LOCKED,
    });
    // Nothing is looked up on its own until the user says yes.
    expect(await readSettings()).toMatchObject({ lookupMode: 'on-click', lookupModeChosen: false });
  });

  it('keep every good field when another field is damaged', () => {
    const parsed = parseStored(SETTINGS_RECORD, {
      lookupMode: 'always',
      lookupModeChosen: 'yes',
      pausedDomains: ['b.example.com', 42, 'a.example.com', 'b.example.com'],
      badgeMode: 'off',
      oldReportDays: 30,
      serviceBaseUrl: 7,
    }).value;
    expect(parsed).toEqual({
      lookupMode: 'on-click',
      lookupModeChosen: false,
      pausedDomains: ['a.example.com', 'b.example.com'],
      badgeMode: 'off',
      oldReportDays: '30',
      serviceBaseUrl: null,
    });
    expect(parseStored(SETTINGS_RECORD, 'nonsense').value).toEqual(DEFAULT_SETTINGS);
  });

  it('read settings kept before the old-report choice with its default, and keep a choice', () => {
    const before = { lookupMode: 'automatic', lookupModeChosen: true, pausedDomains: [] };
    expect(parseStored(SETTINGS_RECORD, before).value).toMatchObject({ oldReportDays: '30' });
    const chosen = { ...before, oldReportDays: 'never' };
    expect(parseStored(SETTINGS_RECORD, chosen).value).toMatchObject({ oldReportDays: 'never' });
  });

  it('apply a change on top of what is stored', async () => {
    await fakeBrowser.storage.local.set({ [SETTINGS_RECORD.key]: { badgeMode: 'off' } });
    const next = await changeSettings(store, () => ({ lookupMode: 'automatic' }));
    expect(next).toMatchObject({ lookupMode: 'automatic', badgeMode: 'off' });
    expect(await readSettings()).toEqual(next);
    expect((await fakeBrowser.storage.local.get(SETTINGS_RECORD.key))[SETTINGS_RECORD.key]).toEqual(
      {
        ...DEFAULT_SETTINGS,
        lookupMode: 'automatic',
        badgeMode: 'off',
      },
    );
  });

  it('keep both of two changes to different fields asked at the same instant', async () => {
    await Promise.all([
      changeSettings(store, () => ({ badgeMode: 'off' })),
      changeSettings(store, (_current, user) => ({
        pausedDomains: [...user.pausedDomains, 'a.example.com'],
      })),
    ]);
    expect(await readSettings()).toMatchObject({
      badgeMode: 'off',
      pausedDomains: ['a.example.com'],
    });
  });

  it('store paused domains as a set, whatever the change hands back', async () => {
    const domain = 'example.com';
    for (let i = 0; i < 2; i++) {
      await changeSettings(store, (_current, user) => ({
        pausedDomains: [...user.pausedDomains, domain],
      }));
    }
    expect((await readSettings()).pausedDomains).toEqual([domain]);
    expect(isSitePaused(await readSettings(), 'http://www.example.com:8080')).toBe(true);
    await changeSettings(store, (_current, user) => ({
      pausedDomains: user.pausedDomains.filter((paused) => paused !== domain),
    }));
    expect(isSitePaused(await readSettings(), 'https://example.com')).toBe(false);
  });

  it('read settings stored by version 1 with their paused origins as domains', async () => {
    await fakeBrowser.storage.local.set({
      [SETTINGS_RECORD.key]: {
        lookupMode: 'automatic',
        lookupModeChosen: true,
        pausedSites: ['https://jira.example.com:8443', 'http://jira.example.com'],
        badgeMode: 'off',
        serviceBaseUrl: null,
      },
    });
    expect(await readSettings()).toMatchObject({
      lookupMode: 'automatic',
      pausedDomains: ['jira.example.com'],
      badgeMode: 'off',
    });
  });

  it('never store a field as the change hands it when it is not a valid value', async () => {
    await changeSettings(store, () => ({
      badgeMode: 'off',
      serviceBaseUrl: 'javascript:alert(1)',
    }));
    expect(
      (await fakeBrowser.storage.local.get(SETTINGS_RECORD.key))[SETTINGS_RECORD.key],
    ).toMatchObject({
      badgeMode: 'off',
      serviceBaseUrl: null,
    });
  });

  it('tell watchers of every change, parsed', async () => {
    const seen: string[] = [];
    const stop = watchSettings((settings) => seen.push(settings.badgeMode));
    await changeSettings(store, () => ({ badgeMode: 'off' }));
    await changeSettings(store, () => ({ badgeMode: 'all' }));
    stop();
    await changeSettings(store, () => ({ badgeMode: 'off' }));
    expect(seen).toEqual(['off', 'all']);
  });

  it('allow automatic lookups only after the user said yes to them', () => {
    expect(automaticLookupsAllowed(DEFAULT_SETTINGS)).toBe(false);
    expect(automaticLookupsAllowed({ ...DEFAULT_SETTINGS, lookupMode: 'automatic' })).toBe(false);
    expect(
      automaticLookupsAllowed({
        ...DEFAULT_SETTINGS,
        lookupMode: 'automatic',
        lookupModeChosen: true,
      }),
    ).toBe(true);
  });
});

describe('settings under an enterprise policy', () => {
  it('read a policy field by field, ignoring values that make no sense', () => {
    expect(parseManagedPolicy({ serviceBaseUrl: 'https://lookup.corp.example.com/' })).toEqual({
      serviceBaseUrl: 'https://lookup.corp.example.com',
      forceOnClick: false,
      disableWatchList: false,
      neverLookUpDomains: [],
      badgeMode: null,
    });
    expect(
      parseManagedPolicy({
        serviceBaseUrl: 'javascript:alert(1)',
        forceOnClick: 'yes',
        disableWatchList: 'true',
        neverLookUpDomains: 'corp.example.com',
        badgeMode: 'loud',
      }),
    ).toEqual({
      serviceBaseUrl: null,
      forceOnClick: false,
      disableWatchList: false,
      neverLookUpDomains: [],
      badgeMode: null,
    });
    expect(parseManagedPolicy(undefined)).toEqual({
      serviceBaseUrl: null,
      forceOnClick: false,
      disableWatchList: false,
      neverLookUpDomains: [],
      badgeMode: null,
    });
    expect(parseManagedPolicy({ disableWatchList: true }).disableWatchList).toBe(true);
    for (const mode of ['all', 'scores', 'off'] as const) {
      expect(parseManagedPolicy({ badgeMode: mode }).badgeMode).toBe(mode);
    }
    expect(parseManagedPolicy({ badgeMode: 'Scores' }).badgeMode).toBe(null);
  });

  it("put the policy's badge mode over the user's, and lock it", () => {
    const user = { ...DEFAULT_SETTINGS, badgeMode: 'off' as const };
    const locked = applyPolicy(user, { ...NO_POLICY, badgeMode: 'scores' });
    expect(locked.badgeMode).toBe('scores');
    expect(locked.locked.badgeMode).toBe(true);
    const free = applyPolicy(user, NO_POLICY);
    expect(free.badgeMode).toBe('off');
    expect(free.locked.badgeMode).toBe(false);
  });

  it('read the domains never looked up, normalised, leaving out entries that name no host', () => {
    expect(
      parseManagedPolicy({
        neverLookUpDomains: [
          'Corp.Example.COM.',
          'intranet.example.org',
          'corp.example.com',
          'https://wiki.example.net',
          '*.example.net',
          'jira.example.com:8443',
          '10.1.2.3',
          '',
          42,
          null,
        ],
      }).neverLookUpDomains,
    ).toEqual(['10.1.2.3', 'corp.example.com', 'intranet.example.org']);
  });

  it("add the policy's domains to the user's, locked, without storing them as the user's", async () => {
    await changeSettings(store, (_current, user) => ({
      pausedDomains: [...user.pausedDomains, 'mine.example.org'],
    }));
    await fakeBrowser.storage.managed.set({ neverLookUpDomains: ['corp.example.com'] });
    await policyRefreshed();
    const effective = await readSettings();
    expect(effective.pausedDomains).toEqual(['corp.example.com', 'mine.example.org']);
    expect(effective.locked.pausedDomains).toEqual(['corp.example.com']);
    expect(isSitePaused(effective, 'http://jira.corp.example.com:8443')).toBe(true);
    const locked = effective.locked.pausedDomains;
    expect(isSitePausedBy(locked, 'https://jira.corp.example.com')).toBe(true);
    expect(isSitePausedBy(locked, 'https://mine.example.org')).toBe(false);
    // A change of the paused domains starts from the user's own: the policy's stay out.
    await changeSettings(store, (_current, user) => ({
      pausedDomains: [...user.pausedDomains, 'other.example.org'],
    }));
    expect(
      (await fakeBrowser.storage.local.get(SETTINGS_RECORD.key))[SETTINGS_RECORD.key],
    ).toMatchObject({
      pausedDomains: ['mine.example.org', 'other.example.org'],
    });
    await fakeBrowser.storage.managed.clear();
    await policyRefreshed();
    expect((await readSettings()).pausedDomains).toEqual(['mine.example.org', 'other.example.org']);
  });

  it('keep a copy of the domains never looked up, and refresh it when they change', async () => {
    await fakeBrowser.storage.managed.set({ neverLookUpDomains: ['corp.example.com'] });
    await policyRefreshed();
    expect(
      (await fakeBrowser.storage.local.get(POLICY_COPY_RECORD.key))[POLICY_COPY_RECORD.key],
    ).toMatchObject({
      neverLookUpDomains: ['corp.example.com'],
    });
    await fakeBrowser.storage.managed.set({
      neverLookUpDomains: ['corp.example.com', 'a.example'],
    });
    await policyRefreshed();
    expect((await readSettings()).locked.pausedDomains).toEqual(['a.example', 'corp.example.com']);
  });

  it('wait for the live policy rather than trust a copy kept before it could list domains', async () => {
    await fakeBrowser.storage.local.set({
      [POLICY_COPY_RECORD.key]: {
        serviceBaseUrl: null,
        forceOnClick: false,
        disableWatchList: false,
      },
    });
    await fakeBrowser.storage.managed.set({ neverLookUpDomains: ['corp.example.com'] });
    expect((await readSettings()).locked.pausedDomains).toEqual(['corp.example.com']);
  });

  it('lock the base URL and on-click lookups over what the user stored', async () => {
    await changeSettings(store, () => ({
      lookupMode: 'automatic',
      lookupModeChosen: true,
      serviceBaseUrl: 'https://mine.example.com',
    }));
    await fakeBrowser.storage.managed.set({
      serviceBaseUrl: 'https://lookup.corp.example.com',
      forceOnClick: true,
    });
    await policyRefreshed();
    const effective = await readSettings();
    expect(effective).toMatchObject({
      lookupMode: 'on-click',
      lookupModeChosen: true,
      serviceBaseUrl: 'https://lookup.corp.example.com',
      locked: { serviceBaseUrl: true, lookupMode: true },
    });
    expect(automaticLookupsAllowed(effective)).toBe(false);
    // What the user chose is kept, and back in effect once the policy goes.
    await fakeBrowser.storage.managed.clear();
    await policyRefreshed();
    expect(await readSettings()).toMatchObject({
      lookupMode: 'automatic',
      serviceBaseUrl: 'https://mine.example.com',
      locked: NOTHING_LOCKED,
    });
  });

  it('read no policy, and report nothing, where the browser has no managed storage (Firefox for Android)', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const effective = await withoutApis(['storage.managed'], async () => {
      await policyRefreshed();
      return readSettings();
    });
    expect(effective.locked).toEqual({
      serviceBaseUrl: false,
      lookupMode: false,
      watchList: false,
      pausedDomains: [],
      badgeMode: false,
    });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('store a change to a locked field, in effect only once the policy goes', async () => {
    await fakeBrowser.storage.managed.set({ forceOnClick: true });
    const effective = await changeSettings(store, () => ({ lookupMode: 'automatic' }));
    expect(effective).toMatchObject({ lookupMode: 'on-click', locked: { lookupMode: true } });
    expect(
      (await fakeBrowser.storage.local.get(SETTINGS_RECORD.key))[SETTINGS_RECORD.key],
    ).toMatchObject({
      lookupMode: 'automatic',
    });
  });

  it("keep a copy of the policy from the worker's reads, never from a page's", async () => {
    await fakeBrowser.storage.managed.set({ forceOnClick: true });
    expect((await readSettings()).locked.lookupMode).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await fakeBrowser.storage.local.get(POLICY_COPY_RECORD.key)).toEqual({});
    await policyRefreshed();
    expect(
      (await fakeBrowser.storage.local.get(POLICY_COPY_RECORD.key))[POLICY_COPY_RECORD.key],
    ).toEqual({
      serviceBaseUrl: null,
      forceOnClick: true,
      disableWatchList: false,
      neverLookUpDomains: [],
      badgeMode: null,
    });
  });

  it('rewrite the kept copy of the policy only when the policy changed', async () => {
    await fakeBrowser.storage.managed.set({ forceOnClick: true });
    await policyRefreshed();
    // As Chrome hands it back: the same policy, keys in another order.
    await fakeBrowser.storage.local.set({
      [POLICY_COPY_RECORD.key]: {
        neverLookUpDomains: [],
        forceOnClick: true,
        serviceBaseUrl: null,
      },
    });
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await policyRefreshed();
    await policyRefreshed();
    expect(set).not.toHaveBeenCalled();
  });

  it('rewrite a kept copy from before the policy could set the badge, once it sets it', async () => {
    await fakeBrowser.storage.managed.set({ badgeMode: 'scores' });
    await fakeBrowser.storage.local.set({
      [POLICY_COPY_RECORD.key]: {
        serviceBaseUrl: null,
        forceOnClick: false,
        disableWatchList: false,
        neverLookUpDomains: [],
      },
    });
    expect((await readSettings()).badgeMode).toBe('all');
    await policyRefreshed();
    expect(
      (await fakeBrowser.storage.local.get(POLICY_COPY_RECORD.key))[POLICY_COPY_RECORD.key],
    ).toMatchObject({
      badgeMode: 'scores',
    });
    expect((await readSettings()).badgeMode).toBe('scores');
  });

  it('answer from the kept copy of the policy without waiting for managed storage', async () => {
    await fakeBrowser.storage.managed.set({ forceOnClick: true });
    await policyRefreshed();
    let release = () => {};
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockReturnValue(
      new Promise((resolve) => {
        release = () => resolve({});
      }) as never,
    );
    // Managed storage has not answered, and the copy answers.
    expect((await readSettings(keepCopy)).locked.lookupMode).toBe(true);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Once it answers, the copy follows it.
    expect((await readSettings()).locked.lookupMode).toBe(false);
  });

  it("read a page's settings and kept policy in one storage call, without asking managed storage", async () => {
    await fakeBrowser.storage.managed.set({ forceOnClick: true });
    await policyRefreshed();
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const managed = vi.spyOn(fakeBrowser.storage.managed, 'get');
    expect((await readSettings()).locked.lookupMode).toBe(true);
    expect(get).toHaveBeenCalledTimes(1);
    // Only the worker's reads refresh the copy: a page would throw the answer away.
    expect(managed).not.toHaveBeenCalled();
    await readSettings(keepCopy);
    expect(managed).toHaveBeenCalledTimes(1);
  });

  it('tell watchers when the policy changes', async () => {
    const seen: string[] = [];
    const stop = watchSettings((settings) => seen.push(settings.lookupMode));
    await changeSettings(store, () => ({ lookupMode: 'automatic', lookupModeChosen: true }));
    await fakeBrowser.storage.managed.set({ forceOnClick: true });
    await policyRefreshed();
    stop();
    expect(seen).toEqual(['automatic', 'on-click']);
  });

  it('are read from storage once by a reader, and again after each change', async () => {
    const readSettingsNow = createSettingsReader(store);
    await readSettingsNow();
    await policyRefreshed();
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    expect((await readSettingsNow()).badgeMode).toBe('all');
    expect((await readSettingsNow()).badgeMode).toBe('all');
    // (A policy refresh started before may still read its copy; the settings are not read.)
    expect(get.mock.calls.filter(([keys]) => [keys].flat().includes('settings'))).toEqual([]);
    await changeSettings(store, () => ({ badgeMode: 'off' }));
    expect((await readSettingsNow()).badgeMode).toBe('off');
    await fakeBrowser.storage.managed.set({ forceOnClick: true });
    expect((await readSettingsNow()).locked.lookupMode).toBe(false);
    await policyRefreshed();
    expect((await readSettingsNow()).locked.lookupMode).toBe(true);
  });

  it('leave alone a kept copy of the same policy written while the first read waited', async () => {
    let release = () => {};
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockReturnValue(
      new Promise((resolve) => {
        release = () => resolve({});
      }) as never,
    );
    const readSettingsNow = createSettingsReader(store);
    // No copy yet: the first read waits for managed storage, and meanwhile one is kept.
    const first = readSettingsNow();
    await fakeBrowser.storage.local.set({ [POLICY_COPY_RECORD.key]: NO_POLICY });
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    release();
    expect((await first).locked.lookupMode).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(set).not.toHaveBeenCalled();
  });
});
