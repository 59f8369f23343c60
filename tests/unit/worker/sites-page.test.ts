import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openSitesPage, sitesPageUrl } from '../../../lib/worker/extension-pages';
import { withoutApis } from '../support/without-apis';

/** A sites page already open in tab 7 of window 3 (the fake's query matches no patterns). */
function openSitesTab() {
  const tab = { id: 7, windowId: 3, url: sitesPageUrl() };
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([tab] as never);
  const update = vi.spyOn(fakeBrowser.tabs, 'update').mockResolvedValue(undefined as never);
  const focus = vi.spyOn(fakeBrowser.windows, 'update').mockResolvedValue(undefined as never);
  return { update, focus };
}

describe('opening the sites page', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('opens a tab when none shows the page', async () => {
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([] as never);
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await openSitesPage('https://example.com');
    expect(create).toHaveBeenCalledWith({ url: sitesPageUrl('https://example.com') });
  });

  it('brings an open sites page and its window forward', async () => {
    const { update, focus } = openSitesTab();
    await openSitesPage();
    expect(update).toHaveBeenCalledWith(7, { active: true });
    expect(focus).toHaveBeenCalledWith(3, { focused: true });
  });

  it('brings an open sites page forward where the browser has no windows (Firefox for Android)', async () => {
    const { update, focus } = openSitesTab();
    await withoutApis(['windows'], () => openSitesPage('https://example.com'));
    expect(update).toHaveBeenCalledWith(7, {
      active: true,
      url: sitesPageUrl('https://example.com'),
    });
    expect(focus).not.toHaveBeenCalled();
  });
});
