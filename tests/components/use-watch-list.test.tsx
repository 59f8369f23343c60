import { cleanup, renderHook, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readWatchList, watchSite } from '../../lib/sites/watch-list';
import { useWatchList } from '../../lib/ui/use-watch-site';

const NOW = Date.parse('2026-11-22T09:30:00Z');
const FIRST = 'http://first.example.com';
const SECOND = 'http://second.example.com';

describe('useWatchList: the notifications permission', () => {
  let request: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    fakeBrowser.reset();
    request = vi.fn(async () => true);
    fakeBrowser.permissions.request = request as never;
  });
  afterEach(cleanup);

  it('is asked with the first watched site, even before the list has been read', () => {
    const { result } = renderHook(() => useWatchList());
    // The click can come before the stored list is in: it still asks, within the click.
    expect(result.current.watched).toBeNull();
    result.current.toggle(FIRST);
    expect(request).toHaveBeenCalledWith({ permissions: ['notifications'] });
  });

  it('is not asked again with a later site', async () => {
    await watchSite(FIRST, NOW);
    const { result } = renderHook(() => useWatchList());
    await waitFor(() => expect(result.current.watched?.size).toBe(1));
    result.current.toggle(SECOND);
    expect(request).not.toHaveBeenCalled();
    await waitFor(async () => expect(Object.keys(await readWatchList())).toHaveLength(2));
  });
});
