import { describe, expect, it } from 'vitest';
import { RETRY_GATE_RECORD } from '../../../lib/cache/retry-gate';
import { LOOKUP_LOG_RECORD } from '../../../lib/history/lookup-log';
import { SCORE_HISTORY_RECORD } from '../../../lib/history/score-history';
import { DEPRECATION_NOTICE_RECORD } from '../../../lib/service/deprecation-notice';
import { DEFAULT_SETTINGS, SETTINGS_RECORD } from '../../../lib/settings/settings-record';
import { WATCH_LIST_RECORD } from '../../../lib/sites/watch-list';
import { STORAGE_VERSIONS_RECORD } from '../../../lib/storage/migrate-store';
import {
  keyOf,
  migrated,
  ownsKey,
  parseStored,
  type StoredRecord,
  storedForm,
} from '../../../lib/storage/record';
import { ALL_RECORDS } from '../../../lib/worker/stored-records';

const byName = ALL_RECORDS.map((definition) => [definition.name, definition] as const);

/** Values no record is stored as: each reads as the fallback, or its salvage, and says so. */
const WRONG_TYPES: [string, unknown][] = [
  ['a number', 42],
  ['a string', 'nonsense'],
  ['an array', [1, 'two', { three: 3 }]],
  ['null', null],
];

/** What a record may read as when what is stored is unusable. */
function fallbackOrSalvage(definition: StoredRecord<unknown>, raw: unknown): unknown[] {
  const salvaged = definition.salvage?.(raw) ?? null;
  return salvaged === null ? [definition.fallback()] : [definition.fallback(), salvaged];
}

const WATCHED = {
  since: 1,
  checkedAt: null,
  status: 'report',
  score: 70,
  failed: [],
  seenReport: true,
} as const;

const LOGGED = {
  id: 3,
  at: 10,
  origin: 'https://a.example.com',
  service: 'https://is-agentic.com',
  outcome: 'report',
  status: 200,
};

describe('the record table', () => {
  it('names each record and key once, each in the version it is stored at', () => {
    const names = ALL_RECORDS.map((definition) => definition.name);
    expect(new Set(names).size).toBe(names.length);
    for (const definition of ALL_RECORDS) {
      expect(Number.isInteger(definition.version) && definition.version >= 1).toBe(true);
      const key = keyOf(definition, definition.family ? 'item' : undefined);
      // No key of one record is taken for another's.
      const owners = ALL_RECORDS.filter(
        (other) => other.area === definition.area && ownsKey(other, key),
      );
      expect(owners.map((owner) => owner.name)).toEqual([definition.name]);
    }
  });

  it('keeps only what the user chose through "clear all local data"', () => {
    expect(
      ALL_RECORDS.filter((definition) => definition.keptByClear)
        .map((d) => d.name)
        .sort(),
    ).toEqual([SETTINGS_RECORD.name, STORAGE_VERSIONS_RECORD.name].sort());
  });

  function fallbackParsesAsItself(definition: StoredRecord<unknown>) {
    const fallback = definition.fallback();
    expect(parseStored(definition, fallback)).toEqual({ value: fallback, damaged: false });
    // A new value every time: a caller that changes it changes no one else's.
    if (typeof fallback === 'object' && fallback !== null) {
      expect(definition.fallback()).not.toBe(fallback);
    }
  }

  it.each(byName)('%s: its fallback parses as itself', (_name, definition) =>
    fallbackParsesAsItself(definition));

  it.each(
    byName,
  )('%s: nothing stored reads as the fallback, not as damaged', (_name, definition) => {
    expect(parseStored(definition, undefined)).toEqual({
      value: definition.fallback(),
      damaged: false,
    });
  });

  describe.each(byName)('%s', (_name, definition) => {
    // Null is no wrong type for a record that falls back to null: it is "nothing".
    const wrong = WRONG_TYPES.filter(([, raw]) => raw !== definition.fallback());
    it.each(wrong)('reads %s as its fallback or salvage, and as damaged', (_type, raw) => {
      const parsed = parseStored(definition, raw);
      expect(parsed.damaged).toBe(true);
      expect(fallbackOrSalvage(definition, raw)).toContainEqual(parsed.value);
    });
  });

  it('reads null as the deprecation notice\'s "no notice", not as damaged', () => {
    expect(parseStored(DEPRECATION_NOTICE_RECORD, null)).toEqual({ value: null, damaged: false });
  });
});

describe('the retry gate record', () => {
  const versionOne = {
    failuresInARow: 2,
    serviceNotBefore: 1_000,
    targetNotBefore: { 'https://a.example.com': 2_000 },
  };

  it('reads a version-1 value (no busy pause, no quota) as version 2, not as damaged', () => {
    expect(parseStored(RETRY_GATE_RECORD, versionOne)).toEqual({
      value: { ...versionOne, busyUntil: null, quota: null },
      damaged: false,
    });
  });

  it('reads a version-2 value as it is', () => {
    const current = { ...versionOne, busyUntil: 3_000, quota: { remaining: 4, resetAt: 5_000 } };
    expect(parseStored(RETRY_GATE_RECORD, current)).toEqual({ value: current, damaged: false });
  });

  it('reads a value that is neither shape as no pause at all', () => {
    expect(parseStored(RETRY_GATE_RECORD, { failuresInARow: 'many' })).toEqual({
      value: RETRY_GATE_RECORD.fallback(),
      damaged: true,
    });
  });

  it.each<[string, unknown]>([
    ['a list of paused sites', { targetNotBefore: [] }],
    ['a pause without end', { busyUntil: Number.POSITIVE_INFINITY }],
  ])('reads a value with %s as no pause at all', (_case, change) => {
    const current = { ...versionOne, busyUntil: 3_000, quota: null, ...(change as object) };
    expect(parseStored(RETRY_GATE_RECORD, current)).toEqual({
      value: RETRY_GATE_RECORD.fallback(),
      damaged: true,
    });
  });
});

describe('the settings record', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['a lookup mode it does not know', { lookupMode: 'always' }, { lookupMode: 'on-click' }],
    [
      'a consent answer that is no boolean',
      { lookupModeChosen: 'yes' },
      { lookupModeChosen: false },
    ],
    ['paused domains that are no list', { pausedDomains: 'a.example.com' }, { pausedDomains: [] }],
    ['a badge mode it does not know', { badgeMode: 'loud' }, { badgeMode: 'all' }],
    [
      'a base URL that is no web address',
      { serviceBaseUrl: 'javascript:alert(1)' },
      { serviceBaseUrl: null },
    ],
  ])('keeps the good fields when one has %s', (_case, bad, fallenBack) => {
    const good = {
      lookupMode: 'automatic',
      lookupModeChosen: true,
      pausedDomains: ['a.example.com'],
      badgeMode: 'off',
      serviceBaseUrl: 'https://lookup.example.com',
      oldReportDays: '90',
    };
    expect(parseStored(SETTINGS_RECORD, { ...good, ...bad }).value).toEqual({
      ...good,
      ...fallenBack,
    });
  });

  it('keeps the paused domains that are text, sorted, each once', () => {
    expect(
      parseStored(SETTINGS_RECORD, {
        pausedDomains: ['b.example.com', 42, 'a.example.com', 'b.example.com'],
      }).value.pausedDomains,
    ).toEqual(['a.example.com', 'b.example.com']);
  });

  it('reads a version-1 value (paused origins, a badge switch) as version 2 (their hosts, a badge mode), not as damaged', () => {
    const versionOne = {
      lookupMode: 'automatic',
      lookupModeChosen: true,
      pausedSites: [
        'https://jira.example.com:8443',
        'http://jira.example.com',
        'https://a.example.com',
        'http://[2001:db8::1]:8080',
        'http://10.0.0.1',
      ],
      badgeVisible: false,
      serviceBaseUrl: null,
    };
    expect(parseStored(SETTINGS_RECORD, versionOne)).toEqual({
      value: {
        lookupMode: 'automatic',
        lookupModeChosen: true,
        pausedDomains: ['10.0.0.1', '[2001:db8::1]', 'a.example.com', 'jira.example.com'],
        badgeMode: 'off',
        serviceBaseUrl: null,
        // Settings kept before the Old reports setting read as its default.
        oldReportDays: '30',
      },
      damaged: false,
    });
    expect(migrated(SETTINGS_RECORD, versionOne, 1)).toEqual({
      lookupMode: 'automatic',
      lookupModeChosen: true,
      pausedDomains: ['10.0.0.1', '[2001:db8::1]', 'a.example.com', 'jira.example.com'],
      badgeMode: 'off',
      serviceBaseUrl: null,
    });
  });

  it('drops version-1 paused sites that are no web origin, and keeps the other fields', () => {
    expect(
      parseStored(SETTINGS_RECORD, {
        badgeVisible: false,
        pausedSites: [
          'javascript:alert(1)',
          42,
          null,
          'not a site',
          'file:///etc',
          'https://a.b.example',
        ],
      }).value,
    ).toEqual({ ...DEFAULT_SETTINGS, badgeMode: 'off', pausedDomains: ['a.b.example'] });
    for (const pausedSites of ['https://a.example.com', { a: 1 }, null]) {
      expect(parseStored(SETTINGS_RECORD, { pausedSites }).value).toEqual(DEFAULT_SETTINGS);
    }
    // What is no object is damaged, as in version 1.
    expect(parseStored(SETTINGS_RECORD, ['https://a.example.com'])).toEqual({
      value: DEFAULT_SETTINGS,
      damaged: true,
    });
  });

  it.each<[string, unknown, string]>([
    ['on', true, 'all'],
    ['off', false, 'off'],
    ['left out', undefined, 'all'],
    ['no boolean', 'yes', 'all'],
  ])('reads a version-1 badge switch that is %s as a badge mode', (_case, badgeVisible, mode) => {
    const versionOne = { pausedSites: [], badgeVisible };
    expect(parseStored(SETTINGS_RECORD, versionOne).value.badgeMode).toBe(mode);
    expect(migrated(SETTINGS_RECORD, versionOne, 1)).not.toHaveProperty('badgeVisible');
  });

  it('reads a version-2 value without a badge mode as the default mode', () => {
    const { badgeMode: _mode, ...withoutMode } = DEFAULT_SETTINGS;
    expect(
      parseStored(SETTINGS_RECORD, { ...withoutMode, pausedDomains: ['example.com'] }),
    ).toEqual({
      value: { ...DEFAULT_SETTINGS, pausedDomains: ['example.com'], badgeMode: 'all' },
      damaged: false,
    });
  });

  it('leaves a version-2 value as it is when the migration meets one', () => {
    const versionTwo = { ...DEFAULT_SETTINGS, pausedDomains: ['example.com'] };
    expect(migrated(SETTINGS_RECORD, versionTwo, 1)).toEqual(versionTwo);
  });
});

describe('the lists of entries', () => {
  it('watch list: keeps the good sites when one is damaged', () => {
    const parsed = parseStored(WATCH_LIST_RECORD, {
      'https://a.example.com': WATCHED,
      'https://b.example.com': { ...WATCHED, since: 'yesterday' },
      'https://c.example.com': null,
    });
    expect(parsed).toEqual({ value: { 'https://a.example.com': WATCHED }, damaged: true });
  });

  // Firefox keeps storage by structured clone, which keeps Infinity as it is.
  it('watch list: drops a site whose time is not a finite number', () => {
    const parsed = parseStored(WATCH_LIST_RECORD, {
      'https://a.example.com': WATCHED,
      'https://b.example.com': { ...WATCHED, since: Number.POSITIVE_INFINITY },
    });
    expect(parsed).toEqual({ value: { 'https://a.example.com': WATCHED }, damaged: true });
  });

  it.each<[string, StoredRecord<unknown>]>([
    ['watch list', WATCH_LIST_RECORD],
    ['score history', SCORE_HISTORY_RECORD],
  ])('%s: reads an empty list as damaged, not as a record of no sites', (_name, definition) => {
    expect(parseStored(definition, [])).toEqual({ value: {}, damaged: true });
  });

  it('score history: keeps the good sites when one is damaged', () => {
    const good = {
      seen: 1,
      // fixed date: stored data, only parsed, never compared with the clock
      scans: [{ scannedAt: '2026-10-01T09:00:00Z', score: 70, checks: null }],
    };
    const parsed = parseStored(SCORE_HISTORY_RECORD, {
      'https://a.example.com': good,
      'https://b.example.com': 'nonsense',
      'https://c.example.com': { seen: 1 },
    });
    expect(parsed).toEqual({ value: { 'https://a.example.com': good }, damaged: true });
  });

  it('score history: a version-1 value (scores only) reads as version 2, each check list unknown', () => {
    const versionOne = {
      'https://a.example.com': {
        seen: 1,
        scans: [
          // fixed date: stored data, only parsed, never compared with the clock
          { scannedAt: '2026-10-01T09:00:00Z', score: 70 },
          // fixed date: stored data, only parsed, never compared with the clock
          { scannedAt: '2026-10-03T09:00:00Z', score: null },
        ],
      },
    };
    expect(parseStored(SCORE_HISTORY_RECORD, versionOne)).toEqual({
      value: {
        'https://a.example.com': {
          seen: 1,
          scans: [
            // fixed date: stored data, only parsed, never compared with the clock
            { scannedAt: '2026-10-01T09:00:00Z', score: 70, checks: null },
            // fixed date: stored data, only parsed, never compared with the clock
            { scannedAt: '2026-10-03T09:00:00Z', score: null, checks: null },
          ],
        },
      },
      damaged: false,
    });
    expect(migrated(SCORE_HISTORY_RECORD, 'nonsense', 1)).toBe('nonsense');
  });

  it('lookup log: keeps the good entries when one is damaged, and numbers on after them', () => {
    const parsed = parseStored(LOOKUP_LOG_RECORD, {
      nextId: 2,
      entries: [LOGGED, { ...LOGGED, id: 'four' }, null, { ...LOGGED, id: 5, at: 11 }],
    });
    expect(parsed).toEqual({
      value: { nextId: 6, entries: [LOGGED, { ...LOGGED, id: 5, at: 11 }] },
      damaged: true,
    });
  });

  it('lookup log: keeps an entry whose outcome a later version added', () => {
    const later = { ...LOGGED, outcome: 'moved-permanently' };
    expect(parseStored(LOOKUP_LOG_RECORD, { nextId: 4, entries: [later] })).toEqual({
      value: { nextId: 4, entries: [later] },
      damaged: false,
    });
  });
});

describe('records kept as text', () => {
  const log = { nextId: 4, entries: [LOGGED] };

  it('reads back what it wrote, and a value kept as a tree before', () => {
    expect(storedForm(LOOKUP_LOG_RECORD, log)).toBe(JSON.stringify(log));
    expect(parseStored(LOOKUP_LOG_RECORD, storedForm(LOOKUP_LOG_RECORD, log))).toEqual({
      value: log,
      damaged: false,
    });
    expect(parseStored(LOOKUP_LOG_RECORD, log)).toEqual({ value: log, damaged: false });
  });

  it('reads text that is cut short as damaged: its fallback', () => {
    const cut = JSON.stringify(log).slice(0, 20);
    expect(parseStored(LOOKUP_LOG_RECORD, cut)).toEqual({
      value: LOOKUP_LOG_RECORD.fallback(),
      damaged: true,
    });
  });

  it('is how the records a page reads whole and every lookup writes are kept', () => {
    const asText = ALL_RECORDS.filter((definition) => definition.asText);
    expect(asText.map((definition) => definition.name).sort()).toEqual([
      'lookup-log',
      'report-cache-index',
      'score-history',
    ]);
  });
});
