import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { keyOf } from '../../../lib/storage/record';
import { createStore } from '../../../lib/storage/store';
import { createTabStates, TAB_STATE_RECORD, type TabState } from '../../../lib/tabs/tab-state';
import { ALL_RECORDS } from '../../../lib/worker/stored-records';

const SERVICE = 'https://is-agentic.com';
const state = (origin: string): TabState => ({
  origin,
  view: { status: 'loading', origin },
  updatedAt: 1,
  service: SERVICE,
});
const A = state('https://a.example.com');
const B = state('https://b.example.com');
const KEY = keyOf(TAB_STATE_RECORD, '7');

function setUp() {
  const store = createStore({ records: ALL_RECORDS, warn: () => {} });
  const get = vi.spyOn(fakeBrowser.storage.session, 'get');
  return { store, tabStates: createTabStates(store), get };
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe("the worker's tab states", () => {
  it('reads a state it wrote without a storage call, and stores it too', async () => {
    const { tabStates, get } = setUp();
    await tabStates.set(7, A);
    get.mockClear();
    expect(await tabStates.read(7, SERVICE)).toEqual(A);
    expect(get).not.toHaveBeenCalled();
    expect((await fakeBrowser.storage.session.get(KEY))[KEY]).toEqual(A);
  });

  it("reads storage for a tab it has not written: another worker's state", async () => {
    const { tabStates } = setUp();
    await fakeBrowser.storage.session.set({ [KEY]: B });
    expect(await tabStates.read(7, SERVICE)).toEqual(B);
    // And a state of another service is nobody's.
    expect(await tabStates.read(7, 'https://other.example')).toBeNull();
  });

  it('forgets a removed tab, and every state after a clear', async () => {
    const { store, tabStates, get } = setUp();
    await tabStates.set(7, A);
    await tabStates.remove(7);
    get.mockClear();
    expect(await tabStates.read(7, SERVICE)).toBeNull();
    expect(get).not.toHaveBeenCalled();
    await tabStates.set(7, A);
    await store.clearLocalData();
    get.mockClear();
    expect(await tabStates.read(7, SERVICE)).toBeNull();
    expect(get).toHaveBeenCalled();
  });

  it('does not remember a write a clear dropped', async () => {
    const { store, tabStates } = setUp();
    await store.ready;
    const writing = tabStates.set(7, A);
    store.clearLocalData();
    expect(await writing).toBe(false);
    expect(await tabStates.read(7, SERVICE)).toBeNull();
  });
});
