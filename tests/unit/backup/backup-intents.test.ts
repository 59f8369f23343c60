import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { buildBackup, readBackupFile } from '../../../lib/backup/backup-file';
import {
  type BackupChoices,
  fingerprintOf,
  type ImportMode,
  readKeptData,
} from '../../../lib/backup/backup-format';
import { createBackupIntents } from '../../../lib/backup/backup-intents';
import { planImport } from '../../../lib/backup/import-plan';
import { LOOKUP_LOG_RECORD, type StoredLog } from '../../../lib/history/lookup-log';
import type { StoredHistory } from '../../../lib/history/scan-record';
import {
  MAX_HISTORY_BYTES,
  readWholeHistory,
  writeWholeHistory,
} from '../../../lib/history/score-history';
import { SETTINGS_RECORD, type UserSettings } from '../../../lib/settings/settings-record';
import {
  MAX_WATCHED_SITES,
  WATCH_LIST_RECORD,
  type WatchList,
  type WatchRecord,
} from '../../../lib/sites/watch-list';
import { createStore, type Store } from '../../../lib/storage/store';
import { ALL_RECORDS } from '../../../lib/worker/stored-records';

// fixed date: the clock this test passes to the code under test
const NOW = Date.parse('2026-11-22T10:00:00Z');
const SITE = 'https://a.example.com';

const SETTINGS: UserSettings = {
  lookupMode: 'automatic',
  lookupModeChosen: true,
  pausedDomains: ['b.example.com', 'a.example.com'],
  badgeMode: 'off',
  oldReportDays: 'never',
  serviceBaseUrl: 'https://lookup.example.com/api',
};
const WATCHED: WatchRecord = {
  since: 1,
  checkedAt: 2,
  status: 'report',
  score: 74,
  failed: [],
  seenReport: true,
};
const WATCH_LIST: WatchList = { [SITE]: WATCHED };
const HISTORY: StoredHistory = {
  // fixed date: a past scan, set against other scans, never against the clock
  [SITE]: { seen: 5, scans: [{ scannedAt: '2026-11-01T00:00:00Z', score: 74, checks: null }] },
};
const LOG: StoredLog = {
  nextId: 2,
  entries: [
    {
      id: 1,
      at: 10,
      origin: SITE,
      service: 'https://is-agentic.com',
      outcome: 'report',
      status: 200,
    },
  ],
};

/** Everything in local storage, for "nothing changed". */
const everything = () => fakeBrowser.storage.local.get(null);

/** The browser's answer to whether the extension may call a host. */
function grantedHosts(...patterns: string[]) {
  fakeBrowser.permissions.contains = vi.fn(async ({ origins = [] }: { origins?: string[] }) =>
    origins.every((origin) => patterns.includes(origin)),
  ) as never;
}

describe('createBackupIntents', () => {
  let store: Store;
  let intents: ReturnType<typeof createBackupIntents>;

  /** What the options page does: a backup of the records as stored, read back as a file. */
  async function backupOf(choices: BackupChoices) {
    const [settings, watchList, scoreHistory, lookupLog] = await Promise.all([
      store.read(SETTINGS_RECORD),
      store.read(WATCH_LIST_RECORD),
      readWholeHistory(store.readItems),
      store.read(LOOKUP_LOG_RECORD),
    ]);
    const data = { settings, watchList, scoreHistory, lookupLog };
    const reading = readBackupFile(JSON.stringify(buildBackup(data, { ...choices, now: NOW })));
    if (!reading.ok) throw new Error(`refused: ${reading.problem}`);
    return reading.backup;
  }

  /** The fingerprint of the records as stored now, as the options page sends it. */
  const plannedOn = async () => fingerprintOf(await readKeptData(store));

  /**
   * What the options page sends on Apply: the plan against the records as stored then, and
   * whether the user chose the file's service.
   */
  async function importOf(
    backup: Awaited<ReturnType<typeof backupOf>>,
    mode: ImportMode,
    { switchService = false } = {},
  ) {
    const current = await readKeptData(store);
    const { next } = planImport(current, backup, { mode });
    return intents.importBackup({ ...next, plannedOn: fingerprintOf(current), switchService });
  }

  beforeEach(async () => {
    fakeBrowser.reset();
    store = createStore({ records: ALL_RECORDS, warn: () => {} });
    intents = createBackupIntents({ store });
    grantedHosts('https://lookup.example.com/*');
    await Promise.all([
      store.write(SETTINGS_RECORD, SETTINGS),
      store.write(WATCH_LIST_RECORD, WATCH_LIST),
      writeWholeHistory(store, HISTORY),
      store.write(LOOKUP_LOG_RECORD, LOG),
    ]);
  });

  it.each([
    ['settings that are no settings', { settings: 'all', watchList: {} }],
    ['a watch list that is no list', { settings: SETTINGS, watchList: [WATCHED] }],
    [
      'a watched site whose record is damaged',
      { settings: SETTINGS, watchList: { [SITE]: { ...WATCHED, since: 'yesterday' } } },
    ],
    [
      'a score history with a damaged scan',
      { settings: SETTINGS, watchList: {}, scoreHistory: { [SITE]: { seen: 5, scans: [{}] } } },
    ],
    [
      'a lookup log without its next id',
      { settings: SETTINGS, watchList: {}, lookupLog: { entries: LOG.entries } },
    ],
  ])('refuses %s whole and changes nothing stored', async (_case, records) => {
    const before = await everything();
    const request = { ...records, plannedOn: await plannedOn(), switchService: false };
    expect(await intents.importBackup(request)).toEqual({ ok: false, problem: 'malformed' });
    expect(await everything()).toEqual(before);
  });

  it('writes each record as its schema reads it, never a field it does not know', async () => {
    const result = await intents.importBackup({
      settings: { ...SETTINGS, badgeMode: 'all', extra: 'dropped' },
      watchList: { [SITE]: { ...WATCHED, extra: 'dropped' } },
      plannedOn: await plannedOn(),
      switchService: false,
    });
    expect(result).toEqual({ ok: true, baseUrlKept: false });
    expect((await everything()).settings).toEqual({
      ...SETTINGS,
      badgeMode: 'all',
      pausedDomains: ['a.example.com', 'b.example.com'],
    });
    expect(await store.read(WATCH_LIST_RECORD)).toEqual(WATCH_LIST);
    // Records the import does not carry are left alone.
    expect(await readWholeHistory(store.readItems)).toEqual(HISTORY);
    expect(await store.read(LOOKUP_LOG_RECORD)).toEqual(LOG);
  });

  it('restores settings, paused sites and watch list by replacing what is here', async () => {
    const backup = await backupOf({ includeHistory: true, includeLog: true });
    // Since then, the user changed everything.
    await Promise.all([
      store.write(SETTINGS_RECORD, {
        lookupMode: 'on-click',
        lookupModeChosen: true,
        pausedDomains: ['c.example.com'],
        badgeMode: 'all',
        oldReportDays: '30',
        serviceBaseUrl: null,
      }),
      store.write(WATCH_LIST_RECORD, {
        'https://c.example.com': { ...WATCHED, since: 9 },
      }),
      writeWholeHistory(store, {}),
    ]);
    expect(await importOf(backup, 'replace', { switchService: true })).toEqual({
      ok: true,
      baseUrlKept: false,
    });
    expect(await store.read(SETTINGS_RECORD)).toEqual({
      ...SETTINGS,
      pausedDomains: ['a.example.com', 'b.example.com'],
    });
    expect(await store.read(WATCH_LIST_RECORD)).toEqual(WATCH_LIST);
    expect(await readWholeHistory(store.readItems)).toEqual(HISTORY);
  });

  it("keeps the current base URL when the extension may not call the file's, and says so", async () => {
    const backup = await backupOf({ includeHistory: false, includeLog: false });
    await store.write(SETTINGS_RECORD, { ...SETTINGS, serviceBaseUrl: null, badgeMode: 'all' });
    grantedHosts();
    expect(await importOf(backup, 'replace')).toEqual({ ok: true, baseUrlKept: true });
    // The rest of the file is taken.
    expect(await store.read(SETTINGS_RECORD)).toMatchObject({
      serviceBaseUrl: null,
      badgeMode: 'off',
    });
  });

  it("takes the file's base URL when the user chose it and the extension may call it", async () => {
    const backup = await backupOf({ includeHistory: false, includeLog: false });
    await store.write(SETTINGS_RECORD, { ...SETTINGS, serviceBaseUrl: null });
    expect(await importOf(backup, 'merge', { switchService: true })).toEqual({
      ok: true,
      baseUrlKept: false,
    });
    expect((await store.read(SETTINGS_RECORD)).serviceBaseUrl).toBe(
      'https://lookup.example.com/api',
    );
  });

  it('never switches the service the user did not choose, though the host is held (a check asked for it)', async () => {
    const backup = await backupOf({ includeHistory: false, includeLog: false });
    await store.write(SETTINGS_RECORD, { ...SETTINGS, serviceBaseUrl: null });
    expect(await importOf(backup, 'replace')).toEqual({ ok: true, baseUrlKept: true });
    expect((await store.read(SETTINGS_RECORD)).serviceBaseUrl).toBeNull();
  });

  it('refuses a plan made on records that changed since, and changes nothing', async () => {
    const backup = await backupOf({ includeHistory: true, includeLog: true });
    const current = await readKeptData(store);
    const { next } = planImport(current, backup, { mode: 'replace' });
    // Meanwhile, the user pauses a site from the popup.
    await store.update(SETTINGS_RECORD, (settings) => ({
      ...settings,
      pausedDomains: [...settings.pausedDomains, 'paused.example.com'],
    }));
    const before = await everything();
    expect(
      await intents.importBackup({
        ...next,
        plannedOn: fingerprintOf(current),
        switchService: false,
      }),
    ).toEqual({ ok: false, problem: 'changed' });
    expect(await everything()).toEqual(before);
  });

  it('holds what it writes to the bounds every write keeps', async () => {
    const many: WatchList = Object.fromEntries(
      Array.from({ length: MAX_WATCHED_SITES + 5 }, (_, at) => [
        `https://s${at}.example.com`,
        { ...WATCHED, since: at },
      ]),
    );
    const scans = Array.from({ length: 10 }, (_, at) => ({
      // fixed date: scans told apart by their time, never compared with the clock
      scannedAt: `2026-10-${String(at + 1).padStart(2, '0')}T00:00:00Z`,
      score: 50,
      checks: null,
    }));
    const big: StoredHistory = Object.fromEntries(
      Array.from({ length: 200 }, (_, at) => [
        `https://h${at}.${'x'.repeat(5_000)}.example`,
        { seen: at, scans },
      ]),
    );
    const result = await intents.importBackup({
      settings: SETTINGS,
      watchList: many,
      scoreHistory: big,
      plannedOn: await plannedOn(),
      switchService: false,
    });
    expect(result).toEqual({ ok: true, baseUrlKept: false });
    const watched = await store.read(WATCH_LIST_RECORD);
    expect(Object.keys(watched)).toHaveLength(MAX_WATCHED_SITES);
    expect(watched['https://s0.example.com']).toBeDefined();
    const history = await readWholeHistory(store.readItems);
    expect(JSON.stringify(history).length).toBeLessThanOrEqual(MAX_HISTORY_BYTES);
    // The sites seen most recently stay.
    expect(Object.keys(history)).toContain(`https://h199.${'x'.repeat(5_000)}.example`);
  });

  it('refuses a log whose ids collide', async () => {
    const entry = LOG.entries[0] as StoredLog['entries'][number];
    const result = await intents.importBackup({
      settings: SETTINGS,
      watchList: {},
      lookupLog: { nextId: 3, entries: [entry, { ...entry, at: 11 }] },
      plannedOn: await plannedOn(),
      switchService: false,
    });
    expect(result).toEqual({ ok: false, problem: 'malformed' });
  });
});
