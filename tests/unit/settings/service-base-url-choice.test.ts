import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  chooseServiceBaseUrl,
  resetServiceBaseUrl,
} from '../../../lib/settings/service-base-url-choice';
import { readSettings } from '../../../lib/settings/settings';

describe('chooseServiceBaseUrl', () => {
  beforeEach(() => fakeBrowser.reset());

  it('asks for the host and saves the normalised base URL when granted', async () => {
    const request = vi.fn(async () => true);
    fakeBrowser.permissions.request = request as never;
    expect(await chooseServiceBaseUrl(' https://lookup.example.com:8443/api/ ')).toEqual({
      kind: 'saved',
      baseUrl: 'https://lookup.example.com:8443/api',
    });
    expect(request).toHaveBeenCalledWith({ origins: ['https://lookup.example.com/*'] });
    expect((await readSettings()).serviceBaseUrl).toBe('https://lookup.example.com:8443/api');
  });

  it('keeps the base URL as it was, and says so, when the browser refuses the host', async () => {
    fakeBrowser.permissions.request = (async () => false) as never;
    expect(await chooseServiceBaseUrl('https://lookup.example.com')).toEqual({
      kind: 'refused',
      host: 'lookup.example.com',
    });
    expect((await readSettings()).serviceBaseUrl).toBeNull();
  });

  it.each([
    'ftp://x.example.com',
    'https://user:pw@x.example.com',
    'https://x.example.com/?a=1',
    'nonsense',
    '',
  ])('refuses %j without asking the browser', async (raw) => {
    const request = vi.fn(async () => true);
    fakeBrowser.permissions.request = request as never;
    expect(await chooseServiceBaseUrl(raw)).toEqual({ kind: 'invalid' });
    expect(request).not.toHaveBeenCalled();
  });

  it('goes back to the build default', async () => {
    fakeBrowser.permissions.request = (async () => true) as never;
    await chooseServiceBaseUrl('https://lookup.example.com');
    expect(await resetServiceBaseUrl()).toEqual({ kind: 'reset' });
    expect((await readSettings()).serviceBaseUrl).toBeNull();
  });
});
