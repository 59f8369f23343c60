import { describe, expect, it } from 'vitest';
import { buildBackup, parseBackup, readBackupFile } from '../../../lib/backup/backup-file';
import {
  BACKUP_FORMAT,
  type Backup,
  type ImportChange,
  type ImportMode,
  type KeptData,
  MAX_BACKUP_LENGTH,
} from '../../../lib/backup/backup-format';
import { planImport, previewImport } from '../../../lib/backup/import-plan';
import { type LookupLogEntry, MAX_LOG_ENTRIES } from '../../../lib/history/lookup-log';
import { SCANS_PER_SITE } from '../../../lib/history/score-history';
import { DEFAULT_SETTINGS, type UserSettings } from '../../../lib/settings/settings';
import { MAX_WATCHED_SITES, type WatchRecord } from '../../../lib/sites/watch-list';

// fixed date: the clock this test passes to the code under test
const NOW = Date.parse('2026-11-22T10:00:00Z');
const site = (n: number) => `https://site-${n}.example.com`;
const watchRecord = (since: number, change: Partial<WatchRecord> = {}): WatchRecord => ({
  since,
  checkedAt: null,
  score: null,
  failed: [],
  seenReport: false,
  ...change,
});
const logEntry = (id: number, at: number, origin = site(1)): LookupLogEntry => ({
  id,
  at,
  origin,
  service: 'https://is-agentic.com',
  outcome: 'report',
  status: 200,
});

/** Everything a user keeps, each record with something in it. */
const KEPT: KeptData = {
  settings: {
    lookupMode: 'automatic',
    lookupModeChosen: true,
    pausedDomains: ['a.example.com', 'b.example.com'],
    badgeMode: 'off',
    oldReportDays: '90',
    serviceBaseUrl: 'https://lookup.example.com/api',
  },
  watchList: {
    [site(1)]: watchRecord(1, {
      checkedAt: 2,
      status: 'report',
      score: 74,
      failed: ['llms-txt'],
      seenReport: true,
    }),
    [site(2)]: watchRecord(3),
  },
  scoreHistory: {
    [site(1)]: {
      seen: 5,
      scans: [
        // fixed date: a past scan, set against other scans, never against the clock
        { scannedAt: '2026-11-01T00:00:00Z', score: 70, checks: null },
        // fixed date: a past scan, set against other scans, never against the clock
        { scannedAt: '2026-11-20T00:00:00Z', score: 74, checks: null },
      ],
    },
  },
  lookupLog: { nextId: 3, entries: [logEntry(1, 10), logEntry(2, 20, site(2))] },
};

/** A browser that has never been used. */
const FRESH: KeptData = {
  settings: DEFAULT_SETTINGS,
  watchList: {},
  scoreHistory: {},
  lookupLog: { nextId: 1, entries: [] },
};

const backupOf = (data: KeptData, choices = { includeHistory: true, includeLog: true }) =>
  buildBackup(data, { ...choices, now: NOW });

/** The file's JSON as an object, to spoil one value of. */
const fileObject = (): Record<string, unknown> => JSON.parse(JSON.stringify(backupOf(KEPT)));

function read(text: string): Backup {
  const reading = readBackupFile(text);
  if (!reading.ok) throw new Error(`refused: ${reading.problem}`);
  return reading.backup;
}

describe('a backup file', () => {
  it('reads back into a fresh browser as exactly what was kept', () => {
    const backup = read(JSON.stringify(backupOf(KEPT)));
    expect(planImport(FRESH, backup, { mode: 'replace' }).next).toEqual(KEPT);
  });

  it('names itself and its time, and holds history and log only when chosen', () => {
    const backup = backupOf(KEPT, { includeHistory: false, includeLog: false });
    expect(backup).toEqual({
      format: 'agent-readiness-badge-backup',
      version: 2,
      // fixed date: made from the clock this test passes in
      exportedAt: '2026-11-22T10:00:00.000Z',
      settings: KEPT.settings,
      watchList: KEPT.watchList,
    });
    expect(Object.keys(backupOf(KEPT, { includeHistory: true, includeLog: false }))).toContain(
      'scoreHistory',
    );
    expect(backupOf(KEPT, { includeHistory: false, includeLog: true }).lookupLog).toEqual(
      KEPT.lookupLog?.entries,
    );
  });

  it('leaves out what it could not read back, rather than making a file it would refuse', () => {
    const damaged: KeptData = {
      settings: { ...KEPT.settings, pausedDomains: ['a.example.com', 'not a site'] },
      watchList: {
        [site(1)]: watchRecord(1),
        'a.example.com': watchRecord(1),
        [site(2)]: { since: 'yesterday' } as unknown as WatchRecord,
      },
      lookupLog: { nextId: 3, entries: [logEntry(1, 10), { ...logEntry(2, 20), origin: '' }] },
    };
    const backup = read(JSON.stringify(backupOf(damaged)));
    expect(backup.settings.pausedDomains).toEqual(['a.example.com']);
    expect(Object.keys(backup.watchList)).toEqual([site(1)]);
    expect(backup.lookupLog).toEqual([logEntry(1, 10)]);
  });

  it('keeps paused domains normalised, sorted and once, and the base URL normalised', () => {
    const file = fileObject();
    file.settings = {
      ...KEPT.settings,
      pausedDomains: ['b.example.com', 'A.Example.com.', 'b.example.com'],
      serviceBaseUrl: 'https://lookup.example.com/api/',
    };
    const backup = read(JSON.stringify(file));
    expect(backup.settings.pausedDomains).toEqual(['a.example.com', 'b.example.com']);
    expect(backup.settings.serviceBaseUrl).toBe('https://lookup.example.com/api');
  });

  it('reads a version 1 file, its paused origins as their hosts', () => {
    const file = fileObject() as unknown as Record<string, unknown>;
    const { pausedDomains: _domains, ...settings } = KEPT.settings;
    const versionOne = {
      ...file,
      version: 1,
      settings: {
        ...settings,
        pausedSites: [
          'https://jira.example.com:8443',
          'http://jira.example.com',
          'https://a.example',
        ],
      },
    };
    const backup = read(JSON.stringify(versionOne));
    expect(backup.version).toBe(2);
    expect(backup.settings.pausedDomains).toEqual(['a.example', 'jira.example.com']);
    expect(backup.settings.lookupMode).toBe(KEPT.settings.lookupMode);
    // As version 1 did: a paused site that is no web origin refuses the file.
    for (const pausedSites of [['javascript:alert(1)'], ['https://a.example.com/x'], 'x']) {
      expect(
        readBackupFile(JSON.stringify({ ...versionOne, settings: { ...settings, pausedSites } })),
      ).toEqual({ ok: false, problem: 'malformed' });
    }
  });

  it.each([
    [true, 'all'],
    [false, 'off'],
  ] as const)('reads an older file whose badge switch is %s as badge mode %s', (visible, mode) => {
    const file = fileObject() as unknown as Record<string, unknown>;
    const { pausedDomains: _domains, badgeMode: _mode, ...settings } = KEPT.settings;
    const versionOne = {
      ...file,
      version: 1,
      settings: { ...settings, pausedSites: [], badgeVisible: visible },
    };
    const fromVersionOne = read(JSON.stringify(versionOne)).settings;
    expect(fromVersionOne.badgeMode).toBe(mode);
    expect(fromVersionOne).not.toHaveProperty('badgeVisible');
    const { badgeMode: _kept, ...withSwitch } = KEPT.settings;
    const earlyVersionTwo = { ...file, settings: { ...withSwitch, badgeVisible: visible } };
    expect(read(JSON.stringify(earlyVersionTwo)).settings.badgeMode).toBe(mode);
    // A switch that is no boolean refuses the file, as before.
    expect(
      readBackupFile(
        JSON.stringify({ ...versionOne, settings: { ...versionOne.settings, badgeVisible: 1 } }),
      ),
    ).toEqual({ ok: false, problem: 'malformed' });
  });

  it('refuses a text too long before parsing it', () => {
    const padded = JSON.stringify(backupOf(KEPT)).padEnd(MAX_BACKUP_LENGTH + 1, ' ');
    expect(readBackupFile(padded)).toEqual({ ok: false, problem: 'too-large' });
    expect(readBackupFile('x'.repeat(MAX_BACKUP_LENGTH + 1))).toEqual({
      ok: false,
      problem: 'too-large',
    });
  });

  it.each([
    '',
    '{',
    'hello',
    "{ format: 'agent-readiness-badge-backup' }",
  ])('refuses %j as not JSON', (text) => {
    expect(readBackupFile(text)).toEqual({ ok: false, problem: 'not-json' });
  });

  it.each([
    '[]',
    'null',
    '42',
    '"agent-readiness-badge-backup"',
    '{}',
    '{"format":"agent-readiness-sites"}',
  ])('refuses %s as not a backup', (text) => {
    expect(readBackupFile(text)).toEqual({ ok: false, problem: 'wrong-file' });
  });

  it.each([3, 17])('refuses a backup of version %i as newer', (version) => {
    expect(readBackupFile(JSON.stringify({ ...fileObject(), version }))).toEqual({
      ok: false,
      problem: 'newer-version',
    });
  });

  /** The run's own time, as the export writes it: each spoiled spelling is made from it. */
  const runTime = () => new Date().toISOString();
  const spoiled: [string, (file: Record<string, unknown>) => void][] = [
    ['version 0', (file) => (file.version = 0)],
    ['version "1"', (file) => (file.version = '1')],
    ['no version', (file) => delete file.version],
    ['no settings', (file) => delete file.settings],
    ['no watch list', (file) => delete file.watchList],
    ['an exportedAt that is no time', (file) => (file.exportedAt = 'yesterday')],
    [
      'an exportedAt with an offset',
      (file) => (file.exportedAt = `${runTime().slice(0, 23)}+01:00`),
    ],
    ['an exportedAt without seconds', (file) => (file.exportedAt = `${runTime().slice(0, 16)}Z`)],
    [
      'an exportedAt on a day that does not exist',
      (file) => (file.exportedAt = `${runTime().slice(0, 4)}-02-30${runTime().slice(10)}`),
    ],
    ['a watch list that is a list', (file) => (file.watchList = [])],
    ['a score history that is a list', (file) => (file.scoreHistory = [])],
    [
      'an unknown lookup mode',
      (file) => (file.settings = { ...KEPT.settings, lookupMode: 'always' }),
    ],
    ['a setting left out', (file) => (file.settings = { ...KEPT.settings, badgeMode: undefined })],
    [
      'a paused javascript: URL',
      (file) => (file.settings = { ...KEPT.settings, pausedDomains: ['javascript:alert(1)'] }),
    ],
    [
      'a paused origin rather than a domain',
      (file) => (file.settings = { ...KEPT.settings, pausedDomains: ['https://a.example.com'] }),
    ],
    [
      'a paused wildcard',
      (file) => (file.settings = { ...KEPT.settings, pausedDomains: ['*.example.com'] }),
    ],
    [
      'an ftp service base URL',
      (file) => (file.settings = { ...KEPT.settings, serviceBaseUrl: 'ftp://lookup.example.com' }),
    ],
    [
      'a service base URL that is no URL',
      (file) => (file.settings = { ...KEPT.settings, serviceBaseUrl: 'lookup.example.com' }),
    ],
    [
      'a watched host without scheme',
      (file) => (file.watchList = { 'a.example.com': watchRecord(1) }),
    ],
    [
      'a watch record without its start',
      (file) => (file.watchList = { [site(1)]: { ...watchRecord(1), since: null } }),
    ],
    [
      'a watch record with an unknown status',
      (file) => (file.watchList = { [site(1)]: { ...watchRecord(1), status: 'exploded' } }),
    ],
    [
      'a score above 100 in the history',
      (file) =>
        (file.scoreHistory = {
          [site(1)]: {
            seen: 1,
            // fixed date: a past scan, set against other scans, never against the clock
            scans: [{ scannedAt: '2026-11-01T00:00:00Z', score: 101, checks: null }],
          },
        }),
    ],
    [
      'a scan time that is no time',
      (file) =>
        (file.scoreHistory = {
          [site(1)]: { seen: 1, scans: [{ scannedAt: 'x', score: 1, checks: null }] },
        }),
    ],
    ['a log that is no list', (file) => (file.lookupLog = { entries: [] })],
    [
      'a log entry with an unknown outcome',
      (file) => (file.lookupLog = [{ ...logEntry(1, 1), outcome: 'exploded' }]),
    ],
  ];
  it.each(spoiled)('refuses a backup with %s as malformed', (_, spoil) => {
    const file = fileObject();
    spoil(file);
    expect(readBackupFile(JSON.stringify(file))).toEqual({ ok: false, problem: 'malformed' });
  });

  it('refuses a time that is not a finite number (1e999 in JSON) as malformed', () => {
    const text = JSON.stringify(fileObject()).replace(/"since":\d+/, '"since":1e999');
    expect(text).toContain('1e999');
    expect(readBackupFile(text)).toEqual({ ok: false, problem: 'malformed' });
  });

  it('drops a "__proto__" key rather than letting it reach a prototype', () => {
    const file = fileObject();
    file.watchList = JSON.parse(`{"__proto__":${JSON.stringify(watchRecord(1))}}`);
    const backup = read(JSON.stringify(file));
    expect(Object.getPrototypeOf(backup.watchList)).toBe(Object.prototype);
    expect(Object.keys(backup.watchList)).toEqual([]);
    expect(({} as Record<string, unknown>).since).toBeUndefined();
  });

  it('reads a value that throws on reading as malformed, without throwing', () => {
    const trap = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
      },
    );
    expect(parseBackup(trap)).toEqual({ ok: false, problem: 'malformed' });
    expect(parseBackup(undefined)).toEqual({ ok: false, problem: 'wrong-file' });
  });

  it('ignores fields it does not know', () => {
    const backup = read(JSON.stringify({ ...fileObject(), comment: 'from the old laptop' }));
    expect(backup).not.toHaveProperty('comment');
    expect(backup.format).toBe(BACKUP_FORMAT);
  });
});

describe('planning an import', () => {
  const mine: UserSettings = {
    lookupMode: 'on-click',
    lookupModeChosen: true,
    pausedDomains: ['a.example.com', 'c.example.com'],
    badgeMode: 'all',
    oldReportDays: '30',
    serviceBaseUrl: null,
  };
  const theirs: UserSettings = {
    lookupMode: 'automatic',
    lookupModeChosen: true,
    pausedDomains: ['a.example.com', 'b.example.com'],
    badgeMode: 'off',
    oldReportDays: '7',
    serviceBaseUrl: 'https://lookup.example.com',
  };
  const current: KeptData = {
    settings: mine,
    watchList: { [site(1)]: watchRecord(10, { score: 80 }), [site(3)]: watchRecord(30) },
  };
  const file = backupOf({
    settings: theirs,
    watchList: { [site(1)]: watchRecord(5, { score: 60 }), [site(2)]: watchRecord(20) },
  });
  const settingsChanges: ImportChange[] = [
    { kind: 'lookup-mode', from: 'on-click', to: 'automatic' },
    { kind: 'badge', from: 'all', to: 'off' },
    { kind: 'old-reports', from: '30', to: '7' },
    { kind: 'service-base-url', from: null, to: 'https://lookup.example.com' },
    { kind: 'paused-sites-added', sites: ['b.example.com'] },
  ];

  it.each<[ImportMode, Partial<KeptData>, ImportChange[]]>([
    [
      'merge',
      {
        settings: {
          ...theirs,
          pausedDomains: ['a.example.com', 'b.example.com', 'c.example.com'],
        },
        watchList: {
          [site(1)]: watchRecord(10, { score: 80 }),
          [site(2)]: watchRecord(20),
          [site(3)]: watchRecord(30),
        },
      },
      [...settingsChanges, { kind: 'watched-sites-added', sites: [site(2)] }],
    ],
    [
      'replace',
      {
        settings: theirs,
        watchList: { [site(1)]: watchRecord(5, { score: 60 }), [site(2)]: watchRecord(20) },
      },
      [
        ...settingsChanges,
        { kind: 'paused-sites-removed', sites: ['c.example.com'] },
        { kind: 'watched-sites-added', sites: [site(2)] },
        { kind: 'watched-sites-removed', sites: [site(3)] },
      ],
    ],
  ])('%s: takes what it should and says what changes', (mode, next, changes) => {
    const plan = planImport(current, file, { mode });
    expect(plan.next).toEqual(next);
    expect(plan.changes).toEqual(changes);
  });

  it.each<ImportMode>([
    'merge',
    'replace',
  ])('%s: keeps the old-report choice here when the file is from before it', (mode) => {
    const { oldReportDays: _left, ...older } = theirs;
    const text = JSON.stringify({ ...file, settings: older });
    const plan = planImport(current, read(text), { mode });
    expect(plan.next.settings.oldReportDays).toBe(mine.oldReportDays);
    expect(plan.changes.map((change) => change.kind)).not.toContain('old-reports');
  });

  it('offers both ways for the preview', () => {
    expect(previewImport(current, file)).toEqual({
      merge: planImport(current, file, { mode: 'merge' }).changes,
      replace: planImport(current, file, { mode: 'replace' }).changes,
    });
  });

  it.each<ImportMode>([
    'merge',
    'replace',
  ])('%s: a backup of what is here changes nothing', (mode) => {
    const here = read(JSON.stringify(backupOf(KEPT)));
    expect(planImport(KEPT, here, { mode }).changes.map((change) => change.kind)).toEqual(
      mode === 'merge' ? [] : ['score-history-replaced', 'lookup-log-replaced'],
    );
  });

  it.each<[ImportMode, UserSettings]>([
    ['merge', mine],
    ['replace', { ...mine, lookupMode: 'on-click', lookupModeChosen: false }],
  ])('%s: a file whose consent question was never answered', (mode, expected) => {
    const unanswered = backupOf({
      settings: { ...mine, lookupModeChosen: false },
      watchList: {},
    });
    const plan = planImport(current, unanswered, { mode });
    expect(plan.next.settings).toEqual(expected);
    expect(plan.changes.some((change) => change.kind === 'lookup-mode')).toBe(mode === 'replace');
  });

  it('leaves records the file does not carry alone', () => {
    const plan = planImport(KEPT, backupOf(KEPT, { includeHistory: false, includeLog: false }), {
      mode: 'replace',
    });
    expect(plan.next).not.toHaveProperty('scoreHistory');
    expect(plan.next).not.toHaveProperty('lookupLog');
  });
});

describe('the watch list cap on import', () => {
  const listOf = (from: number, count: number) =>
    Object.fromEntries(
      Array.from({ length: count }, (_, i) => [site(from + i), watchRecord(from + i)]),
    );

  it('merge: adds what fits, the sites watched longest first, and names the rest', () => {
    const current: KeptData = {
      settings: DEFAULT_SETTINGS,
      watchList: listOf(0, MAX_WATCHED_SITES - 1),
    };
    const file = backupOf({ settings: DEFAULT_SETTINGS, watchList: listOf(100, 3) });
    const plan = planImport(current, file, { mode: 'merge' });
    expect(Object.keys(plan.next.watchList)).toHaveLength(MAX_WATCHED_SITES);
    expect(plan.changes).toEqual([
      { kind: 'watched-sites-added', sites: [site(100)] },
      { kind: 'watched-sites-left-out', sites: [site(101), site(102)], limit: MAX_WATCHED_SITES },
    ]);
  });

  it('replace: keeps at most the limit of a longer list', () => {
    const file = backupOf({
      settings: DEFAULT_SETTINGS,
      watchList: listOf(0, MAX_WATCHED_SITES + 2),
    });
    const plan = planImport(FRESH, file, { mode: 'replace' });
    expect(Object.keys(plan.next.watchList)).toHaveLength(MAX_WATCHED_SITES);
    expect(plan.changes.at(-1)).toEqual({
      kind: 'watched-sites-left-out',
      sites: [site(MAX_WATCHED_SITES), site(MAX_WATCHED_SITES + 1)],
      limit: MAX_WATCHED_SITES,
    });
  });

  it('merge into a full list adds nothing', () => {
    const current: KeptData = {
      settings: DEFAULT_SETTINGS,
      watchList: listOf(0, MAX_WATCHED_SITES),
    };
    const file = backupOf({ settings: DEFAULT_SETTINGS, watchList: listOf(0, 1) });
    expect(planImport(current, file, { mode: 'merge' }).changes).toEqual([]);
  });
});

describe('score history and lookup log on import', () => {
  const scan = (day: number, score: number) => ({
    scannedAt: `2026-11-${String(day).padStart(2, '0')}T00:00:00Z`,
    score,
    checks: null,
  });
  const current: KeptData = {
    settings: DEFAULT_SETTINGS,
    watchList: {},
    scoreHistory: { [site(1)]: { seen: 100, scans: [scan(1, 50), scan(10, 60)] } },
    lookupLog: { nextId: 8, entries: [logEntry(6, 30), logEntry(7, 50)] },
  };
  const file = backupOf({
    settings: DEFAULT_SETTINGS,
    watchList: {},
    scoreHistory: {
      [site(1)]: { seen: 200, scans: [scan(5, 55), scan(10, 60)] },
      [site(2)]: { seen: 150, scans: [scan(3, 90)] },
    },
    lookupLog: { nextId: 3, entries: [logEntry(1, 30), logEntry(2, 40, site(2))] },
  });

  it('merge: adds the scans and lookups not here yet, numbered on from this log', () => {
    const plan = planImport(current, file, { mode: 'merge' });
    expect(plan.next.scoreHistory).toEqual({
      [site(1)]: { seen: 200, scans: [scan(1, 50), scan(5, 55), scan(10, 60)] },
      [site(2)]: { seen: 150, scans: [scan(3, 90)] },
    });
    expect(plan.next.lookupLog).toEqual({
      nextId: 9,
      entries: [logEntry(6, 30), logEntry(8, 40, site(2)), logEntry(7, 50)],
    });
    expect(plan.changes).toEqual([
      { kind: 'score-history-merged', scans: 2 },
      { kind: 'lookup-log-merged', entries: 1 },
    ]);
  });

  it('replace: takes the file’s, its entries numbered on from this log', () => {
    const plan = planImport(current, file, { mode: 'replace' });
    expect(plan.next.scoreHistory).toEqual(file.scoreHistory);
    expect(plan.next.lookupLog).toEqual({
      nextId: 10,
      entries: [logEntry(8, 30), logEntry(9, 40, site(2))],
    });
    expect(plan.changes).toEqual([
      { kind: 'score-history-replaced', sites: 2 },
      { kind: 'lookup-log-replaced', entries: 2 },
    ]);
  });

  it('keeps the bounds of each record', () => {
    const scans = Array.from({ length: 15 }, (_, i) => scan(i + 1, i));
    const entries = Array.from({ length: MAX_LOG_ENTRIES + 50 }, (_, i) => logEntry(i + 1, i));
    const big = backupOf({
      settings: DEFAULT_SETTINGS,
      watchList: {},
      scoreHistory: { [site(1)]: { seen: 1, scans } },
      lookupLog: { nextId: entries.length + 1, entries },
    });
    const plan = planImport(FRESH, big, { mode: 'replace' });
    expect(plan.next.scoreHistory?.[site(1)]?.scans).toEqual(scans.slice(-SCANS_PER_SITE));
    expect(plan.next.lookupLog?.entries).toHaveLength(MAX_LOG_ENTRIES);
    expect(plan.next.lookupLog?.entries[0]?.at).toBe(50);
  });
});
