import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openSiteReportWindow } from '../../../lib/worker/extension-pages';
import { withoutApis } from '../support/without-apis';

describe('the site report window', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('opens the page in a popup-sized window of its own', async () => {
    const create = vi.spyOn(fakeBrowser.windows, 'create');
    await openSiteReportWindow('/site-report.html?site=https%3A%2F%2Fexample.com');
    expect(create).toHaveBeenCalledWith({
      url: 'chrome-extension://test-extension-id/site-report.html?site=https%3A%2F%2Fexample.com',
      type: 'popup',
      width: 420,
      height: 640,
    });
  });
});

describe('the site report without windows (Firefox for Android)', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('opens the page in a tab of its own', async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await withoutApis(['windows'], () =>
      openSiteReportWindow('/site-report.html?site=https%3A%2F%2Fexample.com'),
    );
    expect(create).toHaveBeenCalledWith({
      url: 'chrome-extension://test-extension-id/site-report.html?site=https%3A%2F%2Fexample.com',
    });
  });
});
