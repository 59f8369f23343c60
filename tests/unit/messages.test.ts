import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { LookupService } from '../../lib/lookup-service';
import { registerMessageHandler, requestTabView } from '../../lib/messages';
import type { TabView } from '../../lib/tab-view';

const reportView: TabView = { status: 'loading', target: 'https://example.com' };

function fakeService(): LookupService & { showTab: ReturnType<typeof vi.fn> } {
  return {
    showTab: vi.fn(async () => reportView),
    forgetTab: vi.fn(async () => undefined),
  };
}

describe('the popup ↔ background request', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('brings the named tab up to date with the URL it shows now, and answers with its view', async () => {
    const service = fakeService();
    registerMessageHandler(service, async () => 'https://example.com/page', vi.fn());
    await expect(requestTabView(7, true)).resolves.toEqual(reportView);
    expect(service.showTab).toHaveBeenCalledWith(7, 'https://example.com/page', { force: true });
  });

  it('answers null for a tab that no longer exists, without a lookup', async () => {
    const service = fakeService();
    registerMessageHandler(service, async () => null, vi.fn());
    await expect(requestTabView(7, false)).resolves.toBeNull();
    expect(service.showTab).not.toHaveBeenCalled();
  });

  it('answers null and reports the error when the lookup itself fails', async () => {
    const service = fakeService();
    service.showTab.mockRejectedValue(new Error('storage is full'));
    const onError = vi.fn();
    registerMessageHandler(service, async () => 'https://example.com/', onError);
    await expect(requestTabView(7, false)).resolves.toBeNull();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'storage is full' }));
  });

  it.each([
    ['another type', { type: 'scan-site', tabId: 7, force: false }],
    ['a fractional tab id', { type: 'show-tab', tabId: 7.5, force: false }],
    ['no force flag', { type: 'show-tab', tabId: 7 }],
    ['not an object', 'show-tab'],
  ])('ignores a message with %s', async (_name, message) => {
    const service = fakeService();
    registerMessageHandler(service, async () => 'https://example.com/', vi.fn());
    await fakeBrowser.runtime.sendMessage(message).catch(() => undefined);
    expect(service.showTab).not.toHaveBeenCalled();
  });
});
