import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { sendToWorker } from '../../../lib/messaging/protocol';
import {
  chooseServiceBaseUrl,
  mayCallService,
  resetServiceBaseUrl,
} from '../../../lib/settings/service-base-url-choice';
import { readSettings } from '../../../lib/settings/settings';
import { createStore } from '../../../lib/storage/store';
import { ALL_RECORDS } from '../../../lib/worker/stored-records';
import { serveWorker } from '../worker/extension-page';

/** As the options page saves: an intent to the worker, which checks the permission itself. */
const saveThroughWorker = vi.fn((baseUrl: string | null) =>
  sendToWorker('setServiceBaseUrl', { baseUrl }),
);

/**
 * The browser's host permissions: `request` grants when the user says `answer`, and
 * `contains` knows what was granted.
 */
function hostPermissions(answer: boolean) {
  const granted = new Set<string>();
  const request = vi.fn(async ({ origins = [] }: { origins?: string[] }) => {
    if (answer) for (const origin of origins) granted.add(origin);
    return answer;
  });
  fakeBrowser.permissions.request = request as never;
  fakeBrowser.permissions.contains = (async ({ origins = [] }: { origins?: string[] }) =>
    origins.every((origin) => granted.has(origin))) as never;
  return request;
}

describe('chooseServiceBaseUrl', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    saveThroughWorker.mockClear();
    serveWorker(createStore({ records: ALL_RECORDS, warn: () => {} }));
  });

  it('asks for the host and saves the normalised base URL when granted', async () => {
    const request = hostPermissions(true);
    expect(
      await chooseServiceBaseUrl(' https://lookup.example.com:8443/api/ ', saveThroughWorker),
    ).toEqual({
      kind: 'saved',
      baseUrl: 'https://lookup.example.com:8443/api',
    });
    expect(request).toHaveBeenCalledWith({ origins: ['https://lookup.example.com/*'] });
    expect(saveThroughWorker).toHaveBeenCalledWith('https://lookup.example.com:8443/api');
    expect((await readSettings()).serviceBaseUrl).toBe('https://lookup.example.com:8443/api');
    expect(await mayCallService('https://lookup.example.com:8443/api')).toBe(true);
  });

  it('keeps the base URL as it was, and says so, when the browser refuses the host', async () => {
    hostPermissions(false);
    expect(await chooseServiceBaseUrl('https://lookup.example.com', saveThroughWorker)).toEqual({
      kind: 'refused',
      host: 'lookup.example.com',
    });
    expect(saveThroughWorker).not.toHaveBeenCalled();
    expect((await readSettings()).serviceBaseUrl).toBeNull();
  });

  it('keeps the base URL as it was when asking for the host fails', async () => {
    fakeBrowser.permissions.request = (async () => {
      throw new Error('permissions.request may only be called from a user input handler');
    }) as never;
    expect(await chooseServiceBaseUrl('https://lookup.example.com', saveThroughWorker)).toEqual({
      kind: 'refused',
      host: 'lookup.example.com',
    });
    expect(saveThroughWorker).not.toHaveBeenCalled();
  });

  it.each([
    'ftp://x.example.com',
    'https://user:pw@x.example.com',
    'https://x.example.com/?a=1',
    'nonsense',
    '',
  ])('refuses %j without asking the browser', async (raw) => {
    const request = hostPermissions(true);
    expect(await chooseServiceBaseUrl(raw, saveThroughWorker)).toEqual({ kind: 'invalid' });
    expect(request).not.toHaveBeenCalled();
    expect(saveThroughWorker).not.toHaveBeenCalled();
  });

  it('goes back to the build default', async () => {
    hostPermissions(true);
    await chooseServiceBaseUrl('https://lookup.example.com', saveThroughWorker);
    expect((await readSettings()).serviceBaseUrl).toBe('https://lookup.example.com');
    expect(await resetServiceBaseUrl(saveThroughWorker)).toEqual({ kind: 'reset' });
    expect(saveThroughWorker).toHaveBeenLastCalledWith(null);
    expect((await readSettings()).serviceBaseUrl).toBeNull();
  });
});

describe('mayCallService', () => {
  beforeEach(() => fakeBrowser.reset());

  it('is false when the browser cannot say', async () => {
    fakeBrowser.permissions.contains = (async () => {
      throw new Error('no permissions API');
    }) as never;
    expect(await mayCallService('https://lookup.example.com')).toBe(false);
  });
});
