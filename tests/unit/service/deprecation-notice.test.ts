import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SERVICE_BASE_URL } from '../../../lib/contract/service-base-url';
import {
  createDeprecationNotices,
  DEPRECATION_NOTICE_RECORD,
  deprecationFromHeaders,
} from '../../../lib/service/deprecation-notice';
import type { LookupOutcome } from '../../../lib/service/lookup-outcome';
import { readRecord } from '../../../lib/storage/record';
import { createStore, type Store } from '../../../lib/storage/store';
import { ALL_RECORDS } from '../../../lib/worker/stored-records';
import { fixtureReports } from '../../../reference-server/fixtures/reports';
import { askingThrough } from '../support/asking-through';

const BASE = 'https://is-agentic.com';
// fixed date: the clock this test passes in, to the code under test and to the fixture reports
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

describe('deprecationFromHeaders', () => {
  it('reads RFC 9745 Deprecation, Sunset and the successor-version link', () => {
    expect(
      deprecationFromHeaders(
        {
          deprecation: '@1785542400',
          sunset: 'Tue, 01 Dec 2026 00:00:00 GMT',
          link: '<https://is-agentic.com/docs>; rel="help", </api/v1/report>; rel="successor-version"',
        },
        BASE,
        NOW,
      ),
    ).toStrictEqual({
      baseUrl: BASE,
      deprecatedSince: 1785542400_000,
      // fixed date: a Sunset the service names, read with the clock this test passes in
      sunsetAt: Date.UTC(2026, 11, 1),
      successor: 'https://is-agentic.com/api/v1/report',
    });
  });

  it("reads the older drafts' forms and refuses a link that is not http(s)", () => {
    expect(
      deprecationFromHeaders(
        { deprecation: 'true', link: '<javascript:alert(1)>; rel="successor-version"' },
        BASE,
        NOW,
      ),
    ).toStrictEqual({ baseUrl: BASE, deprecatedSince: null, sunsetAt: null, successor: null });
  });

  it.each([
    ['no headers', {}],
    ['a garbage Deprecation', { deprecation: 'soon-ish' }],
    ['a successor link alone', { link: '</api/v1/report>; rel="successor-version"' }],
  ])('says nothing for %s', (_case, headers) => {
    expect(deprecationFromHeaders(headers, BASE, NOW)).toBeNull();
  });
});

describe('the deprecation notice of the answers that arrive', () => {
  let store: Store;
  beforeEach(() => {
    fakeBrowser.reset();
    store = createStore({ records: ALL_RECORDS, warn: () => {} });
  });

  const answer = (headers: Record<string, string>): LookupOutcome => ({
    kind: 'report',
    report: fixtureReports(DEFAULT_SERVICE_BASE_URL, NOW).high,
    response: { status: 200, headers },
  });

  it('keeps what the service said, and forgets it when the service stops saying it', async () => {
    let headers: Record<string, string> = { deprecation: '@1785542400' };
    const notices = createDeprecationNotices({ store, now: () => NOW });
    const lookup = askingThrough(async () => answer(headers), { notices }, { baseUrl: BASE });
    await lookup('https://a.example');
    await vi.waitFor(async () =>
      expect(await readRecord(DEPRECATION_NOTICE_RECORD)).toMatchObject({
        deprecatedSince: 1785542400_000,
      }),
    );
    headers = {};
    await lookup('https://a.example');
    await vi.waitFor(async () => expect(await readRecord(DEPRECATION_NOTICE_RECORD)).toBeNull());
  });

  it('a proxy error or a network failure changes nothing', async () => {
    const lookup = askingThrough(
      async (): Promise<LookupOutcome> => ({ kind: 'network-failure', message: 'offline' }),
      { notices: createDeprecationNotices({ store, now: () => NOW }) },
      { baseUrl: BASE },
    );
    await fakeBrowser.storage.local.set({
      [DEPRECATION_NOTICE_RECORD.key]: {
        baseUrl: BASE,
        deprecatedSince: 1,
        sunsetAt: null,
        successor: null,
      },
    });
    await lookup('https://a.example');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await readRecord(DEPRECATION_NOTICE_RECORD)).toMatchObject({ deprecatedSince: 1 });
  });

  it("leaves another base URL's notice alone when this service says nothing", async () => {
    const other = {
      baseUrl: 'https://old.example',
      deprecatedSince: 1,
      sunsetAt: null,
      successor: null,
    };
    await fakeBrowser.storage.local.set({ [DEPRECATION_NOTICE_RECORD.key]: other });
    const onError = vi.fn();
    const lookup = askingThrough(
      async () => answer({}),
      { notices: createDeprecationNotices({ store, now: () => NOW }) },
      { baseUrl: BASE, onError },
    );
    await lookup('https://a.example');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await readRecord(DEPRECATION_NOTICE_RECORD)).toEqual(other);
    expect(onError).not.toHaveBeenCalled();
  });
});
