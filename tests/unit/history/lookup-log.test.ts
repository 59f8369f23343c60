import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { logTimeText, outcomeText } from '../../../components/options/LookupLogSection';
import { createLookupLog, LOOKUP_LOG_RECORD } from '../../../lib/history/lookup-log';
import type { LookupOutcome } from '../../../lib/service/lookup-outcome';
import { createStore, type Store } from '../../../lib/storage/store';
import { ALL_RECORDS } from '../../../lib/worker/stored-records';
import { readLookupLog } from '../../support/lookup-log';
import { askingThrough } from '../support/asking-through';

const SERVICE = 'https://is-agentic.com';
const NO_REPORT: LookupOutcome = {
  kind: 'no-report',
  message: null,
  scanUrl: null,
  documentationUrl: null,
  response: { status: 404, headers: {} },
};

describe('the lookup log', () => {
  let store: Store;
  beforeEach(() => {
    fakeBrowser.reset();
    store = createStore({ records: ALL_RECORDS, warn: () => {} });
  });

  it('sends the request without waiting for the log, on record while the answer is on its way', async () => {
    let clock = 1000;
    const log = createLookupLog({ store, now: () => clock });
    let answer!: (outcome: LookupOutcome) => void;
    const request = vi.fn(
      () =>
        new Promise<LookupOutcome>((resolve) => {
          answer = resolve;
        }),
    );
    // A log that never finishes writing holds no request back.
    const stuck = { sent: () => new Promise<number>(() => {}), settled: async () => {} };
    const unlogged = askingThrough(async () => NO_REPORT, { log: stuck }, { baseUrl: SERVICE });
    expect(await unlogged('https://stuck.example.com')).toBe(NO_REPORT);
    const lookup = askingThrough(request, { log }, { baseUrl: SERVICE });
    const done = lookup('https://example.com');
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    await vi.waitFor(async () =>
      expect(await readLookupLog()).toEqual([
        expect.objectContaining({ origin: 'https://example.com', outcome: 'pending', at: 1000 }),
      ]),
    );
    clock += 50;
    answer(NO_REPORT);
    await done;
    // How it ended is written beside the answer, not before it.
    await vi.waitFor(async () => expect((await readLookupLog())[0]?.outcome).toBe('no-report'));
    expect(await readLookupLog()).toEqual([
      {
        id: 1,
        at: 1000,
        origin: 'https://example.com',
        service: SERVICE,
        outcome: 'no-report',
        status: 404,
      },
    ]);
  });

  it('settles an entry only once it is written, however fast the answer', async () => {
    const log = createLookupLog({ store, now: () => 0 });
    await askingThrough(
      async () => NO_REPORT,
      { log },
      { baseUrl: SERVICE },
    )('https://example.com');
    await vi.waitFor(async () => expect((await readLookupLog())[0]?.outcome).toBe('no-report'));
    expect(await readLookupLog()).toHaveLength(1);
  });

  it('keeps every one of many lookups leaving together, newest first, up to its bound', async () => {
    const log = createLookupLog({ store, now: () => 0, maxEntries: 5 });
    const lookup = askingThrough(async () => NO_REPORT, { log }, { baseUrl: SERVICE });
    await Promise.all(Array.from({ length: 8 }, (_, i) => lookup(`https://s${i}.example.com`)));
    // Until all five kept are settled (an empty log is not "every entry settled").
    await vi.waitFor(async () =>
      expect((await readLookupLog()).map((entry) => entry.outcome)).toEqual(
        Array(5).fill('no-report'),
      ),
    );
    const entries = await readLookupLog();
    expect(entries.map((entry) => entry.origin)).toEqual(
      [3, 4, 5, 6, 7].reverse().map((i) => `https://s${i}.example.com`),
    );
    expect(entries.every((entry) => entry.outcome === 'no-report')).toBe(true);
  });

  it('is cleared on request', async () => {
    const log = createLookupLog({ store, now: () => 0 });
    const lookup = askingThrough(async () => NO_REPORT, { log }, { baseUrl: SERVICE });
    await lookup('https://example.com');
    await vi.waitFor(async () => expect((await readLookupLog())[0]?.outcome).toBe('no-report'));
    await log.clear();
    expect(await readLookupLog()).toEqual([]);
  });

  it('removes an entry whose request left before the clear, and numbers on after it', async () => {
    const log = createLookupLog({ store, now: () => 0 });
    const first = log.sent('https://a.example.com', SERVICE);
    const cleared = log.clear();
    await first;
    await cleared;
    expect(await readLookupLog()).toEqual([]);
    // Settling an entry cleared meanwhile does not bring it back.
    await log.settled(await first, NO_REPORT);
    expect(await readLookupLog()).toEqual([]);
    expect(await log.sent('https://b.example.com', SERVICE)).toBe(2);
  });

  it('drops damaged entries, not the whole log', async () => {
    await fakeBrowser.storage.local.set({
      [LOOKUP_LOG_RECORD.key]: {
        entries: [
          {
            id: 4,
            at: 1,
            origin: 'https://a.example.com',
            service: SERVICE,
            outcome: 'report',
            status: 200,
          },
          { id: 'x' },
          null,
        ],
      },
    });
    expect((await readLookupLog()).map((entry) => entry.id)).toEqual([4]);
    await askingThrough(
      async () => NO_REPORT,
      { log: createLookupLog({ store, now: () => 2 }) },
      { baseUrl: SERVICE },
    )('https://b.example.com');
    await vi.waitFor(async () =>
      expect((await readLookupLog()).map((entry) => entry.id)).toEqual([5, 4]),
    );
  });
});

describe('the lookup log in words', () => {
  it.each([
    [{ outcome: 'pending', status: null }, 'Waiting for the answer'],
    [{ outcome: 'report', status: 200 }, 'Report (HTTP 200)'],
    [{ outcome: 'unavailable', status: 503 }, 'Service unavailable (HTTP 503)'],
    [{ outcome: 'network-failure', status: null }, 'Network problem'],
    [{ outcome: 'invalid-response', status: 0 }, 'Unreadable answer'],
  ] as const)('says %j as %s', (entry, words) => {
    expect(outcomeText(entry)).toBe(words);
  });

  it('writes the time in the UI language', () => {
    // fixed date: a log entry's time, only formatted, never compared with the clock
    expect(logTimeText(Date.parse('2026-11-22T10:00:00Z'))).toMatch(/2026|26/);
  });
});
