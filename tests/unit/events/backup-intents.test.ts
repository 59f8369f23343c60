import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BACKUP_FORMAT, BACKUP_VERSION } from '../../../lib/backup/backup-format';
import { readBackupFile } from '../../../lib/backup/read-backup';
import { createBackupIntents } from '../../../lib/events/backup-intents';
import { ALL_RECORDS } from '../../../lib/events/stored-records';
import { LOOKUP_LOG_RECORD, type StoredLog } from '../../../lib/history/lookup-log';
import { SCORE_HISTORY_RECORD, type StoredHistory } from '../../../lib/history/scan-record';
import { SETTINGS_RECORD, type UserSettings } from '../../../lib/settings/settings-record';
import { WATCH_LIST_RECORD, type WatchList, type WatchRecord } from '../../../lib/sites/watch-list';
import { createStore, type Store } from '../../../lib/storage/store';

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

  beforeEach(async () => {
    fakeBrowser.reset();
    store = createStore({ records: ALL_RECORDS, warn: () => {} });
    intents = createBackupIntents({ store, now: () => NOW });
    grantedHosts('https://lookup.example.com/*');
    await Promise.all([
      store.write(SETTINGS_RECORD, SETTINGS),
      store.write(WATCH_LIST_RECORD, WATCH_LIST),
      store.write(SCORE_HISTORY_RECORD, HISTORY),
      store.write(LOOKUP_LOG_RECORD, LOG),
    ]);
  });

  it('exports what is stored as JSON text that reads back as a backup', async () => {
    const text = await intents.exportBackup({ includeHistory: true, includeLog: true });
    const reading = readBackupFile(text);
    if (!reading.ok) throw new Error(`refused: ${reading.problem}`);
    expect(reading.backup).toMatchObject({
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      exportedAt: new Date(NOW).toISOString(),
      settings: { ...SETTINGS, pausedDomains: ['a.example.com', 'b.example.com'] },
      watchList: WATCH_LIST,
      scoreHistory: HISTORY,
      lookupLog: LOG.entries,
    });
  });

  it('leaves the history and the log out of the export unless asked', async () => {
    const reading = readBackupFile(
      await intents.exportBackup({ includeHistory: false, includeLog: false }),
    );
    expect(reading.ok && reading.backup.scoreHistory).toBeUndefined();
    expect(reading.ok && reading.backup.lookupLog).toBeUndefined();
  });

  it.each([
    ['text that is no JSON', 'not json {', 'not-json'],
    ['a JSON value of another kind', JSON.stringify({ hello: 'world' }), 'wrong-file'],
    [
      'a newer version',
      JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_VERSION + 1 }),
      'newer-version',
    ],
    [
      'a backup with a damaged part',
      JSON.stringify({
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        exportedAt: new Date(NOW).toISOString(),
        settings: { ...SETTINGS, lookupMode: 'always' },
        watchList: {},
      }),
      'malformed',
    ],
  ])('refuses %s and changes nothing stored', async (_case, text, problem) => {
    const before = await everything();
    for (const mode of ['merge', 'replace'] as const) {
      expect(await intents.importBackup({ text, mode })).toEqual({ ok: false, problem });
    }
    expect(await everything()).toEqual(before);
  });

  it('restores settings, paused sites and watch list by replacing what is here', async () => {
    const text = await intents.exportBackup({ includeHistory: true, includeLog: true });
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
      store.write(SCORE_HISTORY_RECORD, {}),
    ]);
    const result = await intents.importBackup({ text, mode: 'replace' });
    expect(result).toMatchObject({ ok: true, baseUrlKept: false });
    expect(await store.read(SETTINGS_RECORD)).toEqual({
      ...SETTINGS,
      pausedDomains: ['a.example.com', 'b.example.com'],
    });
    expect(await store.read(WATCH_LIST_RECORD)).toEqual(WATCH_LIST);
    expect(await store.read(SCORE_HISTORY_RECORD)).toEqual(HISTORY);
  });

  it("keeps the current base URL when the extension may not call the file's, and says so", async () => {
    const text = await intents.exportBackup({ includeHistory: false, includeLog: false });
    await store.write(SETTINGS_RECORD, { ...SETTINGS, serviceBaseUrl: null, badgeMode: 'all' });
    grantedHosts();
    const result = await intents.importBackup({ text, mode: 'replace' });
    expect(result).toMatchObject({ ok: true, baseUrlKept: true });
    if (!result.ok) throw new Error('refused');
    expect(result.changes.map((change) => change.kind)).not.toContain('service-base-url');
    // The rest of the file is taken.
    expect(await store.read(SETTINGS_RECORD)).toMatchObject({
      serviceBaseUrl: null,
      badgeMode: 'off',
    });
  });

  it("takes the file's base URL when the extension may call it", async () => {
    const text = await intents.exportBackup({ includeHistory: false, includeLog: false });
    await store.write(SETTINGS_RECORD, { ...SETTINGS, serviceBaseUrl: null });
    const result = await intents.importBackup({ text, mode: 'merge' });
    expect(result).toMatchObject({ ok: true, baseUrlKept: false });
    if (!result.ok) throw new Error('refused');
    expect(result.changes).toContainEqual({
      kind: 'service-base-url',
      from: null,
      to: 'https://lookup.example.com/api',
    });
    expect((await store.read(SETTINGS_RECORD)).serviceBaseUrl).toBe(
      'https://lookup.example.com/api',
    );
  });
});
