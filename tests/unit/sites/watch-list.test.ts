import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  MAX_WATCHED_SITES,
  readWatchList,
  unwatchSite,
  WATCH_LIST_RECORD,
  watchSite,
} from '../../../lib/sites/watch-list';
import { parseStored } from '../../../lib/storage/record';
import { createStore, type Store } from '../../../lib/storage/store';
import { ALL_RECORDS } from '../../../lib/worker/stored-records';

const site = (n: number) => `https://site-${n}.example.com`;

describe('the watch list', () => {
  let store: Store;

  beforeEach(() => {
    fakeBrowser.reset();
    store = createStore({ records: ALL_RECORDS, warn: () => {} });
  });

  it('adds and removes sites', async () => {
    expect(await watchSite(store, site(1), 5)).toBe(true);
    expect(await watchSite(store, site(2), 6)).toBe(true);
    await unwatchSite(store, site(1));
    const list = await readWatchList();
    expect(Object.keys(list)).toEqual([site(2)]);
    expect(list[site(2)]).toMatchObject({ since: 6, checkedAt: null, seenReport: false });
  });

  it('keeps every site asked for at the same instant', async () => {
    const added = await Promise.all([1, 2, 3].map((n) => watchSite(store, site(n), n)));
    expect(added).toEqual([true, true, true]);
    expect(Object.keys(await readWatchList()).sort()).toEqual([1, 2, 3].map(site).sort());
  });

  it('takes origins only', async () => {
    for (const notOrigin of [
      'https://a.example.com/path',
      'javascript:alert(1)',
      'a.example.com',
    ]) {
      expect(await watchSite(store, notOrigin, 1)).toBe(false);
    }
    expect(await readWatchList()).toEqual({});
  });

  it(`keeps at most ${MAX_WATCHED_SITES} sites`, async () => {
    for (let i = 0; i < MAX_WATCHED_SITES; i++) await watchSite(store, site(i), i);
    expect(await watchSite(store, site(999), 1)).toBe(false);
    // A site already watched is "added" again, and keeps when it was first watched.
    expect(await watchSite(store, site(0), 1)).toBe(true);
    const list = await readWatchList();
    expect(Object.keys(list)).toHaveLength(MAX_WATCHED_SITES);
    expect(list[site(0)]?.since).toBe(0);
  });

  it('is cleared with the local data', async () => {
    await watchSite(store, site(1), 1);
    await store.clearLocalData();
    expect(await readWatchList()).toEqual({});
  });

  it('leaves out what is malformed', async () => {
    await fakeBrowser.storage.local.set({
      [WATCH_LIST_RECORD.key]: { [site(1)]: { since: 'x' }, [site(2)]: null },
    });
    expect(await readWatchList()).toEqual({});
    expect(parseStored(WATCH_LIST_RECORD, [1, 2]).value).toEqual({});
  });
});
