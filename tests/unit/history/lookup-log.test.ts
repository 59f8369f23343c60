import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  clearLookupLog,
  createLookupLog,
  LOOKUP_LOG_KEY,
  readLookupLog,
  withLookupLog,
} from '../../../lib/history/lookup-log';
import type { LookupOutcome } from '../../../lib/service/lookup-outcome';
import { logTimeText, outcomeText } from '../../../lib/ui/lookup-log-text';

const SERVICE = 'https://is-agentic.com';
const NO_REPORT: LookupOutcome = {
  kind: 'no-report',
  message: null,
  scanUrl: null,
  documentationUrl: null,
  response: { status: 404, headers: {} },
};

describe('the lookup log', () => {
  beforeEach(() => fakeBrowser.reset());

  it('records a request as it leaves, then how it ended', async () => {
    let clock = 1000;
    const log = createLookupLog({ now: () => clock });
    let seenWhileInFlight: unknown[] = [];
    const lookup = withLookupLog(
      async () => {
        seenWhileInFlight = await readLookupLog();
        clock += 50;
        return NO_REPORT;
      },
      log,
      SERVICE,
    );
    await lookup('https://example.com');
    expect(seenWhileInFlight).toEqual([
      expect.objectContaining({ origin: 'https://example.com', outcome: 'pending', at: 1000 }),
    ]);
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

  it('keeps every one of many lookups leaving together, newest first, up to its bound', async () => {
    const log = createLookupLog({ now: () => 0, maxEntries: 5 });
    const lookup = withLookupLog(async () => NO_REPORT, log, SERVICE);
    await Promise.all(Array.from({ length: 8 }, (_, i) => lookup(`https://s${i}.example.com`)));
    const entries = await readLookupLog();
    expect(entries.map((entry) => entry.origin)).toEqual(
      [3, 4, 5, 6, 7].reverse().map((i) => `https://s${i}.example.com`),
    );
    expect(entries.every((entry) => entry.outcome === 'no-report')).toBe(true);
  });

  it('is cleared on request', async () => {
    const lookup = withLookupLog(async () => NO_REPORT, createLookupLog({ now: () => 0 }), SERVICE);
    await lookup('https://example.com');
    await clearLookupLog();
    expect(await readLookupLog()).toEqual([]);
  });

  it('drops damaged entries, not the whole log', async () => {
    await fakeBrowser.storage.local.set({
      [LOOKUP_LOG_KEY]: {
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
    await withLookupLog(
      async () => NO_REPORT,
      createLookupLog({ now: () => 2 }),
      SERVICE,
    )('https://b.example.com');
    expect((await readLookupLog()).map((entry) => entry.id)).toEqual([5, 4]);
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
    expect(logTimeText(Date.parse('2026-11-22T10:00:00Z'))).toMatch(/2026|26/);
  });
});
