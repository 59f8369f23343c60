/**
 * A backup file comes from anywhere the user picks it: reading one must never throw, whatever
 * it holds, and what this module writes it must always read back as it was. Inputs are
 * generated as any text, any JSON value, and a good backup with one value anywhere in it
 * replaced by anything.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildBackup, parseBackup, readBackupFile } from '../../../lib/backup/backup-file';
import type { KeptData } from '../../../lib/backup/backup-format';
import { planImport } from '../../../lib/backup/import-plan';
import {
  DEFAULT_SETTINGS,
  OLD_REPORT_DAYS,
  type UserSettings,
} from '../../../lib/settings/settings';
import type { WatchList, WatchRecord } from '../../../lib/sites/watch-list';

const NUM_RUNS = 2_000;
// fixed date: the clock this test passes to the code under test
const NOW = Date.parse('2026-11-22T10:00:00Z');

// Never xn--: a label that starts so must be valid punycode, and the URL parser refuses the rest.
const label = fc
  .stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/)
  .filter((text) => !text.startsWith('xn--'));
const origin = fc
  .record({
    scheme: fc.constantFrom('https', 'http'),
    host: label,
    port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: null }),
  })
  .map(
    ({ scheme, host, port }) =>
      new URL(`${scheme}://${host}.example.com${port === null ? '' : `:${port}`}`).origin,
  );

const settings: fc.Arbitrary<UserSettings> = fc.record({
  lookupMode: fc.constantFrom('on-click', 'automatic'),
  lookupModeChosen: fc.boolean(),
  pausedDomains: fc
    .uniqueArray(
      label.map((host) => `${host}.example.com`),
      { maxLength: 5 },
    )
    .map((domains) => domains.sort()),
  badgeMode: fc.constantFrom('all', 'scores', 'off'),
  oldReportDays: fc.constantFrom(...OLD_REPORT_DAYS),
  serviceBaseUrl: fc.option(
    label.map((host) => `https://${host}.example.com/api`),
    { nil: null },
  ),
});

const watchRecord: fc.Arbitrary<WatchRecord> = fc.record(
  {
    since: fc.nat(),
    checkedAt: fc.option(fc.nat(), { nil: null }),
    status: fc.constantFrom('report', 'no-report', 'busy', 'unavailable'),
    score: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
    failed: fc.array(label, { maxLength: 3 }),
    seenReport: fc.boolean(),
  },
  { requiredKeys: ['since', 'checkedAt', 'score', 'failed', 'seenReport'] },
);

// Not more than the watch list holds: a longer one is cut on import, by design.
const watchList: fc.Arbitrary<WatchList> = fc
  .uniqueArray(fc.tuple(origin, watchRecord), { maxLength: 8, selector: ([site]) => site })
  .map((entries) => Object.fromEntries(entries));

const kept: fc.Arbitrary<KeptData> = fc.record({ settings, watchList });

/** A good backup's JSON, with one value somewhere in it replaced by anything. */
function withValueReplaced(value: unknown, path: readonly number[], replacement: unknown): unknown {
  if (path.length === 0 || typeof value !== 'object' || value === null) return replacement;
  const [step = 0, ...rest] = path;
  const keys = Object.keys(value);
  if (keys.length === 0) return replacement;
  const key = keys[step % keys.length] ?? '';
  const source = value as Record<string, unknown>;
  const changed = withValueReplaced(source[key], rest, replacement);
  if (Array.isArray(value))
    return value.map((item, index) => (String(index) === key ? changed : item));
  return { ...source, [key]: changed };
}

const FRESH: KeptData = { settings: DEFAULT_SETTINGS, watchList: {} };

describe('reading a backup file, over generated input', () => {
  it(`never throws for any text (${NUM_RUNS} runs)`, () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.json()), (text) => {
        const reading = readBackupFile(text);
        expect(typeof reading.ok).toBe('boolean');
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it(`never throws for any JSON value or any value at all (${NUM_RUNS} runs)`, () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.anything(), (json, value) => {
        expect(readBackupFile(JSON.stringify(json) ?? '').ok).toBe(false);
        expect(parseBackup(json).ok).toBe(false);
        expect(typeof parseBackup(value).ok).toBe('boolean');
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it(`never throws for a backup with any one value replaced, and reads what it takes the same again (${NUM_RUNS} runs)`, () => {
    let taken = 0;
    fc.assert(
      fc.property(
        kept,
        fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
        fc.jsonValue(),
        (data, path, replacement) => {
          const file = JSON.parse(
            JSON.stringify(
              buildBackup(data, { includeHistory: false, includeLog: false, now: NOW }),
            ),
          );
          const reading = readBackupFile(
            JSON.stringify(withValueReplaced(file, path, replacement)),
          );
          if (!reading.ok) return;
          taken += 1;
          expect(readBackupFile(JSON.stringify(reading.backup))).toEqual(reading);
        },
      ),
      { numRuns: NUM_RUNS },
    );
    // Some replacements are harmless (a number for a number): both outcomes are reached.
    expect(taken).toBeGreaterThan(0);
    expect(taken).toBeLessThan(NUM_RUNS);
  });

  it(`takes back whatever it wrote (${NUM_RUNS} runs)`, () => {
    fc.assert(
      fc.property(kept, (data) => {
        const text = JSON.stringify(
          buildBackup(data, { includeHistory: true, includeLog: true, now: NOW }),
        );
        const reading = readBackupFile(text);
        expect(reading.ok).toBe(true);
        if (!reading.ok) return;
        expect(planImport(FRESH, reading.backup, { mode: 'replace' }).next).toEqual(data);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
