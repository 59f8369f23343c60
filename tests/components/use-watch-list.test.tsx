import { cleanup, renderHook, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useWatchList } from '../../components/shared/use-watch-site';
import { readWatchList, watchSite } from '../../lib/sites/watch-list';
import { createStore, type Store } from '../../lib/storage/store';
import { ALL_RECORDS } from '../../lib/worker/stored-records';
import { serveWorker } from '../unit/worker/extension-page';

// fixed date: the clock this test passes to the code under test
const NOW = Date.parse('2026-11-22T09:30:00Z');
const FIRST = 'http://first.example.com';
const SECOND = 'http://second.example.com';

describe('useWatchList: the notifications permission', () => {
  let request: ReturnType<typeof vi.fn>;
  let store: Store;

  beforeEach(() => {
    fakeBrowser.reset();
    request = vi.fn(async () => true);
    fakeBrowser.permissions.request = request as never;
    // The page sends "watch" to the worker, which stores it.
    store = createStore({ records: ALL_RECORDS, warn: () => {} });
    serveWorker(store, () => NOW);
  });
  afterEach(cleanup);

  it('is asked with the first watched site, even before the list has been read', async () => {
    const { result } = renderHook(() => useWatchList());
    // The click can come before the stored list is in: it still asks, within the click.
    expect(result.current.watched).toBeNull();
    result.current.toggle(FIRST);
    expect(request).toHaveBeenCalledWith({ permissions: ['notifications'] });
    await waitFor(async () => expect(Object.keys(await readWatchList())).toEqual([FIRST]));
    await waitFor(() => expect(result.current.watched).toEqual(new Set([FIRST])));
  });

  it('is not asked again with a later site', async () => {
    await watchSite(store, FIRST, NOW);
    const { result } = renderHook(() => useWatchList());
    await waitFor(() => expect(result.current.watched?.size).toBe(1));
    result.current.toggle(SECOND);
    expect(request).not.toHaveBeenCalled();
    await waitFor(async () =>
      expect(Object.keys(await readWatchList()).sort()).toEqual([FIRST, SECOND]),
    );
  });

  it('unwatches a watched site through the worker, asking nothing', async () => {
    await watchSite(store, FIRST, NOW);
    const { result } = renderHook(() => useWatchList());
    await waitFor(() => expect(result.current.watched?.size).toBe(1));
    result.current.toggle(FIRST);
    await waitFor(async () => expect(await readWatchList()).toEqual({}));
    await waitFor(() => expect(result.current.watched?.size).toBe(0));
    expect(request).not.toHaveBeenCalled();
  });
});
