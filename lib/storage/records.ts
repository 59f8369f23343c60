/**
 * The record table: every record the extension keeps, defined once. Everything else reads and
 * writes records through these definitions; nothing names a storage key of its own.
 *
 * | record             | area    | key                                   | version | written by      |
 * |--------------------|---------|---------------------------------------|---------|-----------------|
 * | settings           | local   | settings                              | 2       | worker, intents |
 * | managed-policy     | local   | managed-policy                        | 1       | worker          |
 * | watch-list         | local   | watch-list:v1                         | 1       | worker, intents |
 * | lookup-log         | local   | lookup-log:v1                         | 1       | worker          |
 * | score-history      | local   | score-history                         | 2       | worker          |
 * | deprecation-notice | local   | service-deprecation:v1                | 1       | worker          |
 * | retry-gate         | local   | retry-gate:v1:<service> (one each)    | 2       | worker          |
 * | report-cache       | local   | report-cache:v2:<service>|<site>      | 1       | worker          |
 * | report-cache-totals| local   | report-cache-totals:v2                | 1       | worker          |
 * | report-cache-rows  | local   | report-cache-rows:<shard> (16)        | 1       | worker          |
 * | tab-state          | session | tab-state:<tab id>                    | 1       | worker          |
 * | storage-versions   | local   | storage-versions                      | 1       | worker          |
 *
 * The ":v1"/":v2" in some keys are the names 0.1.0 gave them, kept so an update finds the data
 * where it is; the version that counts is the record's own, kept in `storage-versions`.
 *
 * To add a record: define it here (key, schema, fallback, version 1), add it to ALL_RECORDS,
 * and give it a parse test. To change a record's shape: raise its version, add the migration
 * from the previous version under the new number, and a test that a stored value of the old
 * shape reads as the new one (tests/unit/storage/records.test.ts).
 */
import type CachePolicy from 'http-cache-semantics';
import * as z from 'zod/mini';
import { contractSchemas } from '../contract/report-schema';
import type { RecordDefinition } from './stored-record';

// ---- what the user chose ---------------------------------------------------------------------

export type LookupMode = 'on-click' | 'automatic';

/**
 * What the toolbar badge shows: `all` a score or a mark for every state, `scores` only a
 * numeric score, `off` no text. The tooltip says the state in words under each.
 */
export const BADGE_MODES = ['all', 'scores', 'off'] as const;
export type BadgeMode = (typeof BADGE_MODES)[number];

/** An absolute http(s) address: the client cannot be built on anything else. */
function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Paused domains as a set: strings only, sorted, each once. */
const sortedUnique = (values: unknown[]): string[] =>
  [...new Set(values.filter((value): value is string => typeof value === 'string'))].sort();

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Each field falls back on its own: one bad field never costs the user the others. A value
 * without `pausedDomains` is of version 1 (or written by hand, or by a test's direct write):
 * it does not parse as it is, so the read takes it through the migration, which keeps its
 * paused sites.
 */
function settingsSchema() {
  return z.pipe(
    z.custom<Record<string, unknown>>((value) => isObject(value) && 'pausedDomains' in value),
    z.object({
      lookupMode: z.catch(z.enum(['on-click', 'automatic']), 'on-click'),
      lookupModeChosen: z.catch(z.boolean(), false),
      pausedDomains: z.catch(z.pipe(z.array(z.unknown()), z.transform(sortedUnique)), []),
      badgeMode: z.catch(z.enum(BADGE_MODES), 'all'),
      serviceBaseUrl: z.catch(z.nullable(z.string().check(z.refine(isHttpUrl))), null),
    }),
  );
}

/**
 * The host of a version 1 paused site (an origin: `https://jira.example.com:8443`), as the
 * URL parser writes it; null for anything that is no web origin.
 */
function hostOfPausedOrigin(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const { protocol, hostname } = new URL(value);
    if (protocol !== 'http:' && protocol !== 'https:') return null;
    const host = hostname.replace(/\.$/, '');
    return host === '' ? null : host;
  } catch {
    return null;
  }
}

/**
 * Version 1's badge switch as a badge mode: on showed everything, off showed no text. Anything
 * else is no choice at all, and takes the default.
 */
export function badgeModeOfVisible(visible: unknown): BadgeMode | undefined {
  if (visible === true) return 'all';
  if (visible === false) return 'off';
  return undefined;
}

/**
 * Version 1 paused exact origins (`pausedSites`); version 2 pauses domains (`pausedDomains`),
 * each covering its subdomains on any scheme and port. An origin becomes its host: a pause
 * covers at least what it covered before, and what else it now covers the user asked for by
 * pausing the site. Entries that are no web origin are dropped. Version 1's badge switch
 * (`badgeVisible`) becomes a badge mode (`badgeMode`).
 */
function settingsToVersion2(older: unknown): unknown {
  // Already of version 2 (a store that noted no version): nothing to do.
  if (!isObject(older) || 'pausedDomains' in older) return older;
  const { pausedSites, badgeVisible, ...rest } = older;
  const hosts = Array.isArray(pausedSites) ? pausedSites.map(hostOfPausedOrigin) : [];
  const badgeMode = badgeModeOfVisible(badgeVisible);
  return {
    ...rest,
    pausedDomains: [...new Set(hosts.filter((host) => host !== null))].sort(),
    ...(badgeMode === undefined ? {} : { badgeMode }),
  };
}

export interface StoredSettings {
  /**
   * `on-click` looks a site up only when the user opens the popup on it; `automatic` looks up
   * every active tab, and is never the mode until the user has said yes to it.
   */
  lookupMode: LookupMode;
  /** Whether the user has answered the consent question (first-run page, options or popup). */
  lookupModeChosen: boolean;
  /**
   * Domains never looked up (lib/privacy/paused-domains.ts), sorted and without duplicates:
   * each covers itself and its subdomains on any scheme and port.
   */
  pausedDomains: readonly string[];
  /** What the toolbar badge shows (lib/badge/badge.ts). */
  badgeMode: BadgeMode;
  /** The user's own service base URL; null means the one this build was made for. */
  serviceBaseUrl: string | null;
}

export const DEFAULT_SETTINGS: StoredSettings = {
  lookupMode: 'on-click',
  lookupModeChosen: false,
  pausedDomains: [],
  badgeMode: 'all',
  serviceBaseUrl: null,
};

export const SETTINGS_RECORD: RecordDefinition<StoredSettings> = {
  name: 'settings',
  area: 'local',
  key: 'settings',
  version: 2,
  schema: settingsSchema,
  fallback: () => ({ ...DEFAULT_SETTINGS }),
  // Any object keeps its good fields (the schema's own catches); anything else is the default.
  keptByClear: true,
  migrations: { 2: settingsToVersion2 },
};

// ---- what an administrator set ---------------------------------------------------------------

export interface PolicyCopy {
  serviceBaseUrl: string | null;
  forceOnClick: boolean;
  disableWatchList: boolean;
  /** Added after version 1 of the copy; a copy without it reads as listing none. */
  neverLookUpDomains: readonly string[];
  /** Added after version 1 of the copy; a copy without it reads as setting none. */
  badgeMode: BadgeMode | null;
}

export const POLICY_COPY_RECORD: RecordDefinition<PolicyCopy> = {
  name: 'managed-policy',
  area: 'local',
  key: 'managed-policy',
  version: 1,
  schema: () =>
    z.object({
      serviceBaseUrl: z.nullable(z.string()),
      forceOnClick: z.boolean(),
      disableWatchList: z.boolean(),
      neverLookUpDomains: z.catch(z.array(z.string()), []),
      badgeMode: z.catch(z.nullable(z.enum(BADGE_MODES)), null),
    }),
  // No copy means "read the policy itself": never a guessed one.
  fallback: () => ({
    serviceBaseUrl: null,
    forceOnClick: false,
    disableWatchList: false,
    neverLookUpDomains: [],
    badgeMode: null,
  }),
};

// ---- sites the user watches ------------------------------------------------------------------

const TAB_VIEW_STATUSES = [
  'loading',
  'report',
  'no-report',
  'busy',
  'service-moved',
  'service-not-permitted',
  'unavailable',
  'invalid-response',
  'rejected',
  'not-looked-up',
] as const;

function watchRecordSchema() {
  return z.object({
    since: z.number(),
    checkedAt: z.nullable(z.number()),
    // A state a later version names is no reason to forget the site: it reads as unknown.
    status: z.catch(z.optional(z.enum(TAB_VIEW_STATUSES)), undefined),
    score: z.nullable(z.number()),
    failed: z.array(z.string()),
    seenReport: z.boolean(),
  });
}

export type WatchRecord = z.infer<ReturnType<typeof watchRecordSchema>>;
export type WatchList = Record<string, WatchRecord>;

/** The items of a list that parse, in order; the others are left out. */
function readableItems<T>(values: readonly unknown[], item: z.ZodMiniType<T>): T[] {
  return values.flatMap((value) => {
    const parsed = item.safeParse(value);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Keeps every well-formed site of a list that has a damaged one. */
function salvageEntries<T>(raw: unknown, entry: z.ZodMiniType<T>): Record<string, T> | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const kept: Record<string, T> = {};
  for (const [site, value] of Object.entries(raw)) {
    // A key that would set the object's prototype is no site.
    if (site === '__proto__') continue;
    const parsed = entry.safeParse(value);
    if (parsed.success) kept[site] = parsed.data;
  }
  return kept;
}

export const WATCH_LIST_RECORD: RecordDefinition<WatchList> = {
  name: 'watch-list',
  area: 'local',
  key: 'watch-list:v1',
  version: 1,
  schema: () => z.record(z.string(), watchRecordSchema()),
  fallback: () => ({}),
  salvage: (raw) => salvageEntries(raw, watchRecordSchema()),
};

// ---- what the extension remembers for the user -----------------------------------------------

function logEntrySchema() {
  return z.object({
    id: z.number(),
    at: z.number(),
    origin: z.string(),
    service: z.string(),
    // Any outcome name: one a later version adds is still a line in the log.
    outcome: z.string(),
    status: z.catch(z.nullable(z.number()), null),
  });
}

export type StoredLogEntry = z.infer<ReturnType<typeof logEntrySchema>>;

export interface StoredLookupLog {
  nextId: number;
  /** Oldest first. */
  entries: StoredLogEntry[];
}

export const LOOKUP_LOG_RECORD: RecordDefinition<StoredLookupLog> = {
  name: 'lookup-log',
  area: 'local',
  key: 'lookup-log:v1',
  version: 1,
  schema: () => z.object({ nextId: z.number(), entries: z.array(logEntrySchema()) }),
  fallback: () => ({ nextId: 1, entries: [] }),
  // A damaged entry is dropped, not the whole log.
  salvage(raw) {
    if (typeof raw !== 'object' || raw === null) return null;
    const { entries, nextId } = raw as { entries?: unknown; nextId?: unknown };
    const kept = Array.isArray(entries) ? readableItems(entries, logEntrySchema()) : [];
    const next = Math.max(
      typeof nextId === 'number' && Number.isFinite(nextId) ? nextId : 0,
      ...kept.map((value) => value.id + 1),
      1,
    );
    return { nextId: next, entries: kept };
  },
};

/**
 * Checks kept per scan. A report listing more is no report of this service's checks (a hostile
 * or broken one): its checks are kept as unknown rather than cut, since a cut list would show
 * the checks cut off as fixed.
 */
export const MAX_CHECKS_PER_SCAN = 60;
/** A check's name is cut to this length (with "…"): enough for any name the popup shows. */
export const MAX_CHECK_NAME_LENGTH = 80;
/** A check's id longer than this makes the scan's checks unknown: ids are compared, never cut. */
export const MAX_CHECK_ID_LENGTH = 80;

/** At most `max` long: a refinement, as the other bounds here, not zod's own length check. */
const atMost =
  (max: number) =>
  (value: { length: number }): boolean =>
    value.length <= max;

/** A check the report listed as not passed, as the history keeps it. */
function listedCheckSchema() {
  return z.object({
    id: z.string().check(z.refine(atMost(MAX_CHECK_ID_LENGTH))),
    name: z.string().check(z.refine(atMost(MAX_CHECK_NAME_LENGTH))),
    tier: z.enum(['essential', 'recommended', 'bonus']),
    result: z.enum(['failed', 'partial']),
  });
}

/**
 * What a scan checked, beside its score: the checks it listed (each issue of the report), how
 * many checks it could run (`eligible_checks`) and the tiers it scored. Bounded as it is
 * recorded (lib/history/score-history.ts).
 */
export function scanChecksSchema() {
  return z.object({
    listed: z.array(listedCheckSchema()).check(z.refine(atMost(MAX_CHECKS_PER_SCAN))),
    eligible: z.number(),
    tiers: z.array(z.enum(['essential', 'recommended', 'bonus'])),
  });
}

function scoreRecordSchema() {
  return z.object({
    scannedAt: z.string(),
    score: z.nullable(z.number()),
    // Null: not known (a scan recorded by version 1, which kept only the score). Never an empty
    // list, which would claim the scan listed no check.
    checks: z.nullable(scanChecksSchema()),
  });
}

function siteHistorySchema() {
  return z.object({ seen: z.number(), scans: z.array(scoreRecordSchema()) });
}

export type ListedCheck = z.infer<ReturnType<typeof listedCheckSchema>>;
export type ScanChecks = z.infer<ReturnType<typeof scanChecksSchema>>;
export type ScoreRecord = z.infer<ReturnType<typeof scoreRecordSchema>>;
export type SiteHistory = z.infer<ReturnType<typeof siteHistorySchema>>;
export type StoredScoreHistory = Record<string, SiteHistory>;

/** A version 1 scan (`scannedAt`, `score`) as version 2: its checks are not known. */
function scanToVersion2(scan: unknown): unknown {
  return isObject(scan) && !('checks' in scan) ? { ...scan, checks: null } : scan;
}

/** Version 1 kept only each scan's score; version 2 adds what each scan checked. */
function historyToVersion2(older: unknown): unknown {
  if (!isObject(older)) return older;
  return Object.fromEntries(
    Object.entries(older).map(([site, entry]) => [
      site,
      isObject(entry) && Array.isArray(entry.scans)
        ? { ...entry, scans: entry.scans.map(scanToVersion2) }
        : entry,
    ]),
  );
}

/**
 * Keeps every readable scan of every site whose `seen` time is readable. A scan of version 1
 * among them is kept too, its checks unknown.
 */
function salvageHistory(raw: unknown): StoredScoreHistory | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const scan = scoreRecordSchema();
  const kept: StoredScoreHistory = {};
  for (const [site, value] of Object.entries(raw)) {
    if (site === '__proto__') continue;
    const { seen, scans } = (value ?? {}) as { seen?: unknown; scans?: unknown };
    if (typeof seen !== 'number' || !Number.isFinite(seen) || !Array.isArray(scans)) continue;
    kept[site] = {
      seen,
      scans: readableItems(scans.map(scanToVersion2), scan),
    };
  }
  return kept;
}

export const SCORE_HISTORY_RECORD: RecordDefinition<StoredScoreHistory> = {
  name: 'score-history',
  area: 'local',
  key: 'score-history',
  version: 2,
  schema: () => z.record(z.string(), siteHistorySchema()),
  fallback: () => ({}),
  // One damaged scan costs that scan, not the site's whole history.
  salvage: salvageHistory,
  migrations: { 2: historyToVersion2 },
};

// ---- what the service said -------------------------------------------------------------------

function deprecationNoticeSchema() {
  return z.object({
    baseUrl: z.string(),
    deprecatedSince: z.nullable(z.number()),
    sunsetAt: z.nullable(z.number()),
    successor: z.nullable(z.string()),
  });
}

export type StoredDeprecationNotice = z.infer<ReturnType<typeof deprecationNoticeSchema>>;

export const DEPRECATION_NOTICE_RECORD: RecordDefinition<StoredDeprecationNotice | null> = {
  name: 'deprecation-notice',
  area: 'local',
  key: 'service-deprecation:v1',
  version: 1,
  schema: () => z.nullable(deprecationNoticeSchema()),
  fallback: () => null,
};

function quotaSchema() {
  return z.object({ remaining: z.number(), resetAt: z.number() });
}

function retryGateSchema() {
  return z.object({
    failuresInARow: z.number(),
    serviceNotBefore: z.nullable(z.number()),
    targetNotBefore: z.record(z.string(), z.number()),
    busyUntil: z.nullable(z.number()),
    quota: z.nullable(quotaSchema()),
  });
}

export type StoredRetryGate = z.infer<ReturnType<typeof retryGateSchema>>;

export const RETRY_GATE_RECORD: RecordDefinition<StoredRetryGate> = {
  name: 'retry-gate',
  area: 'local',
  key: 'retry-gate:v1:',
  family: true,
  version: 2,
  schema: retryGateSchema,
  // No pause at all: a damaged record costs at most the one pause it held.
  fallback: () => ({
    failuresInARow: 0,
    serviceNotBefore: null,
    targetNotBefore: {},
    busyUntil: null,
    quota: null,
  }),
  migrations: {
    // 0.1.0 left out the busy pause and the quota until the service first stated them.
    2: (older) =>
      typeof older === 'object' && older !== null
        ? { busyUntil: null, quota: null, ...older }
        : older,
  },
};

// ---- answers kept ----------------------------------------------------------------------------

function responseMetaSchema() {
  return z.object({ status: z.number(), headers: z.record(z.string(), z.string()) });
}

function cacheEntrySchema() {
  const response = responseMetaSchema();
  const outcome = z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('report'),
      // Validated again as it is read: a stored report is shown only if it keeps the contract.
      report: contractSchemas().scanReport,
      response,
    }),
    z.object({
      kind: z.literal('no-report'),
      message: z.nullable(z.string()),
      resolution: z.optional(z.nullable(z.string())),
      scanUrl: z.nullable(z.string()),
      documentationUrl: z.nullable(z.string()),
      response,
    }),
  ]);
  // http-cache-semantics' own object (toObject()): the fields it reads back, loosely; the
  // library takes it from there.
  const policy = z.pipe(
    z.looseObject({
      v: z.literal(1),
      t: z.number(),
      st: z.number(),
      u: z.optional(z.string()),
      resh: z.record(z.string(), z.unknown()),
      rescc: z.record(z.string(), z.unknown()),
      reqcc: z.record(z.string(), z.unknown()),
    }),
    z.transform((checked) => checked as unknown as CachePolicy.CachePolicyObject),
  );
  return z.object({ outcome, policy, receivedAt: z.number(), usedAt: z.number() });
}

export type StoredCacheEntry = z.infer<ReturnType<typeof cacheEntrySchema>>;
/** No entry: what a read of a missing or unusable entry gives. */
const nullableCacheEntry = () => z.nullable(cacheEntrySchema());

export const CACHE_ENTRY_RECORD: RecordDefinition<StoredCacheEntry | null> = {
  name: 'report-cache',
  area: 'local',
  key: 'report-cache:v2:',
  family: true,
  version: 1,
  schema: nullableCacheEntry,
  fallback: () => null,
};

export interface CacheTotals {
  entries: number;
  bytes: number;
}

export const CACHE_TOTALS_RECORD: RecordDefinition<CacheTotals> = {
  name: 'report-cache-totals',
  area: 'local',
  key: 'report-cache-totals:v2',
  version: 1,
  schema: () => z.object({ entries: z.number(), bytes: z.number() }),
  // Counted again by the next purge.
  fallback: () => ({ entries: 0, bytes: 0 }),
};

/**
 * What the sites page lists of each kept answer, kept beside the entries so the page reads a
 * few small records instead of every report (the entries' reports are most of their bytes).
 * Written in the same storage call as the entry it describes, one shard per group of sites
 * (CACHE_ROW_SHARDS, by a hash of the entry's name), so a write rewrites a small record. The
 * purge builds them all again from the entries.
 */
export interface StoredCacheRow {
  kind: 'report' | 'no-report';
  receivedAt: number;
  /** Until when (epoch ms) the answer is fresh; null when it never was. */
  freshUntil: number | null;
  /** Until when (epoch ms) the answer can serve at all; the page leaves it out after. */
  usableUntil: number;
  score: number | null;
  label: string | null;
  scannedAt: string | null;
  /** Failed and partial checks per tier; null without a report. */
  issues: Record<'essential' | 'recommended' | 'bonus', { failed: number; partial: number }> | null;
}

const isNumber = (value: unknown): value is number => typeof value === 'number';
const isStringOrNull = (value: unknown) => value === null || typeof value === 'string';
const isCounts = (value: unknown) =>
  isObject(value) && isNumber(value.failed) && isNumber(value.partial);

/**
 * A row checked by hand rather than by a schema: the sites page checks thousands of them when
 * it opens, and each is a flat record the worker wrote from an entry it had validated.
 */
function isCacheRow(value: unknown): value is StoredCacheRow {
  if (!isObject(value)) return false;
  const { issues } = value;
  return (
    (value.kind === 'report' || value.kind === 'no-report') &&
    isNumber(value.receivedAt) &&
    (value.freshUntil === null || isNumber(value.freshUntil)) &&
    isNumber(value.usableUntil) &&
    (value.score === null || isNumber(value.score)) &&
    isStringOrNull(value.label) &&
    isStringOrNull(value.scannedAt) &&
    (issues === null ||
      (isObject(issues) &&
        isCounts(issues.essential) &&
        isCounts(issues.recommended) &&
        isCounts(issues.bonus)))
  );
}

/** One shard: entry name (`<service>|<site>`, as in the entry's key) → its row. */
export type StoredCacheRowShard = Record<string, StoredCacheRow>;

/** How many shards the rows are kept in: the item ids are "0" to "15". */
export const CACHE_ROW_SHARDS = 16;

export const CACHE_ROWS_RECORD: RecordDefinition<StoredCacheRowShard> = {
  name: 'report-cache-rows',
  area: 'local',
  key: 'report-cache-rows:',
  family: true,
  version: 1,
  schema: () => z.record(z.string(), z.custom<StoredCacheRow>(isCacheRow)),
  // A damaged shard reads as empty; the rows then no longer add up to the totals' count, and
  // the page reads the entries themselves until the purge builds the rows again.
  fallback: () => ({}),
};

// ---- each tab's view -------------------------------------------------------------------------

/**
 * A tab's state as stored. The view itself is checked only for its status: the worker wrote
 * it from an answer it had validated, and it lives only as long as the browser session.
 */
function tabStateSchema() {
  return z.object({
    target: z.nullable(z.string()),
    view: z.looseObject({ status: z.enum(TAB_VIEW_STATUSES) }),
    updatedAt: z.number(),
    freshUntil: z.optional(z.number()),
    service: z.string(),
  });
}

export type StoredTabState = z.infer<ReturnType<typeof tabStateSchema>>;

export const TAB_STATE_RECORD: RecordDefinition<StoredTabState | null> = {
  name: 'tab-state',
  area: 'session',
  key: 'tab-state:',
  family: true,
  version: 1,
  schema: () => z.nullable(tabStateSchema()),
  fallback: () => null,
};

// ---- the store's own -------------------------------------------------------------------------

/** Which version of each record the store holds, by record name. */
export const STORAGE_VERSIONS_RECORD: RecordDefinition<Record<string, number>> = {
  name: 'storage-versions',
  area: 'local',
  key: 'storage-versions',
  version: 1,
  schema: () => z.record(z.string(), z.number()),
  fallback: () => ({}),
  salvage: (raw) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
    return Object.fromEntries(
      Object.entries(raw).filter(([, version]) => Number.isInteger(version)),
    ) as Record<string, number>;
  },
  keptByClear: true,
};

/** Every record, for migrations, "clear all local data" and the tests that cover them all. */
export const ALL_RECORDS: readonly RecordDefinition<unknown>[] = [
  SETTINGS_RECORD,
  POLICY_COPY_RECORD,
  WATCH_LIST_RECORD,
  LOOKUP_LOG_RECORD,
  SCORE_HISTORY_RECORD,
  DEPRECATION_NOTICE_RECORD,
  RETRY_GATE_RECORD,
  CACHE_ENTRY_RECORD,
  CACHE_TOTALS_RECORD,
  CACHE_ROWS_RECORD,
  TAB_STATE_RECORD,
  STORAGE_VERSIONS_RECORD,
] as RecordDefinition<unknown>[];
