/**
 * The records of the answers kept (lib/cache/): each entry, the totals that bound them, and
 * the rows the sites page lists.
 */
import type CachePolicy from 'http-cache-semantics';
import * as z from 'zod/mini';
import { contractSchemas } from '../../contract/report-schema';
import type { RecordDefinition } from '../stored-record';
import { isObject } from './lenient-reads';

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

/** How many shards the rows are kept in: the item ids count from "0" up to one below it. */
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
