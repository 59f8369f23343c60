import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  createSitesMenuItem,
  registerLinkMenu,
  registerSitesMenu,
  SITES_MENU_ITEM_ID,
} from '../../../lib/worker/menus';

type ClickListener = (info: { menuItemId: string | number }) => void;
const notMockedContextMenus = fakeBrowser.contextMenus;

/** The fake browser has no context menus: a stand-in that records what is done. */
function fakeContextMenus() {
  const items = new Map<string | number, { contexts: string[] }>();
  const clickListeners: ClickListener[] = [];
  Object.assign(fakeBrowser, {
    contextMenus: {
      removeAll: vi.fn(async () => items.clear()),
      create: vi.fn((properties: { id: string; contexts: string[] }, done?: () => void) => {
        items.set(properties.id, properties);
        done?.();
        return properties.id;
      }),
      onClicked: { addListener: (listener: ClickListener) => clickListeners.push(listener) },
    },
  });
  const click = (menuItemId: string) => {
    for (const listener of clickListeners) listener({ menuItemId });
  };
  return { items, click };
}

describe("the toolbar button's sites item", () => {
  beforeEach(() => fakeBrowser.reset());
  afterEach(() => {
    Object.assign(fakeBrowser, { contextMenus: notMockedContextMenus });
  });

  it('is created after the link item, on the toolbar button of this manifest version', async () => {
    const { items } = fakeContextMenus();
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({
      manifest_version: 3,
    } as ReturnType<typeof fakeBrowser.runtime.getManifest>);
    registerLinkMenu(async () => undefined, vi.fn(), createSitesMenuItem);
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' } as never);
    await vi.waitFor(() => expect(items.has(SITES_MENU_ITEM_ID)).toBe(true));
    expect(items.size).toBe(2);
    expect(items.get(SITES_MENU_ITEM_ID)?.contexts).toEqual(['action']);
  });

  it('opens the sites page when chosen, and ignores other items', () => {
    const { click } = fakeContextMenus();
    const open = vi.fn(async () => undefined);
    registerSitesMenu(open, vi.fn());
    click('something-else');
    expect(open).not.toHaveBeenCalled();
    click(SITES_MENU_ITEM_ID);
    expect(open).toHaveBeenCalledTimes(1);
  });
});
