import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openOptionsPage } from '../../../lib/page/page-actions';
import { withoutApis } from '../support/without-apis';

describe('opening the options page', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('asks the browser to open it, as the manifest says (in a tab)', async () => {
    const open = vi.fn(async () => {});
    fakeBrowser.runtime.openOptionsPage = open;
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await openOptionsPage();
    expect(open).toHaveBeenCalledOnce();
    expect(create).not.toHaveBeenCalled();
  });

  it('opens a tab at its address when the browser refuses', async () => {
    fakeBrowser.runtime.openOptionsPage = vi.fn(async () => {
      throw new Error('Unable to open options page');
    });
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await openOptionsPage();
    expect(create).toHaveBeenCalledWith({
      url: 'chrome-extension://test-extension-id/options.html',
    });
  });

  it('opens a tab at its address where the browser lacks the call', async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await withoutApis(['runtime.openOptionsPage'], () => openOptionsPage());
    expect(create).toHaveBeenCalledWith({
      url: 'chrome-extension://test-extension-id/options.html',
    });
  });
});
