import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { registerMessageHandler, requestTabView } from '../../../lib/events/messages';
import type { LookupService } from '../../../lib/lookup/ports';
import type { TabView } from '../../../lib/tabs/tab-view';

const reportView: TabView = { status: 'loading', target: 'https://example.com' };

function fakeService() {
  return {
    showTab: vi.fn<LookupService['showTab']>(async () => reportView),
  } satisfies Pick<LookupService, 'showTab'>;
}

describe('the popup ↔ background request', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('brings the named tab up to date and answers with its view', async () => {
    const service = fakeService();
    registerMessageHandler(service, vi.fn());
    await expect(requestTabView(7, true)).resolves.toEqual(reportView);
    expect(service.showTab).toHaveBeenCalledWith(7, { force: true });
  });

  it('asks again when the background went away mid-request (Firefox unloading its event page)', async () => {
    const service = fakeService();
    registerMessageHandler(service, vi.fn());
    const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
    send.mockRejectedValueOnce(
      new Error('Could not establish connection. Receiving end does not exist.'),
    );
    await expect(requestTabView(7, false)).resolves.toEqual(reportView);
    expect(send).toHaveBeenCalledTimes(2);
    send.mockRestore();
  });

  it('settles for null, never a rejection, when the background never answers', async () => {
    const send = vi
      .spyOn(fakeBrowser.runtime, 'sendMessage')
      .mockRejectedValue(new Error('Receiving end does not exist.'));
    await expect(requestTabView(7, false)).resolves.toBeNull();
    expect(send).toHaveBeenCalledTimes(3);
    send.mockRestore();
  });

  it('answers null for a tab that no longer exists', async () => {
    const service = fakeService();
    service.showTab.mockResolvedValue(null);
    registerMessageHandler(service, vi.fn());
    await expect(requestTabView(7, false)).resolves.toBeNull();
  });

  it('answers null and reports the error when the lookup itself fails', async () => {
    const service = fakeService();
    service.showTab.mockRejectedValue(new Error('storage is full'));
    const onError = vi.fn();
    registerMessageHandler(service, onError);
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
    registerMessageHandler(service, vi.fn());
    await fakeBrowser.runtime.sendMessage(message).catch(() => undefined);
    expect(service.showTab).not.toHaveBeenCalled();
  });
});
