/**
 * The access Check now asks for is listed and taken back: only what a check asked for (never
 * the manifest's hosts or the report service's), removed one by one or all at once, and
 * forgotten when the browser takes it back.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  CHECK_ACCESS_RECORD,
  type CheckAccess,
  createCheckAccess,
  hostOfPermission,
} from '../../../lib/checks/check-access';
import { createStore, type Store } from '../../../lib/storage/store';
import { ALL_RECORDS } from '../../../lib/worker/stored-records';

const SERVICE = 'https://lookup.example.com/api';

let store: Store;
let access: CheckAccess;
/** The host permissions the fake browser holds. */
let held: Set<string>;

beforeEach(() => {
  fakeBrowser.reset();
  held = new Set();
  Object.assign(fakeBrowser.permissions, {
    contains: vi.fn(async ({ origins = [] }: { origins?: string[] }) =>
      origins.every((origin) => held.has(origin)),
    ),
    remove: vi.fn(async ({ origins = [] }: { origins?: string[] }) => {
      for (const origin of origins) held.delete(origin);
      return true;
    }),
  });
  vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({
    manifest_version: 3,
    name: 'x',
    version: '1',
    host_permissions: ['https://is-agentic.com/*', 'http://*.fixtures.example/*'],
  });
  store = createStore({ records: ALL_RECORDS, warn: () => {} });
  access = createCheckAccess({ store, serviceBaseUrl: async () => SERVICE });
});

const listed = () => store.read(CHECK_ACCESS_RECORD);

/** A check asked for the site's host and the browser granted it. */
async function grant(origin: string) {
  held.add(`${new URL(origin).protocol}//${new URL(origin).hostname}/*`);
  await access.granted(origin);
}

describe('the access a check asked for', () => {
  it('is listed once, by host, whatever the port', async () => {
    await grant('https://a.example.com');
    await grant('https://a.example.com:8443');
    await grant('http://b.example.com');
    expect(await listed()).toEqual(['https://a.example.com/*', 'http://b.example.com/*']);
    expect(hostOfPermission('https://a.example.com/*')).toBe('a.example.com');
  });

  it("is not listed when the extension held it already: the manifest's, the service's", async () => {
    await grant('https://is-agentic.com');
    await grant('http://x.fixtures.example');
    await grant('https://lookup.example.com');
    expect(await listed()).toEqual([]);
  });

  it('is not listed when the browser does not hold it', async () => {
    await access.granted('https://c.example.com');
    expect(await listed()).toEqual([]);
  });

  it('is taken back one site at a time, or all at once', async () => {
    await grant('https://a.example.com');
    await grant('https://b.example.com');
    await access.remove('https://a.example.com/*');
    expect(held.has('https://a.example.com/*')).toBe(false);
    expect(await listed()).toEqual(['https://b.example.com/*']);
    await access.remove(null);
    expect(held.size).toBe(0);
    expect(await listed()).toEqual([]);
  });

  it('never takes back the report service, even when a check had asked for its host first', async () => {
    await grant('https://lookup.example.com');
    held.add('https://lookup.example.com/*');
    await store.write(CHECK_ACCESS_RECORD, ['https://lookup.example.com/*']);
    await access.remove(null);
    expect(held.has('https://lookup.example.com/*')).toBe(true);
    expect(await listed()).toEqual([]);
  });

  it('is forgotten when the browser took it back in its own settings', async () => {
    await grant('https://a.example.com');
    await access.forget(['https://a.example.com/*']);
    expect(await listed()).toEqual([]);
  });
});
