/**
 * The report cache's API: the service's answers kept in local storage, so they outlive the
 * MV3 worker and a tab switch costs no request. A read is one storage read of its own entry,
 * whatever the number of entries; a write keeps the entry, its row (cache-rows.ts) and the
 * totals (cache-totals.ts) in one storage call, and evicts (cache-eviction.ts) only when the
 * totals outgrow the limits. Every write goes through one queue.
 */
import type { LookupOutcome } from '../service/lookup-outcome';
import { reportRequestUrl } from '../service/report-client';
import { createKeyedQueue } from '../storage/keyed-queue';
import type { Epoch, RecordStore } from '../storage/record-store';
import type { StoredCacheEntry } from '../storage/records';
import { type CacheLimits, compact, storeEntry } from './cache-eviction';
import { type FreshnessVerdict, freshUntil, judgedAt } from './cache-freshness';
import {
  byteSize,
  type CacheableOutcome,
  entryKeyOf,
  entryOf,
  isCacheableOutcome,
  keptAnswer,
} from './cache-keys';
import { rowOf } from './cache-rows';
import { localKeysOf, removeEntry } from './cache-totals';

export interface CachedAnswer {
  outcome: CacheableOutcome;
  /** When the answer arrived (epoch ms). */
  receivedAt: number;
  /** What the copy is good for now. */
  verdict: FreshnessVerdict;
  /** Until when (epoch ms) the copy stays fresh; undefined when it is not fresh now. */
  freshUntil?: number | undefined;
}

export interface ReportCache {
  /** The stored answer for a target, judged at the current time; null when there is none. */
  get(target: string): Promise<CachedAnswer | null>;
  /**
   * Keeps a report or "no report" as long as its headers allow; an answer that may not be
   * stored also drops the older copy it replaces. Failures leave the cache alone, so an older
   * copy can still stand in for them (stale-if-error). `since`: the epoch the request began
   * in; an answer that arrives after "clear all local data" is not kept.
   */
  put(
    target: string,
    outcome: LookupOutcome,
    receivedAt: number,
    since?: Epoch,
  ): Promise<StoredFreshness>;
  /**
   * Until when `put` would keep this answer fresh, known before it is written: the tab can show
   * the answer while the write is under way. Undefined for what `put` would not keep.
   */
  freshUntilOf(target: string, outcome: LookupOutcome, receivedAt: number): StoredFreshness;
  /** Drops expired entries, evicts beyond the limits and counts the totals again. */
  purgeExpired(): Promise<void>;
}

/**
 * Until when (epoch ms) an answer just put stays fresh; undefined when it was not kept (a
 * failure, no-store, already stale, no room).
 */
export type StoredFreshness = number | undefined;

/**
 * For typical reports the byte limit binds first. It is kept well below the browser's quota
 * for local storage, which the settings, the score history and the lookup log share.
 */
export const DEFAULT_CACHE_LIMITS: CacheLimits = { maxEntries: 10_000, maxBytes: 4 * 1024 * 1024 };

/** A read refreshes an entry's last use at most this often, to spare a write per tab switch. */
export const TOUCH_INTERVAL_MS = 60_000;

export function createReportCache(deps: {
  store: RecordStore;
  baseUrl: string;
  now: () => number;
  limits?: CacheLimits;
}): ReportCache {
  const limits = deps.limits ?? DEFAULT_CACHE_LIMITS;
  const local = localKeysOf(deps.store);
  // Every write goes through this one queue: the totals are a read-modify-write, and a touch
  // must not put back an entry that a newer answer has just replaced.
  const writeQueue = createKeyedQueue<'writes'>();
  const serially = <T>(task: () => Promise<T>) => writeQueue.run('writes', task);
  const remove = (key: string) => serially(() => removeEntry(local, key));

  /** Records a read as the entry's last use, unless a newer answer replaced it meanwhile. */
  async function touch(key: string, read: StoredCacheEntry, now: number): Promise<void> {
    await serially(async () => {
      const current = entryOf((await local.get([key]))[key]);
      if (current === null || current.receivedAt !== read.receivedAt) return;
      await local.set({ [key]: { ...current, usedAt: now } });
    });
  }

  return {
    async get(target) {
      const key = entryKeyOf(deps.baseUrl, target);
      const stored = (await local.get([key]))[key];
      if (stored === undefined) return null;
      const entry = entryOf(stored);
      if (entry === null) {
        await remove(key);
        return null;
      }
      const now = deps.now();
      const verdict = judgedAt(entry.policy, reportRequestUrl(deps.baseUrl, target), now);
      if (verdict === null) {
        await remove(key);
        return null;
      }
      if (now - entry.usedAt >= TOUCH_INTERVAL_MS) await touch(key, entry, now);
      return {
        outcome: entry.outcome,
        receivedAt: entry.receivedAt,
        verdict,
        freshUntil: freshUntil(entry.policy, () => now),
      };
    },

    freshUntilOf(target, outcome, receivedAt) {
      if (!isCacheableOutcome(outcome)) return undefined;
      const { policy } = keptAnswer(deps.baseUrl, target, outcome, receivedAt);
      return policy === null ? undefined : freshUntil(policy, () => receivedAt);
    },

    async put(target, outcome, receivedAt, since = deps.store.epoch()) {
      if (!isCacheableOutcome(outcome)) return undefined;
      const key = entryKeyOf(deps.baseUrl, target);
      const { kept, policy } = keptAnswer(deps.baseUrl, target, outcome, receivedAt);
      if (policy === null) {
        await remove(key);
        return undefined;
      }
      const entry = { outcome: kept, policy, receivedAt, usedAt: deps.now() };
      if (byteSize(key, entry) > limits.maxBytes) {
        await remove(key);
        return undefined;
      }
      const row = rowOf(entry, deps.now());
      const room = { limits, now: deps.now };
      const stored = await serially(() => storeEntry(local, room, key, entry, row, since));
      return stored ? freshUntil(policy, () => receivedAt) : undefined;
    },

    purgeExpired: () => serially(() => compact(local, deps.now(), limits, null)),
  };
}
