import { cleanup, renderHook, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useSites } from '../../components/sites/use-sites';
import { CACHE_INDEX_RECORD, entryName, indexPartOf } from '../../lib/cache/cache-records';
import { DEFAULT_SERVICE_BASE_URL } from '../../lib/contract/service-base-url';
import { historyPartOf, SCORE_HISTORY_RECORD } from '../../lib/history/score-history';
import { keyOf } from '../../lib/storage/record';

const SITE = 'https://a.example.com';
const NOW = Date.now();
const NAME = entryName(DEFAULT_SERVICE_BASE_URL, SITE);
const daysAgo = (days: number) => new Date(NOW - days * 86_400_000).toISOString();

beforeEach(async () => {
  fakeBrowser.reset();
  // The test's document has no idle callbacks; the browsers both do.
  vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run));
  await fakeBrowser.storage.local.set({
    [keyOf(CACHE_INDEX_RECORD, indexPartOf(NAME))]: JSON.stringify({
      [NAME]: {
        kind: 'report',
        receivedAt: NOW,
        freshUntil: NOW + 60_000,
        usableUntil: NOW + 60_000,
        score: 70,
        label: 'Agent-Ready',
        scannedAt: daysAgo(8),
        issues: null,
        bytes: 100,
      },
    }),
    [keyOf(SCORE_HISTORY_RECORD, historyPartOf(SITE))]: JSON.stringify({
      [SITE]: {
        seen: NOW,
        scans: [{ scannedAt: daysAgo(27), score: 61.6, checks: null }],
      },
    }),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the sites page's rows", () => {
  it('are shown before the score history is read, and take their changes from it after', async () => {
    // The history's read is held back until the test lets it through.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const get = fakeBrowser.storage.local.get.bind(fakeBrowser.storage.local);
    vi.spyOn(fakeBrowser.storage.local, 'get').mockImplementation(async (keys) => {
      const asked = Array.isArray(keys) ? keys : [keys];
      if (asked.some((key) => String(key).startsWith(SCORE_HISTORY_RECORD.key))) await held;
      return get(keys as never);
    });
    const { result } = renderHook(() => useSites());
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    expect(result.current.rows?.[0]).toMatchObject({ site: SITE, score: 70, change: null });
    release();
    await waitFor(() => expect(result.current.rows?.[0]?.change).toBe(8));
    expect(Object.keys(result.current.scans)).toEqual([SITE]);
  });
});
