import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { registerSiteMessageHandler, requestSiteView } from '../../../lib/events/site-messages';
import type { LookupService } from '../../../lib/lookup/ports';
import type { TabView } from '../../../lib/tabs/tab-view';

const loading: TabView = { status: 'loading', target: 'https://example.com' };

function fakeSites(): Pick<LookupService, 'showSite'> & { showSite: ReturnType<typeof vi.fn> } {
  return { showSite: vi.fn(async () => loading) };
}

describe('the site report page ↔ background request', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('looks the site up and answers with its view', async () => {
    const sites = fakeSites();
    registerSiteMessageHandler(sites, vi.fn());
    await expect(requestSiteView('https://example.com', true)).resolves.toEqual(loading);
    expect(sites.showSite).toHaveBeenCalledWith('https://example.com', { force: true });
  });

  it('answers null and reports the error when the lookup fails', async () => {
    const sites = fakeSites();
    sites.showSite.mockRejectedValue(new Error('storage is full'));
    const onError = vi.fn();
    registerSiteMessageHandler(sites, onError);
    await expect(requestSiteView('https://example.com', false)).resolves.toBeNull();
    expect(onError).toHaveBeenCalledWith(new Error('storage is full'));
  });

  it.each([
    ["the popup's request", { type: 'show-tab', tabId: 7, force: false }],
    ['no site', { type: 'show-site', force: false }],
    ['no force flag', { type: 'show-site', site: 'https://example.com' }],
    ['not an object', 'show-site'],
  ])('leaves alone a message with %s', async (_name, message) => {
    const sites = fakeSites();
    registerSiteMessageHandler(sites, vi.fn());
    await fakeBrowser.runtime.sendMessage(message).catch(() => undefined);
    expect(sites.showSite).not.toHaveBeenCalled();
  });
});
