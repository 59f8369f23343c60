/**
 * The report cache's eviction: when a write finds the totals (cache-totals.ts) beyond the
 * limits, or the browser's quota refuses a write, `compact` reads everything once, drops the
 * expired and the unusable, and evicts the least recently used; it runs rarely, since it
 * evicts to below the limits.
 */
import type { Epoch } from '../storage/record-store';
import type { CacheTotals, StoredCacheEntry } from '../storage/records';
import { judgedAt } from './cache-freshness';
import {
  ANY_ENTRY_PREFIX,
  byteSize,
  ENTRY_PREFIX,
  entryOf,
  nameOfKey,
  RETIRED_KEYS,
  TOTALS_KEY,
} from './cache-keys';
import { type CacheRow, rowOf, shardsOf } from './cache-rows';
import { isQuotaError, type LocalKeys, writeEntry } from './cache-totals';

export interface CacheLimits {
  maxEntries: number;
  /** Sum of the entries' sizes, as UTF-8 JSON with their keys (byteSize). */
  maxBytes: number;
}

/** Eviction goes this far below the limits, so the next writes do not evict again at once. */
const EVICT_TO_SHARE = 0.9;

/** When the browser's quota refuses a write, the cache shrinks to this share of what it holds. */
const SHRINK_ON_QUOTA_TO_SHARE = 0.75;

/** How many times a write that hit the quota is retried, each after evicting more. */
const QUOTA_RETRIES = 3;

export const scaled = (limits: CacheLimits, share: number): CacheLimits => ({
  maxEntries: Math.floor(limits.maxEntries * share),
  maxBytes: Math.floor(limits.maxBytes * share),
});

export const withinLimits = (totals: CacheTotals, limits: CacheLimits) =>
  totals.entries <= limits.maxEntries && totals.bytes <= limits.maxBytes;

/**
 * Reads everything once: drops what is unusable, expired or of a retired format, evicts the
 * least recently used until the rest fits `fit` (keeping `keep`), writes the totals counted
 * afresh and builds every row shard again.
 */
export async function compact(
  local: LocalKeys,
  now: number,
  fit: CacheLimits,
  keep: string | null,
): Promise<void> {
  const everything = await local.get(null);
  const kept: { key: string; entry: StoredCacheEntry; bytes: number }[] = [];
  const dropped: string[] = RETIRED_KEYS.filter((key) => key in everything);
  for (const [key, stored] of Object.entries(everything)) {
    if (!key.startsWith(ANY_ENTRY_PREFIX) || key === TOTALS_KEY) continue;
    const value = key.startsWith(ENTRY_PREFIX) ? entryOf(stored) : null;
    // Expiry depends on the policy's times alone, so the request it was stored for (the
    // policy's own URL) serves to judge entries of any base URL.
    const usable = value !== null && judgedAt(value.policy, value.policy.u ?? '', now) !== null;
    if (usable) kept.push({ key, entry: value, bytes: byteSize(key, stored) });
    else dropped.push(key);
  }
  kept.sort((a, b) => a.entry.usedAt - b.entry.usedAt || a.key.localeCompare(b.key));
  const totals: CacheTotals = {
    entries: kept.length,
    bytes: kept.reduce((sum, entry) => sum + entry.bytes, 0),
  };
  const evicted = new Set<string>();
  for (const entry of kept) {
    if (withinLimits(totals, fit)) break;
    if (entry.key === keep) continue;
    evicted.add(entry.key);
    totals.entries -= 1;
    totals.bytes -= entry.bytes;
  }
  dropped.push(...evicted);
  const rows = kept
    .filter((entry) => !evicted.has(entry.key) && entry.key.startsWith(ENTRY_PREFIX))
    .map(({ key, entry }) => [nameOfKey(key), rowOf(entry, now)] as const);
  const shards = Object.entries(shardsOf(rows));
  const filled = shards.filter(([, shard]) => Object.keys(shard).length > 0);
  // Rows first: an entry may outlive its row for a moment, never the other way round.
  await local.set({ [TOTALS_KEY]: totals, ...Object.fromEntries(filled) });
  const empty = shards.filter(([, shard]) => Object.keys(shard).length === 0);
  dropped.push(...empty.map(([key]) => key));
  if (dropped.length > 0) await local.remove(dropped);
}

/**
 * Writes an entry with its row and the totals, making room as needed: beyond the limits it
 * evicts to below them, keeping this entry; when the browser's quota refuses the write, it
 * evicts more and tries again. False when the entry was not kept (cleared since, or no room).
 */
export async function storeEntry(
  local: LocalKeys,
  room: { limits: CacheLimits; now: () => number },
  key: string,
  entry: StoredCacheEntry,
  row: CacheRow,
  since: Epoch,
): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    // Read again after each eviction: it rewrote the totals and the rows.
    const { kind, totals } = await writeEntry(local, key, entry, row, since);
    if (kind === 'dropped') return false;
    if (kind === 'written') {
      if (!withinLimits(totals, room.limits)) {
        await compact(local, room.now(), scaled(room.limits, EVICT_TO_SHARE), key);
      }
      return true;
    }
    // Not caching is always safe; failing the lookup over it is not.
    if (attempt >= QUOTA_RETRIES) return false;
    // The browser's quota is shared with other data: make room each time, whatever the limits.
    try {
      const held = { maxEntries: totals.entries, maxBytes: totals.bytes };
      const fit = scaled(held, SHRINK_ON_QUOTA_TO_SHARE);
      await compact(local, room.now(), fit, null);
    } catch (compactError) {
      if (isQuotaError(compactError)) return false;
      throw compactError;
    }
  }
}
