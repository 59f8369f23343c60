import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { sidePanelWindowId, watchActiveTab } from '../../../lib/tabs/browser-tabs';

type ReplacedListener = (addedTabId: number, removedTabId: number) => void;

/** The fake browser has no tabs.onReplaced: a stand-in the tests can fire. */
function fakeOnReplaced() {
  const listeners = new Set<ReplacedListener>();
  return {
    addListener: (listener: ReplacedListener) => listeners.add(listener),
    removeListener: (listener: ReplacedListener) => listeners.delete(listener),
    trigger: async (addedTabId: number, removedTabId: number) => {
      for (const listener of listeners) listener(addedTabId, removedTabId);
    },
  };
}

const notMockedOnReplaced = fakeBrowser.tabs.onReplaced;
let onReplaced = fakeOnReplaced();

async function windowWithTabs(urls: string[]) {
  const windowId = (await fakeBrowser.windows.create({ focused: true }))?.id as number;
  const tabs = [];
  for (const url of urls) {
    tabs.push(await fakeBrowser.tabs.create({ windowId, url, active: false }));
  }
  return { windowId, tabIds: tabs.map((tab) => tab.id as number) };
}

describe('watchActiveTab', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    onReplaced = fakeOnReplaced();
    Object.assign(fakeBrowser.tabs, { onReplaced });
  });

  afterEach(() => {
    Object.assign(fakeBrowser.tabs, { onReplaced: notMockedOnReplaced });
  });

  it("starts with the window's active tab, then follows every switch in that window", async () => {
    const { windowId, tabIds } = await windowWithTabs(['https://a.example/', 'https://b.example/']);
    const [first, second] = tabIds as [number, number];
    await fakeBrowser.tabs.update(first, { active: true });
    const seen: (number | null)[] = [];
    watchActiveTab(windowId, (tabId) => seen.push(tabId));
    await vi.waitFor(() => expect(seen).toEqual([first]));

    await fakeBrowser.tabs.update(second, { active: true });
    await fakeBrowser.tabs.update(first, { active: true });
    expect(seen).toEqual([first, second, first]);
  });

  it('ignores switches in other windows', async () => {
    const mine = await windowWithTabs(['https://a.example/', 'https://b.example/']);
    const [first, second] = mine.tabIds as [number, number];
    await fakeBrowser.tabs.update(first, { active: true });
    const other = await windowWithTabs(['https://c.example/']);
    const seen: (number | null)[] = [];
    watchActiveTab(mine.windowId, (tabId) => seen.push(tabId));
    await vi.waitFor(() => expect(seen).toEqual([first]));

    await fakeBrowser.tabs.update(other.tabIds[0] as number, { active: true });
    expect(seen).toEqual([first]);
    await fakeBrowser.tabs.update(second, { active: true });
    expect(seen).toEqual([first, second]);
  });

  it('keeps the answer of a switch that came while the first query ran', async () => {
    const { windowId, tabIds } = await windowWithTabs(['https://a.example/', 'https://b.example/']);
    const [first, second] = tabIds as [number, number];
    await fakeBrowser.tabs.update(first, { active: true });
    const seen: (number | null)[] = [];
    watchActiveTab(windowId, (tabId) => seen.push(tabId));
    await fakeBrowser.tabs.onActivated.trigger({ tabId: second, windowId });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([second]);
  });

  it('follows the active tab when the browser swaps in a new one for it', async () => {
    const { windowId, tabIds } = await windowWithTabs(['https://a.example/']);
    const [first] = tabIds as [number];
    await fakeBrowser.tabs.update(first, { active: true });
    const seen: (number | null)[] = [];
    watchActiveTab(windowId, (tabId) => seen.push(tabId));
    await vi.waitFor(() => expect(seen).toEqual([first]));
    await onReplaced.trigger(first + 100, first);
    await onReplaced.trigger(first + 200, first + 999);
    expect(seen).toEqual([first, first + 100]);
  });

  it('stops following when told to', async () => {
    const { windowId, tabIds } = await windowWithTabs(['https://a.example/', 'https://b.example/']);
    const [first, second] = tabIds as [number, number];
    await fakeBrowser.tabs.update(first, { active: true });
    const seen: (number | null)[] = [];
    const stop = watchActiveTab(windowId, (tabId) => seen.push(tabId));
    await vi.waitFor(() => expect(seen).toEqual([first]));
    stop();
    await fakeBrowser.tabs.update(second, { active: true });
    expect(seen).toEqual([first]);
  });
});

describe('sidePanelWindowId', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('is the window named in the address', async () => {
    await expect(sidePanelWindowId('?windowId=42')).resolves.toBe(42);
  });

  it('is otherwise the window the panel is in', async () => {
    const window = await fakeBrowser.windows.create({ focused: true });
    await expect(sidePanelWindowId('?windowId=abc')).resolves.toBe(window?.id);
  });
});
