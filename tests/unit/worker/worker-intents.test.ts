import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createLookupLog } from '../../../lib/history/lookup-log';
import type { Lookups } from '../../../lib/lookup/lookups';
import { sendToWorker } from '../../../lib/messaging/protocol';
import { type RequestOrigin, registerWorkerMessages } from '../../../lib/messaging/worker-messages';
import type { UserSettings } from '../../../lib/settings/settings';
import { SETTINGS_RECORD } from '../../../lib/settings/settings-record';
import { readWatchList, WATCH_LIST_RECORD } from '../../../lib/sites/watch-list';
import { STORAGE_VERSIONS_RECORD } from '../../../lib/storage/migrate-store';
import { keyOf, readRecord } from '../../../lib/storage/record';
import { createStore, type Store } from '../../../lib/storage/store';
import { TAB_STATE_RECORD } from '../../../lib/tabs/tab-state';
import { notLookedUp, type TabView } from '../../../lib/tabs/tab-view';
import { ALL_RECORDS } from '../../../lib/worker/stored-records';
import { createWorkerIntents } from '../../../lib/worker/worker-intents';
import { readLookupLog } from '../../support/lookup-log';
import {
  checkParts,
  deliverMessagesFrom,
  extensionPage,
  extensionPageInPrivateTab,
} from './extension-page';

const readUserSettings = () => readRecord(SETTINGS_RECORD);

// fixed date: the clock this test passes to the code under test
const NOW = Date.parse('2026-11-22T10:00:00Z');
const SITE = 'https://a.example.com';
const OTHER = 'https://b.example.com';
const SITE_HOST = 'a.example.com';
const OTHER_HOST = 'b.example.com';
const VIEW: TabView = { status: 'loading', origin: SITE };

/** Settings with every field away from its default, so a change to one shows on its own. */
const STORED: UserSettings = {
  lookupMode: 'on-click',
  lookupModeChosen: true,
  pausedDomains: [OTHER_HOST],
  badgeMode: 'all',
  oldReportDays: '90',
  serviceBaseUrl: 'https://mine.example.com',
};

/** A call that may refuse by throwing at once or by rejecting: either way, a rejection. */
const attempt = (call: () => Promise<unknown>) => Promise.resolve().then(call);

type Intents = ReturnType<typeof createWorkerIntents>;
type IntentsFrom = {
  [N in keyof Intents]: (data: Parameters<Intents[N]>[0]) => ReturnType<Intents[N]>;
};

/** The intents as a page in one kind of window sends them. */
function sentFrom(intents: Intents, from: RequestOrigin): IntentsFrom {
  return Object.fromEntries(
    Object.entries(intents).map(([name, handle]) => [
      name,
      (data: unknown) => (handle as (data: unknown, from: RequestOrigin) => unknown)(data, from),
    ]),
  ) as IntentsFrom;
}

describe('createWorkerIntents', () => {
  let store: Store;
  let lookups: Pick<Lookups, 'showTab' | 'showSite'>;
  let intents: IntentsFrom;
  let privateIntents: IntentsFrom;
  let lookupLog: ReturnType<typeof createLookupLog>;

  beforeEach(async () => {
    fakeBrowser.reset();
    store = createStore({ records: ALL_RECORDS, warn: () => {} });
    lookupLog = createLookupLog({ store, now: () => NOW });
    lookups = {
      showTab: vi.fn(async () => VIEW),
      showSite: vi.fn(async () => VIEW),
    };
    const now = () => NOW;
    const handlers = createWorkerIntents({
      store,
      lookups,
      lookupLog,
      now,
      ...checkParts(store, lookupLog, now),
    });
    intents = sentFrom(handlers, { privateWindow: false });
    privateIntents = sentFrom(handlers, { privateWindow: true });
    await store.write(SETTINGS_RECORD, STORED);
  });

  it('hands a page the lookups it asks for', async () => {
    expect(await intents.showTab({ tabId: 7, force: true, trigger: 'user' })).toEqual(VIEW);
    expect(lookups.showTab).toHaveBeenCalledWith(7, { force: true, trigger: 'user' });
    expect(await intents.showTab({ tabId: 7, force: false, trigger: 'follow' })).toEqual(VIEW);
    expect(lookups.showTab).toHaveBeenLastCalledWith(7, { force: false, trigger: 'follow' });
    expect(await intents.showSite({ origin: SITE, force: false })).toEqual(VIEW);
    expect(lookups.showSite).toHaveBeenCalledWith(SITE, { force: false, privateWindow: false });
  });

  it('tells the lookup when a page is in a private window (it then looks nothing up)', async () => {
    await privateIntents.showSite({ origin: SITE, force: false });
    expect(lookups.showSite).toHaveBeenCalledWith(SITE, { force: false, privateWindow: true });
  });

  it('keeps no site a page in a private window asks to watch', async () => {
    expect(await privateIntents.watchSite({ origin: SITE })).toBe(false);
    expect(await fakeBrowser.storage.local.get(WATCH_LIST_RECORD.key)).toEqual({});
  });

  it.each<[string, () => Promise<unknown>, Partial<UserSettings>]>([
    [
      'pauseSite',
      () => intents.pauseSite({ domain: SITE_HOST }),
      { pausedDomains: [SITE_HOST, OTHER_HOST] },
    ],
    ['resumeSite', () => intents.resumeSite({ origin: OTHER }), { pausedDomains: [] }],
    ['resumeDomain', () => intents.resumeDomain({ domain: OTHER_HOST }), { pausedDomains: [] }],
    [
      'setLookupMode',
      () => intents.setLookupMode({ mode: 'automatic' }),
      { lookupMode: 'automatic', lookupModeChosen: true },
    ],
    ['setBadgeMode', () => intents.setBadgeMode({ mode: 'off' }), { badgeMode: 'off' }],
    [
      'setOldReportDays',
      () => intents.setOldReportDays({ days: 'never' }),
      { oldReportDays: 'never' },
    ],
  ])('%s changes only its own field', async (_intent, call, change) => {
    const effective = await call();
    const expected = { ...STORED, ...change };
    expect((await fakeBrowser.storage.local.get(SETTINGS_RECORD.key))[SETTINGS_RECORD.key]).toEqual(
      expected,
    );
    expect(effective).toMatchObject(expected);
  });

  it('answers the consent question for on-click lookups too', async () => {
    await store.write(SETTINGS_RECORD, { ...STORED, lookupModeChosen: false });
    await intents.setLookupMode({ mode: 'on-click' });
    expect(await readUserSettings()).toMatchObject({
      lookupMode: 'on-click',
      lookupModeChosen: true,
    });
  });

  it('keeps every one of several intents sent at the same instant', async () => {
    await Promise.all([
      intents.pauseSite({ domain: SITE_HOST }),
      intents.setBadgeMode({ mode: 'off' }),
      intents.resumeSite({ origin: OTHER }),
      intents.setLookupMode({ mode: 'automatic' }),
    ]);
    expect(await readUserSettings()).toEqual({
      ...STORED,
      pausedDomains: [SITE_HOST],
      badgeMode: 'off',
      lookupMode: 'automatic',
    });
  });

  it('pauses a domain once, however often asked', async () => {
    await intents.pauseSite({ domain: SITE_HOST });
    await intents.pauseSite({ domain: SITE_HOST });
    expect((await readUserSettings()).pausedDomains).toEqual([SITE_HOST, OTHER_HOST]);
  });

  it("resumes a site by removing each of the user's domains that covers it, and no other", async () => {
    await store.write(SETTINGS_RECORD, {
      ...STORED,
      pausedDomains: ['corp.example.com', 'example.com', 'jira.corp.example.com', 'other.org'],
    });
    await intents.resumeSite({ origin: 'http://jira.corp.example.com:8443' });
    expect((await readUserSettings()).pausedDomains).toEqual(['other.org']);
  });

  it("keeps the policy's domains out of the user's, and they stay in effect after a resume", async () => {
    await fakeBrowser.storage.managed.set({ neverLookUpDomains: ['corp.example.com'] });
    await store.write(SETTINGS_RECORD, { ...STORED, pausedDomains: ['jira.corp.example.com'] });
    const afterPause = await intents.pauseSite({ domain: 'wiki.example.org' });
    expect(afterPause.pausedDomains).toEqual([
      'corp.example.com',
      'jira.corp.example.com',
      'wiki.example.org',
    ]);
    const afterResume = await intents.resumeSite({ origin: 'https://jira.corp.example.com' });
    expect((await readUserSettings()).pausedDomains).toEqual(['wiki.example.org']);
    expect(afterResume.pausedDomains).toEqual(['corp.example.com', 'wiki.example.org']);
    expect(afterResume.locked.pausedDomains).toEqual(['corp.example.com']);
  });

  describe('setServiceBaseUrl', () => {
    /** The hosts the extension holds a permission for, as the browser answers. */
    function grantedHosts(...patterns: string[]) {
      const contains = vi.fn(async ({ origins = [] }: { origins?: string[] }) =>
        origins.every((origin) => patterns.includes(origin)),
      );
      fakeBrowser.permissions.contains = contains as never;
      return contains;
    }

    it('refuses a host the extension has no permission for, and keeps the current one', async () => {
      const contains = grantedHosts('https://other.example.com/*');
      await expect(
        attempt(() => intents.setServiceBaseUrl({ baseUrl: 'https://lookup.example.com/api' })),
      ).rejects.toThrow('no permission for that host');
      expect(contains).toHaveBeenCalledWith({ origins: ['https://lookup.example.com/*'] });
      expect(await readUserSettings()).toEqual(STORED);
    });

    it('stores a base URL it has the permission for', async () => {
      grantedHosts('https://lookup.example.com/*');
      const effective = await intents.setServiceBaseUrl({
        baseUrl: 'https://lookup.example.com/api',
      });
      expect(effective.serviceBaseUrl).toBe('https://lookup.example.com/api');
      expect(await readUserSettings()).toEqual({
        ...STORED,
        serviceBaseUrl: 'https://lookup.example.com/api',
      });
    });

    it('goes back to the build default for null, which needs no permission', async () => {
      const contains = grantedHosts();
      expect((await intents.setServiceBaseUrl({ baseUrl: null })).serviceBaseUrl).not.toBe(
        STORED.serviceBaseUrl,
      );
      expect(await readUserSettings()).toEqual({ ...STORED, serviceBaseUrl: null });
      expect(contains).not.toHaveBeenCalled();
    });
  });

  it('watches and unwatches a site', async () => {
    expect(await intents.watchSite({ origin: SITE })).toBe(true);
    expect(await intents.watchSite({ origin: OTHER })).toBe(true);
    expect(await readWatchList()).toEqual({
      [SITE]: expect.objectContaining({ since: NOW, checkedAt: null }),
      [OTHER]: expect.objectContaining({ since: NOW }),
    });
    expect(await intents.unwatchSite({ origin: SITE })).toBeNull();
    expect(Object.keys(await readWatchList())).toEqual([OTHER]);
  });

  it('empties the lookup log, and numbers on after it', async () => {
    await lookupLog.sent(SITE, 'https://is-agentic.com');
    await lookupLog.sent(OTHER, 'https://is-agentic.com');
    expect(await readLookupLog()).toHaveLength(2);
    expect(await intents.clearLookupLog({})).toBeNull();
    expect(await readLookupLog()).toEqual([]);
    expect(await lookupLog.sent(SITE, 'https://is-agentic.com')).toBe(3);
  });

  it('clears local data, keeping the settings', async () => {
    await intents.watchSite({ origin: SITE });
    await lookupLog.sent(SITE, 'https://is-agentic.com');
    await store.writeKeys('session', { [keyOf(TAB_STATE_RECORD, '7')]: { view: VIEW } });
    expect(await intents.clearLocalData({})).toBe(3);
    expect(Object.keys(await fakeBrowser.storage.local.get(null)).sort()).toEqual(
      [SETTINGS_RECORD.key, STORAGE_VERSIONS_RECORD.key].sort(),
    );
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
    expect(await readUserSettings()).toEqual(STORED);
  });
});

describe('worker intents sent by a page', () => {
  let store: Store;
  let onError: ReturnType<typeof vi.fn<(error: unknown) => void>>;

  beforeEach(async () => {
    fakeBrowser.reset();
    store = createStore({ records: ALL_RECORDS, warn: () => {} });
    const lookupLog = createLookupLog({ store, now: () => NOW });
    // As the lookup answers a private window's page (lookups.ts).
    const lookups = {
      showTab: async () => null,
      showSite: async (_origin: string, { privateWindow = false } = {}) =>
        privateWindow ? notLookedUp('incognito') : VIEW,
    };
    onError = vi.fn<(error: unknown) => void>();
    registerWorkerMessages(
      {
        ...createWorkerIntents({
          store,
          lookups,
          lookupLog,
          now: () => NOW,
          ...checkParts(store, lookupLog, () => NOW),
        }),
        importBackup: async () => ({ ok: false, problem: 'malformed' }),
      },
      onError,
    );
    deliverMessagesFrom(extensionPage('/popup.html'));
  });

  it('are applied, and answered with the settings in effect', async () => {
    expect(await sendToWorker('pauseSite', { domain: SITE_HOST })).toMatchObject({
      pausedDomains: [SITE_HOST],
      locked: { lookupMode: false },
    });
    expect(await sendToWorker('watchSite', { origin: SITE })).toBe(true);
    expect((await readUserSettings()).pausedDomains).toEqual([SITE_HOST]);
    expect(Object.keys(await readWatchList())).toEqual([SITE]);
  });

  it('from a tab of a private window, neither look a site up nor keep it', async () => {
    deliverMessagesFrom(extensionPageInPrivateTab());
    expect(await sendToWorker('showSite', { origin: SITE, force: false })).toEqual({
      status: 'not-looked-up',
      reason: 'incognito',
    });
    expect(await sendToWorker('watchSite', { origin: SITE })).toBe(false);
    expect(await readWatchList()).toEqual({});
  });

  it('are refused as a failed request, with the reason, when the worker refuses them', async () => {
    fakeBrowser.permissions.contains = (async () => false) as never;
    await expect(
      sendToWorker('setServiceBaseUrl', { baseUrl: 'https://lookup.example.com' }),
    ).rejects.toThrow('setServiceBaseUrl: no permission for that host');
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('that their schema refuses change nothing', async () => {
    await expect(sendToWorker('watchSite', { origin: 'javascript:alert(1)' })).rejects.toThrow(
      'watchSite: malformed request',
    );
    await expect(sendToWorker('pauseSite', { domain: 'javascript:alert(1)' })).rejects.toThrow(
      'pauseSite: malformed request',
    );
    expect(await readUserSettings()).toMatchObject({ pausedDomains: [] });
    expect(await readWatchList()).toEqual({});
  });
});
