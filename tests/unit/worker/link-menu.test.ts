import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  createLinkMenuItem,
  LINK_MENU_ITEM_ID,
  LINK_MENU_TITLE,
  type LinkMenuClick,
  type LinkMenuTab,
  registerLinkMenu,
} from '../../../lib/worker/menus';

type ClickListener = (info: LinkMenuClick, tab?: LinkMenuTab) => void;

const notMockedContextMenus = fakeBrowser.contextMenus;

/** The fake browser has no context menus: a small stand-in that records what is done. */
function fakeContextMenus() {
  const items = new Map<string | number, unknown>();
  const clickListeners: ClickListener[] = [];
  const menus = {
    removeAll: vi.fn(async () => items.clear()),
    create: vi.fn((properties: { id: string }, done?: () => void) => {
      items.set(properties.id, properties);
      done?.();
      return properties.id;
    }),
    onClicked: { addListener: (listener: ClickListener) => clickListeners.push(listener) },
  };
  Object.assign(fakeBrowser, { contextMenus: menus });
  const click = (info: LinkMenuClick, tab?: LinkMenuTab) => {
    for (const listener of clickListeners) listener(info, tab);
  };
  return { items, menus, click };
}

describe('the link context menu', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  afterEach(() => {
    Object.assign(fakeBrowser, { contextMenus: notMockedContextMenus });
  });

  it('is one item on web links, named as the user sees it', async () => {
    const { items } = fakeContextMenus();
    await createLinkMenuItem();
    expect([...items.values()]).toEqual([
      {
        id: LINK_MENU_ITEM_ID,
        title: 'Agent readiness of this site',
        contexts: ['link'],
        targetUrlPatterns: ['http://*/*', 'https://*/*'],
      },
    ]);
    expect(LINK_MENU_TITLE).toBe('Agent readiness of this site');
  });

  it('is created again without a duplicate when the browser starts', async () => {
    const { items, menus } = fakeContextMenus();
    registerLinkMenu(
      vi.fn(async () => undefined),
      vi.fn(),
    );
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    await fakeBrowser.runtime.onStartup.trigger();
    await vi.waitFor(() => expect(menus.create).toHaveBeenCalledTimes(2));
    expect(items.size).toBe(1);
  });

  it('opens the site report for the origin of the clicked link only', () => {
    const { click } = fakeContextMenus();
    const showSiteReport = vi.fn(async () => undefined);
    registerLinkMenu(showSiteReport, vi.fn());
    click({ menuItemId: LINK_MENU_ITEM_ID, linkUrl: 'https://example.com/a/b?secret=1#x' });
    expect(showSiteReport.mock.calls).toEqual([
      ['/site-report.html?site=https%3A%2F%2Fexample.com'],
    ]);
  });

  it('opens the page with the reason, and no site, for a private link', () => {
    const { click } = fakeContextMenus();
    const showSiteReport = vi.fn(async () => undefined);
    registerLinkMenu(showSiteReport, vi.fn());
    click({ menuItemId: LINK_MENU_ITEM_ID, linkUrl: 'http://192.168.1.20/admin' });
    expect(showSiteReport.mock.calls).toEqual([['/site-report.html?refused=private-address']]);
  });

  it('sends nothing for a link in a private window, and names no site to the page', () => {
    const { click } = fakeContextMenus();
    const showSiteReport = vi.fn(async () => undefined);
    registerLinkMenu(showSiteReport, vi.fn());
    click(
      { menuItemId: LINK_MENU_ITEM_ID, linkUrl: 'https://example.com/a?secret=1' },
      { incognito: true },
    );
    click({ menuItemId: LINK_MENU_ITEM_ID, linkUrl: 'https://example.com/' }, { incognito: false });
    expect(showSiteReport.mock.calls).toEqual([
      ['/site-report.html?refused=incognito'],
      ['/site-report.html?site=https%3A%2F%2Fexample.com'],
    ]);
  });

  it('is left out where the browser has no context menus (Firefox for Android)', () => {
    Object.assign(fakeBrowser, { contextMenus: undefined });
    expect(() => registerLinkMenu(vi.fn(), vi.fn())).not.toThrow();
  });

  it("leaves other items' clicks alone and reports a failure to open", async () => {
    const { click } = fakeContextMenus();
    const onError = vi.fn();
    const showSiteReport = vi.fn(async () => {
      throw new Error('no window');
    });
    registerLinkMenu(showSiteReport, onError);
    click({ menuItemId: 'another-item', linkUrl: 'https://example.com/' });
    expect(showSiteReport).not.toHaveBeenCalled();
    click({ menuItemId: LINK_MENU_ITEM_ID, linkUrl: 'https://example.com/' });
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(new Error('no window')));
  });
});
