/**
 * The report cache's totals record (entries, bytes), kept in step with the entries: every
 * write of an entry also writes its row and the totals, in one storage call, so a write knows
 * when the cache has outgrown its limits without reading every entry (cache-eviction.ts). The
 * totals and rows may drift when the worker stops between two writes; the purge counts them
 * again and builds the rows afresh.
 */
import type { Epoch, RecordStore } from '../storage/record-store';
import type { CacheTotals, StoredCacheEntry } from '../storage/records';
import { byteSize, nameOfKey, rowShardOf, TOTALS_KEY, totalsOf } from './cache-keys';
import { type CacheRow, rowShardKeyOf, withRow } from './cache-rows';

/** The store's calls for local storage, as the cache uses them. */
export interface LocalKeys {
  get(keys: string[] | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>, since?: Epoch): Promise<boolean>;
  remove(keys: string[]): Promise<void>;
}

export const localKeysOf = (store: RecordStore): LocalKeys => ({
  get: (keys) => store.readKeys('local', keys),
  set: (items, since) => store.writeKeys('local', items, since),
  remove: (keys) => store.removeKeys('local', keys),
});

export function isQuotaError(error: unknown): boolean {
  // Chrome: "QUOTA_BYTES quota exceeded"; Firefox: QuotaExceededError.
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /quota/i.test(text);
}

/** Removes one entry and its row, and takes it off the totals. */
export async function removeEntry(local: LocalKeys, key: string): Promise<void> {
  const shardKey = rowShardKeyOf(nameOfKey(key));
  const stored = await local.get([key, TOTALS_KEY, shardKey]);
  const old = stored[key];
  if (old === undefined) return;
  const totals = totalsOf(stored[TOTALS_KEY]);
  const rows = withRow(rowShardOf(stored[shardKey]), nameOfKey(key), null);
  const emptied = Object.keys(rows).length === 0;
  // The row goes first: the sites page never lists an answer that is gone.
  await local.set({
    [TOTALS_KEY]: {
      entries: Math.max(0, totals.entries - 1),
      bytes: Math.max(0, totals.bytes - byteSize(key, old)),
    },
    ...(emptied ? {} : { [shardKey]: rows }),
  });
  await local.remove(emptied ? [key, shardKey] : [key]);
}

/**
 * Writes an entry, its row and the totals in one call (atomic in the browser). `written`: the
 * totals now stored; `dropped`: local data was cleared since `since`; `no-room`: the browser's
 * quota refused it, with the totals as they stand.
 */
export async function writeEntry(
  local: LocalKeys,
  key: string,
  entry: StoredCacheEntry,
  row: CacheRow,
  since: Epoch,
): Promise<{ kind: 'written' | 'dropped' | 'no-room'; totals: CacheTotals }> {
  const shardKey = rowShardKeyOf(nameOfKey(key));
  const stored = await local.get([key, TOTALS_KEY, shardKey]);
  const old = stored[key];
  const totals = totalsOf(stored[TOTALS_KEY]);
  const next: CacheTotals = {
    entries: totals.entries + (old === undefined ? 1 : 0),
    bytes: totals.bytes - (old === undefined ? 0 : byteSize(key, old)) + byteSize(key, entry),
  };
  const rows = withRow(rowShardOf(stored[shardKey]), nameOfKey(key), row);
  try {
    const written = await local.set({ [key]: entry, [TOTALS_KEY]: next, [shardKey]: rows }, since);
    return written ? { kind: 'written', totals: next } : { kind: 'dropped', totals };
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    return { kind: 'no-room', totals };
  }
}
