import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  PROTOCOL,
  requestView,
  sendToWorker,
  WorkerRequestError,
} from '../../../lib/messaging/protocol';
import {
  isOwnPage,
  registerWorkerMessages,
  type WorkerHandlers,
} from '../../../lib/messaging/worker-messages';
import type { TabView } from '../../../lib/tabs/tab-view';
import { deliverMessagesFrom, extensionPage, NO_RECEIVER } from '../worker/extension-page';

const reportView: TabView = { status: 'loading', origin: 'https://example.com' };

/** Every handler a spy; `showTab` answers with a view. */
function fakeHandlers() {
  const fail = async () => {
    throw new Error('not expected in this test');
  };
  return {
    showTab: vi.fn<WorkerHandlers['showTab']>(async () => reportView),
    showSite: vi.fn<WorkerHandlers['showSite']>(async () => null),
    setLookupMode: vi.fn<WorkerHandlers['setLookupMode']>(fail),
    setBadgeMode: vi.fn<WorkerHandlers['setBadgeMode']>(fail),
    setOldReportDays: vi.fn<WorkerHandlers['setOldReportDays']>(fail),
    pauseSite: vi.fn<WorkerHandlers['pauseSite']>(fail),
    resumeSite: vi.fn<WorkerHandlers['resumeSite']>(fail),
    resumeDomain: vi.fn<WorkerHandlers['resumeDomain']>(fail),
    setServiceBaseUrl: vi.fn<WorkerHandlers['setServiceBaseUrl']>(fail),
    watchSite: vi.fn<WorkerHandlers['watchSite']>(async () => true),
    unwatchSite: vi.fn<WorkerHandlers['unwatchSite']>(async () => null),
    clearLookupLog: vi.fn<WorkerHandlers['clearLookupLog']>(async () => null),
    clearLocalData: vi.fn<WorkerHandlers['clearLocalData']>(async () => 0),
    importBackup: vi.fn<WorkerHandlers['importBackup']>(fail),
    finishCheckRun: vi.fn<WorkerHandlers['finishCheckRun']>(async () => true),
    removeCheckAccess: vi.fn<WorkerHandlers['removeCheckAccess']>(async () => null),
  } satisfies WorkerHandlers;
}

type FakeHandlers = ReturnType<typeof fakeHandlers>;

const calledHandlers = (handlers: FakeHandlers) =>
  Object.entries(handlers)
    .filter(([, handler]) => handler.mock.calls.length > 0)
    .map(([name]) => name);

/** A message as a page sends it, raw: what the worker gets is not always what a page meant. */
const message = (name: string, data: unknown) => ({ protocol: PROTOCOL, name, data });

describe('sendToWorker and the worker messages', () => {
  let handlers: FakeHandlers;
  let onError: ReturnType<typeof vi.fn<(error: unknown) => void>>;

  beforeEach(() => {
    fakeBrowser.reset();
    handlers = fakeHandlers();
    onError = vi.fn<(error: unknown) => void>();
  });

  const startWorker = () => registerWorkerMessages(handlers, onError);

  it('answers a page request with what its handler returns', async () => {
    startWorker();
    deliverMessagesFrom(extensionPage('/popup.html'));
    await expect(
      sendToWorker('showTab', { tabId: 7, force: true, trigger: 'user' }),
    ).resolves.toEqual(reportView);
    expect(handlers.showTab).toHaveBeenCalledWith(
      { tabId: 7, force: true, trigger: 'user' },
      { privateWindow: false },
    );
    await expect(sendToWorker('watchSite', { origin: 'https://a.example.com' })).resolves.toBe(
      true,
    );
    expect(calledHandlers(handlers)).toEqual(['showTab', 'watchSite']);
  });

  it('answers null, not undefined, for a handler that returns nothing', async () => {
    handlers.unwatchSite.mockResolvedValue(undefined as never);
    startWorker();
    deliverMessagesFrom(extensionPage());
    await expect(
      fakeBrowser.runtime.sendMessage(message('unwatchSite', { origin: 'https://a.example.com' })),
    ).resolves.toEqual({ ok: true, value: null });
  });

  it('asks again when the worker went away mid-request (Firefox unloading its event page)', async () => {
    startWorker();
    const send = deliverMessagesFrom(extensionPage('/popup.html'));
    send.mockRejectedValueOnce(new Error(NO_RECEIVER));
    await expect(
      requestView('showTab', { tabId: 7, force: false, trigger: 'user' }),
    ).resolves.toEqual(reportView);
    expect(send).toHaveBeenCalledTimes(2);
    expect(handlers.showTab).toHaveBeenCalledTimes(1);
  });

  it('asks again when a request got no answer at all', async () => {
    startWorker();
    const send = deliverMessagesFrom(extensionPage());
    send.mockResolvedValueOnce(undefined);
    await expect(sendToWorker('clearLocalData', {})).resolves.toBe(0);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('rejects after the third try when the worker never answers', async () => {
    const send = vi
      .spyOn(fakeBrowser.runtime, 'sendMessage')
      .mockRejectedValue(new Error(NO_RECEIVER));
    const asked = sendToWorker('clearLookupLog', {});
    await expect(asked).rejects.toBeInstanceOf(WorkerRequestError);
    await expect(asked).rejects.toThrow(`clearLookupLog: ${NO_RECEIVER}`);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('gives the tab view request null, never a rejection, when the worker never answers', async () => {
    const send = vi
      .spyOn(fakeBrowser.runtime, 'sendMessage')
      .mockRejectedValue(new Error(NO_RECEIVER));
    await expect(
      requestView('showTab', { tabId: 7, force: false, trigger: 'user' }),
    ).resolves.toBeNull();
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('rejects at once, and reports the error in the worker, when the handler fails', async () => {
    handlers.showTab.mockRejectedValue(new Error('storage is full'));
    startWorker();
    const send = deliverMessagesFrom(extensionPage());
    await expect(
      sendToWorker('showTab', { tabId: 7, force: false, trigger: 'user' }),
    ).rejects.toThrow('showTab: storage is full');
    expect(send).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'storage is full' }));
    // The tab view request settles for null.
    await expect(
      requestView('showTab', { tabId: 7, force: false, trigger: 'user' }),
    ).resolves.toBeNull();
  });

  // What each schema takes and refuses: request-schemas.test.ts.
  it.each<[string, string, unknown]>([
    ['a fractional tab id', 'showTab', { tabId: 7.5, force: false, trigger: 'user' }],
    ['no data at all', 'showTab', undefined],
    ['an origin that is no origin', 'watchSite', { origin: 'javascript:alert(1)' }],
  ])('refuses a request with %s, and runs no handler', async (_case, name, data) => {
    startWorker();
    const send = deliverMessagesFrom(extensionPage());
    await expect(fakeBrowser.runtime.sendMessage(message(name, data))).resolves.toEqual({
      ok: false,
      error: 'malformed request',
    });
    // A page that sends one gets the refusal as an error, without asking again.
    await expect(sendToWorker(name as 'showTab', data as never)).rejects.toThrow(
      'malformed request',
    );
    expect(send).toHaveBeenCalledTimes(2);
    expect(calledHandlers(handlers)).toEqual([]);
  });

  it.each<[string, { id?: string; url?: string }]>([
    ['a content script of this extension', { id: 'test-extension-id', url: 'https://a.example/' }],
    [
      'another extension',
      { id: 'another-extension', url: 'chrome-extension://another-extension/' },
    ],
    ['no extension at all', { url: 'chrome-extension://test-extension-id/options.html' }],
    ['an empty sender', {}],
  ])('refuses every request from %s', async (_case, sender) => {
    startWorker();
    deliverMessagesFrom(sender);
    await expect(fakeBrowser.runtime.sendMessage(message('clearLocalData', {}))).resolves.toEqual({
      ok: false,
      error: 'not from a page of this extension',
    });
    await expect(sendToWorker('clearLocalData', {})).rejects.toThrow(
      'not from a page of this extension',
    );
    expect(calledHandlers(handlers)).toEqual([]);
  });

  it("refuses a message as WXT's fake browser delivers it: a sender that names no extension", async () => {
    // The fake browser passes `{}` as the sender, where a browser names the extension and page.
    const senders: unknown[] = [];
    fakeBrowser.runtime.onMessage.addListener((_message, sender) => {
      senders.push(sender);
    });
    startWorker();
    await fakeBrowser.runtime.sendMessage(message('clearLocalData', {}));
    expect(senders).toEqual([{}]);
    expect(calledHandlers(handlers)).toEqual([]);
  });

  it.each<[string, unknown]>([
    ['another protocol', { protocol: 'another-extension/1', name: 'showTab', data: {} }],
    ['an older version of this protocol', { protocol: 'agent-readiness-badge/0', name: 'showTab' }],
    ['no protocol mark', { name: 'showTab', data: { tabId: 7, force: false } }],
    ['0.1.0 message', { type: 'show-tab', tabId: 7, force: false }],
    ['a string', 'showTab'],
    ['null', null],
  ])('ignores a message of %s: no reply, no handler', async (_case, unknown) => {
    startWorker();
    deliverMessagesFrom(extensionPage());
    await expect(fakeBrowser.runtime.sendMessage(unknown)).resolves.toBeUndefined();
    expect(calledHandlers(handlers)).toEqual([]);
  });

  it.each([
    'scanSite',
    'constructor',
    'toString',
    '__proto__',
  ])('refuses a request named %s, which it does not know', async (name) => {
    startWorker();
    deliverMessagesFrom(extensionPage());
    await expect(fakeBrowser.runtime.sendMessage(message(name, {}))).resolves.toEqual({
      ok: false,
      error: 'unknown request',
    });
    expect(calledHandlers(handlers)).toEqual([]);
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('isOwnPage', () => {
  beforeEach(() => fakeBrowser.reset());

  it.each<[string, { id?: string; url?: string }, boolean]>([
    [
      'the popup',
      { id: 'test-extension-id', url: 'chrome-extension://test-extension-id/popup.html' },
      true,
    ],
    [
      'the options page',
      { id: 'test-extension-id', url: 'chrome-extension://test-extension-id/options.html' },
      true,
    ],
    ['the extension, naming no page', { id: 'test-extension-id' }, true],
    [
      'a content script in a web page',
      { id: 'test-extension-id', url: 'https://a.example/' },
      false,
    ],
    ['another extension', { id: 'other', url: 'chrome-extension://other/popup.html' }, false],
    ['no id', { url: 'chrome-extension://test-extension-id/popup.html' }, false],
  ])('takes %s as own page: %s', (_case, sender, own) => {
    expect(fakeBrowser.runtime.id).toBe('test-extension-id');
    expect(isOwnPage(sender)).toBe(own);
  });
});
