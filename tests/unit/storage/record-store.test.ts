import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { RETRY_GATE_RECORD } from '../../../lib/cache/retry-gate';
import { LOOKUP_LOG_RECORD } from '../../../lib/history/lookup-log';
import { historyPartOf, SCORE_HISTORY_RECORD } from '../../../lib/history/score-history';
import { changeSettings } from '../../../lib/settings/settings';
import { DEFAULT_SETTINGS, SETTINGS_RECORD } from '../../../lib/settings/settings-record';
import { WATCH_LIST_RECORD, type WatchRecord } from '../../../lib/sites/watch-list';
import { STORAGE_VERSIONS_RECORD } from '../../../lib/storage/migrate-store';
import { keyOf, readRecord } from '../../../lib/storage/record';
import { createStore, type Store } from '../../../lib/storage/store';
import { TAB_STATE_RECORD } from '../../../lib/tabs/tab-state';
import { ALL_RECORDS } from '../../../lib/worker/stored-records';

const SITE = 'https://a.example.com';
const OTHER = 'https://b.example.com';
const watched = (since: number): WatchRecord => ({
  since,
  checkedAt: null,
  score: null,
  failed: [],
  seenReport: false,
});

const CURRENT_VERSIONS = Object.fromEntries(
  ALL_RECORDS.map((definition) => [definition.name, definition.version]),
);

const local = () => fakeBrowser.storage.local.get(null);
/** The score history's part that keeps SITE: a record of a family, written through its id. */
const PART = { id: historyPartOf(SITE) };
const PART_KEY = keyOf(SCORE_HISTORY_RECORD, PART.id);
const stored = async (key: string) => (await fakeBrowser.storage.local.get(key))[key];
/** The history's part, read back from its text; undefined when there is none. */
const storedPart = async () => {
  const text = await stored(PART_KEY);
  return text === undefined ? undefined : JSON.parse(text as string);
};

/** A promise and the function that settles it, for holding a storage call back. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Holds the next read of local storage back until the returned gate opens. */
function holdNextLocalRead() {
  const held = gate();
  const get = fakeBrowser.storage.local.get.bind(fakeBrowser.storage.local);
  vi.spyOn(fakeBrowser.storage.local, 'get').mockImplementationOnce((async (keys: string) => {
    await held.opened;
    return get(keys);
  }) as never);
  return held;
}

/** Lets every pending promise chain run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createStore', () => {
  let warn: ReturnType<typeof vi.fn<(message: string) => void>>;
  let store: Store;

  beforeEach(async () => {
    fakeBrowser.reset();
    warn = vi.fn<(message: string) => void>();
    store = createStore({ records: ALL_RECORDS, warn });
    await store.ready;
  });

  describe('updates of one record', () => {
    it('keeps both of two settings changes asked at the same instant', async () => {
      await Promise.all([
        changeSettings(store, () => ({ badgeMode: 'off' })),
        changeSettings(store, () => ({ lookupMode: 'automatic', lookupModeChosen: true })),
      ]);
      expect(await stored(SETTINGS_RECORD.key)).toEqual({
        ...DEFAULT_SETTINGS,
        badgeMode: 'off',
        lookupMode: 'automatic',
        lookupModeChosen: true,
      });
    });

    it('applies many updates of one list asked together, each on top of the one before', async () => {
      const sites = Array.from({ length: 10 }, (_, n) => `https://site-${n}.example.com`);
      await Promise.all(
        sites.map((site, n) =>
          store.update(WATCH_LIST_RECORD, (list) => ({ ...list, [site]: watched(n) })),
        ),
      );
      expect(Object.keys((await stored(WATCH_LIST_RECORD.key)) as object).sort()).toEqual(
        sites.sort(),
      );
    });

    it('applies updates asked while one is under way together: in order, one write, each its own value', async () => {
      const held = holdNextLocalRead();
      const first = store.update(WATCH_LIST_RECORD, (list) => ({ ...list, [SITE]: watched(1) }));
      await settle();
      const set = vi.spyOn(fakeBrowser.storage.local, 'set');
      const later = [2, 3, 4].map((n) =>
        store.update(WATCH_LIST_RECORD, (list) => ({ ...list, [SITE]: watched(n) })),
      );
      const failing = store.update(WATCH_LIST_RECORD, () => {
        throw new Error('no');
      });
      const last = store.update(WATCH_LIST_RECORD, (list) => ({ ...list, [OTHER]: watched(5) }));
      held.open();
      expect(await first).toEqual({ [SITE]: watched(1) });
      expect((await Promise.all(later)).map((list) => list[SITE])).toEqual([2, 3, 4].map(watched));
      // A change that throws costs its caller only.
      await expect(failing).rejects.toThrow('no');
      expect(await last).toEqual({ [SITE]: watched(4), [OTHER]: watched(5) });
      expect(set).toHaveBeenCalledTimes(2);
      expect(await stored(WATCH_LIST_RECORD.key)).toEqual({
        [SITE]: watched(4),
        [OTHER]: watched(5),
      });
    });

    it('writes nothing for an update that hands back the value it was given', async () => {
      const set = vi.spyOn(fakeBrowser.storage.local, 'set');
      await store.update(WATCH_LIST_RECORD, (list) => list);
      expect(set).not.toHaveBeenCalled();
    });
  });

  describe('clearLocalData', () => {
    it('keeps the settings and the storage versions, and removes everything else', async () => {
      await changeSettings(store, () => ({ badgeMode: 'off' }));
      await store.write(WATCH_LIST_RECORD, { [SITE]: watched(1) });
      await store.write(RETRY_GATE_RECORD, RETRY_GATE_RECORD.fallback(), { id: 'service' });
      await fakeBrowser.storage.local.set({ 'left-by-an-older-version': 1 });
      await store.writeKeys('session', { [keyOf(TAB_STATE_RECORD, '7')]: { any: 'thing' } });
      await fakeBrowser.storage.session.set({ 'unknown-session-key': true });

      expect(await store.clearLocalData()).toBe(5);
      expect(Object.keys(await local()).sort()).toEqual(
        [SETTINGS_RECORD.key, STORAGE_VERSIONS_RECORD.key].sort(),
      );
      expect(await fakeBrowser.storage.session.get(null)).toEqual({});
      expect((await readRecord(SETTINGS_RECORD)).badgeMode).toBe('off');
    });

    it('drops a write of work begun before the clear, and keeps one begun after', async () => {
      const before = store.epoch();
      await store.clearLocalData();
      expect(store.epoch()).not.toBe(before);
      expect(await store.write(WATCH_LIST_RECORD, { [SITE]: watched(1) }, { since: before })).toBe(
        false,
      );
      expect(
        await store.writeKeys('local', { [LOOKUP_LOG_RECORD.key]: { nextId: 9 } }, before),
      ).toBe(false);
      expect(await stored(WATCH_LIST_RECORD.key)).toBeUndefined();
      expect(await stored(LOOKUP_LOG_RECORD.key)).toBeUndefined();

      const after = store.epoch();
      expect(store.epoch()).toBe(after);
      expect(await store.write(WATCH_LIST_RECORD, { [SITE]: watched(2) }, { since: after })).toBe(
        true,
      );
      expect(await stored(WATCH_LIST_RECORD.key)).toEqual({ [SITE]: watched(2) });
    });

    it('does not let an update that read before the clear write back after it', async () => {
      await store.write(WATCH_LIST_RECORD, { [SITE]: watched(1) });
      let clearing: Promise<number> | null = null;
      // The clear arrives between the update's read and its write.
      const updated = store.update(WATCH_LIST_RECORD, (list) => {
        clearing = store.clearLocalData();
        return { ...list, [OTHER]: watched(2) };
      });
      await updated;
      await clearing;
      expect(await stored(WATCH_LIST_RECORD.key)).toBeUndefined();
    });

    it('does not let updates queued before the clear write after it', async () => {
      // The first update's read is slow: the second waits behind it, and the clear comes.
      const held = holdNextLocalRead();
      const seenAt = (site: string, seen: number) =>
        store.update(
          SCORE_HISTORY_RECORD,
          (history) => ({ ...history, [site]: { seen, scans: [] } }),
          PART,
        );
      const first = seenAt(OTHER, 1);
      const queued = seenAt(SITE, 2);
      const clearing = store.clearLocalData();
      held.open();
      await Promise.all([first, queued, clearing]);
      expect(await stored(PART_KEY)).toBeUndefined();
      // What is asked after the clear is kept.
      await seenAt(SITE, 3);
      expect(await storedPart()).toEqual({ [SITE]: { seen: 3, scans: [] } });
    });
  });

  describe('a record that does not parse', () => {
    it('is reset where it has nothing usable: its key removed, and told once', async () => {
      await fakeBrowser.storage.local.set({ [SETTINGS_RECORD.key]: 42 });
      expect(await store.read(SETTINGS_RECORD)).toEqual(DEFAULT_SETTINGS);
      expect(await store.read(SETTINGS_RECORD)).toEqual(DEFAULT_SETTINGS);
      await vi.waitFor(async () => expect(await stored(SETTINGS_RECORD.key)).toBeUndefined());
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]?.[0]).toContain(`"${SETTINGS_RECORD.key}"`);
    });

    it('keeps its usable part, written back, and is told once per key', async () => {
      await fakeBrowser.storage.local.set({
        [WATCH_LIST_RECORD.key]: { [SITE]: watched(1), [OTHER]: { since: 'x' } },
        [PART_KEY]: 'nonsense',
      });
      for (let read = 0; read < 3; read++) {
        expect(await store.read(WATCH_LIST_RECORD)).toEqual({ [SITE]: watched(1) });
        expect(await store.read(SCORE_HISTORY_RECORD, PART.id)).toEqual({});
      }
      await vi.waitFor(async () =>
        expect(await stored(WATCH_LIST_RECORD.key)).toEqual({ [SITE]: watched(1) }),
      );
      await vi.waitFor(async () => expect(await stored(PART_KEY)).toBeUndefined());
      expect(warn).toHaveBeenCalledTimes(2);
    });

    it('is repaired through an update too, which then writes on top of the repair', async () => {
      await fakeBrowser.storage.local.set({
        [WATCH_LIST_RECORD.key]: { [SITE]: watched(1), [OTHER]: null },
      });
      await store.update(WATCH_LIST_RECORD, (list) => ({ ...list, [OTHER]: watched(2) }));
      await settle();
      expect(await stored(WATCH_LIST_RECORD.key)).toEqual({
        [SITE]: watched(1),
        [OTHER]: watched(2),
      });
      expect(warn).toHaveBeenCalledTimes(1);
    });
  });
});

describe('createStore: migrations at start', () => {
  const versionOneGate = {
    failuresInARow: 3,
    serviceNotBefore: 5_000,
    targetNotBefore: { [SITE]: 6_000 },
  };
  const gateKey = keyOf(RETRY_GATE_RECORD, encodeURIComponent('https://is-agentic.com'));

  beforeEach(() => fakeBrowser.reset());

  it('brings a version-1 retry gate to version 2 and notes every record at its version', async () => {
    await fakeBrowser.storage.local.set({ [gateKey]: versionOneGate });
    const warn = vi.fn();
    const store = createStore({ records: ALL_RECORDS, warn });
    await store.ready;
    expect(await stored(gateKey)).toEqual({ ...versionOneGate, busyUntil: null, quota: null });
    expect(await stored(STORAGE_VERSIONS_RECORD.key)).toEqual(CURRENT_VERSIONS);
    expect(warn).not.toHaveBeenCalled();
  });

  it('brings version-1 settings (paused origins) to version 2 (paused domains)', async () => {
    await fakeBrowser.storage.local.set({
      [SETTINGS_RECORD.key]: {
        lookupMode: 'automatic',
        lookupModeChosen: true,
        pausedSites: ['https://jira.example.com:8443', 'http://jira.example.com'],
        badgeVisible: true,
        serviceBaseUrl: null,
      },
    });
    const warn = vi.fn();
    await createStore({ records: ALL_RECORDS, warn }).ready;
    expect(await stored(SETTINGS_RECORD.key)).toEqual({
      lookupMode: 'automatic',
      lookupModeChosen: true,
      pausedDomains: ['jira.example.com'],
      badgeMode: 'all',
      serviceBaseUrl: null,
      oldReportDays: '30',
    });
    expect(await stored(STORAGE_VERSIONS_RECORD.key)).toEqual(CURRENT_VERSIONS);
    expect(warn).not.toHaveBeenCalled();
  });

  it('brings a version-1 score history (scores only, one record) into its parts, checks unknown', async () => {
    // fixed date: stored data, only parsed, never compared with the clock
    const scan = { scannedAt: '2026-10-01T09:00:00Z', score: 70 };
    await fakeBrowser.storage.local.set({
      'score-history': { [SITE]: { seen: 3, scans: [scan] } },
    });
    const warn = vi.fn();
    await createStore({ records: ALL_RECORDS, warn }).ready;
    expect(await storedPart()).toEqual({
      [SITE]: { seen: 3, scans: [{ ...scan, checks: null }] },
    });
    expect(await stored('score-history')).toBeUndefined();
    expect(await stored(STORAGE_VERSIONS_RECORD.key)).toEqual(CURRENT_VERSIONS);
    expect(warn).not.toHaveBeenCalled();
  });

  it('resets, and tells of, a version-1 record that does not migrate', async () => {
    await fakeBrowser.storage.local.set({ [gateKey]: { failuresInARow: 'many' } });
    const warn = vi.fn();
    await createStore({ records: ALL_RECORDS, warn }).ready;
    expect(await stored(gateKey)).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('reads a record a newer version stored (the user went back a release), and keeps it', async () => {
    const newer = { ...versionOneGate, busyUntil: 7_000, quota: null, addedLater: [1, 2] };
    await fakeBrowser.storage.local.set({
      [gateKey]: newer,
      [STORAGE_VERSIONS_RECORD.key]: { ...CURRENT_VERSIONS, [RETRY_GATE_RECORD.name]: 3 },
    });
    const store = createStore({ records: ALL_RECORDS, warn: () => {} });
    await store.ready;
    const { addedLater: _dropped, ...readable } = newer;
    expect(await stored(gateKey)).toEqual(readable);
    expect(
      await store.read(RETRY_GATE_RECORD, encodeURIComponent('https://is-agentic.com')),
    ).toEqual(readable);
    expect(await stored(STORAGE_VERSIONS_RECORD.key)).toEqual(CURRENT_VERSIONS);
  });

  it('writes nothing at start when every record is noted at its version', async () => {
    await fakeBrowser.storage.local.set({ [STORAGE_VERSIONS_RECORD.key]: CURRENT_VERSIONS });
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await createStore({ records: ALL_RECORDS, warn: () => {} }).ready;
    expect(set).not.toHaveBeenCalled();
  });

  it('lets no write through before the migration is done', async () => {
    await fakeBrowser.storage.local.set({ [gateKey]: versionOneGate });
    // The migration's first read (of the versions) is held back.
    const held = holdNextLocalRead();
    const changed: string[][] = [];
    fakeBrowser.storage.local.onChanged.addListener((changes) => {
      changed.push(Object.keys(changes).sort());
    });
    const store = createStore({ records: ALL_RECORDS, warn: () => {} });
    const writes = Promise.all([
      store.write(SETTINGS_RECORD, { ...DEFAULT_SETTINGS, badgeMode: 'off' }),
      store.update(WATCH_LIST_RECORD, (list) => ({ ...list, [SITE]: watched(1) })),
      store.writeKeys('local', { 'report-cache-totals:v2': { entries: 0, bytes: 0 } }),
    ]);
    await settle();
    expect(changed).toEqual([]);
    held.open();
    await writes;
    // The migration's write came first, then the three writes.
    expect(changed[0]).toEqual([gateKey, STORAGE_VERSIONS_RECORD.key].sort());
    expect(changed.slice(1).flat().sort()).toEqual(
      [SETTINGS_RECORD.key, WATCH_LIST_RECORD.key, 'report-cache-totals:v2'].sort(),
    );
  });
});
