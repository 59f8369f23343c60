/**
 * The sites page's row of each kept answer, and where it is kept. The worker writes a row in
 * the same storage call as the entry it describes (lib/cache/cache-totals.ts); the page reads
 * the rows (lib/cache/cache-listing.ts) and an entry only for the report it shows in full.
 *
 * A row keeps the times its answer stops being fresh and stops being usable, computed from the
 * entry's caching policy when it is written, so the page judges each row without the policy.
 */
import type { IssueTier, ScanReport } from '../contract/report-schema';
import {
  CACHE_ROW_SHARDS,
  CACHE_ROWS_RECORD,
  type StoredCacheEntry,
  type StoredCacheRow,
  type StoredCacheRowShard,
} from '../storage/records';
import { keyOf } from '../storage/stored-record';
import { freshUntil, usableUntil } from './cache-freshness';

export type CacheRow = StoredCacheRow;
export type IssueCounts = Record<IssueTier, { failed: number; partial: number }>;

/** How many checks of each tier a report lists as failed and as partial. */
export function issueCounts(report: Pick<ScanReport, 'issues'>): IssueCounts {
  const counts: IssueCounts = {
    essential: { failed: 0, partial: 0 },
    recommended: { failed: 0, partial: 0 },
    bonus: { failed: 0, partial: 0 },
  };
  for (const issue of report.issues) counts[issue.tier][issue.result] += 1;
  return counts;
}

/** FNV-1a: a stable, even spread of names over the shards, the same in every browser. */
function shardOf(name: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < name.length; index++) {
    hash ^= name.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % CACHE_ROW_SHARDS;
}

/** The storage key of the shard that keeps this entry's row (by its name, cache-keys.ts). */
export const rowShardKeyOf = (name: string) => keyOf(CACHE_ROWS_RECORD, String(shardOf(name)));

/** Every shard's key, for reading all rows at once. */
export const ALL_ROW_SHARD_KEYS: readonly string[] = Array.from(
  { length: CACHE_ROW_SHARDS },
  (_, id) => keyOf(CACHE_ROWS_RECORD, String(id)),
);

/** The row of an entry, judged at `now` (the times it holds do not depend on when). */
export function rowOf(entry: StoredCacheEntry, now: number): CacheRow {
  const clock = () => now;
  const times = {
    receivedAt: entry.receivedAt,
    freshUntil: freshUntil(entry.policy, clock) ?? null,
    usableUntil: usableUntil(entry.policy, clock),
  };
  if (entry.outcome.kind !== 'report') {
    return { kind: 'no-report', ...times, score: null, label: null, scannedAt: null, issues: null };
  }
  const { report } = entry.outcome;
  return {
    kind: 'report',
    ...times,
    score: report.score,
    label: report.score_label,
    scannedAt: report.scanned_at,
    issues: issueCounts(report),
  };
}

/** A shard with one entry's row put in (or taken out, for null), the shard itself untouched. */
export function withRow(shard: StoredCacheRowShard, name: string, row: CacheRow | null) {
  const next: StoredCacheRowShard = { ...shard };
  if (row === null) delete next[name];
  else next[name] = row;
  return next;
}

/** Every entry's row, sharded: what the purge writes after counting the entries again. */
export function shardsOf(
  rows: Iterable<readonly [name: string, row: CacheRow]>,
): Record<string, StoredCacheRowShard> {
  const shards: Record<string, StoredCacheRowShard> = {};
  for (const key of ALL_ROW_SHARD_KEYS) shards[key] = {};
  for (const [name, row] of rows) {
    const shard = shards[rowShardKeyOf(name)];
    if (shard !== undefined) shard[name] = row;
  }
  return shards;
}
