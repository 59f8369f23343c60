import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { clearLocalData } from '../../../lib/history/local-data';
import {
  isWebOrigin,
  MAX_WATCHED_SITES,
  parseWatchList,
  readWatchList,
  unwatchSite,
  WATCH_LIST_KEY,
  watchSite,
} from '../../../lib/sites/watch-list';

const site = (n: number) => `https://site-${n}.example.com`;

describe('the watch list', () => {
  beforeEach(() => fakeBrowser.reset());

  it('adds and removes sites', async () => {
    expect(await watchSite(site(1), 5)).toBe(true);
    expect(await watchSite(site(2), 6)).toBe(true);
    await unwatchSite(site(1));
    const list = await readWatchList();
    expect(Object.keys(list)).toEqual([site(2)]);
    expect(list[site(2)]).toMatchObject({ since: 6, checkedAt: null, seenReport: false });
  });

  it('takes origins only', async () => {
    for (const notOrigin of [
      'https://a.example.com/path',
      'javascript:alert(1)',
      'a.example.com',
    ]) {
      expect(isWebOrigin(notOrigin)).toBe(false);
      expect(await watchSite(notOrigin, 1)).toBe(false);
    }
    expect(await readWatchList()).toEqual({});
  });

  it(`keeps at most ${MAX_WATCHED_SITES} sites`, async () => {
    for (let i = 0; i < MAX_WATCHED_SITES; i++) await watchSite(site(i), i);
    expect(await watchSite(site(999), 1)).toBe(false);
    expect(await watchSite(site(0), 1)).toBe(true);
    expect(Object.keys(await readWatchList())).toHaveLength(MAX_WATCHED_SITES);
  });

  it('is cleared with the local data', async () => {
    await watchSite(site(1), 1);
    await clearLocalData();
    expect(await readWatchList()).toEqual({});
  });

  it('leaves out what is malformed', async () => {
    await fakeBrowser.storage.local.set({
      [WATCH_LIST_KEY]: { [site(1)]: { since: 'x' }, [site(2)]: null },
    });
    expect(await readWatchList()).toEqual({});
    expect(parseWatchList([1, 2])).toEqual({});
  });
});
