/**
 * lib/cache/ — what the service answered, kept: the report cache, its freshness rules, the retry
 * gate and the purge alarm. Imports the layers below it only; not lib/history/.
 *
 * Answers from the service kept in local storage, so they outlive the MV3 worker (which the
 * browser stops after about 30 s idle) and a tab switch costs no request.
 *
 * - Each entry holds the answer, the caching headers it came with and its http-cache-semantics
 *   policy (toObject()), so freshness is judged again by the same rules after any restart
 *   (lib/cache/cache-freshness.ts). Other headers are not kept: they cost bytes and decide nothing.
 * - Keys carry the service base URL: a report from one service is never served for another.
 * - A read is one storage read of its own entry, whatever the number of entries: the entry
 *   carries its own last use, and a small totals record (entries, bytes) tells a write when
 *   the cache has outgrown its limits. Only then is everything read, the expired dropped and
 *   the least recently used evicted, down to 90 % of the limits, so it happens rarely.
 * - Each entry's row for the sites page (lib/cache/cache-rows.ts) is written in the same call
 *   as the entry and the totals.
 * - The totals and rows may drift when the worker stops between two writes; the hourly purge
 *   counts them again and builds the rows afresh. Nothing else in storage (the user's
 *   settings) is ever touched.
 */
import type { LookupOutcome, ResponseMeta } from '../service/lookup-outcome';
import { reportRequestUrl } from '../service/report-client';
import { createKeyedQueue } from '../storage/keyed-queue';
import type { Epoch, RecordStore } from '../storage/record-store';
import {
  CACHE_ENTRY_RECORD,
  CACHE_ROWS_RECORD,
  CACHE_TOTALS_RECORD,
  type CacheTotals,
  type StoredCacheEntry,
} from '../storage/records';
import { parseRecord } from '../storage/stored-record';
import { type FreshnessVerdict, freshUntil, judgedAt, policyForAnswer } from './cache-freshness';
import { entryNameOf, rowOf, rowShardKeyOf, shardsOf, withRow } from './cache-rows';

/** The answers worth keeping: they describe the site, not the state of the service. */
export type CacheableOutcome = Extract<LookupOutcome, { kind: 'report' | 'no-report' }>;

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

export interface CacheLimits {
  maxEntries: number;
  /** Sum of the entries' sizes, as UTF-8 JSON with their keys. */
  maxBytes: number;
}

/**
 * A typical report's entry is about 1.5 KB, so the byte limit binds first: some 2,500
 * sites, and never more than 4 MiB of the browser's 10 MB of local storage, leaving room for
 * the settings, the score history and the lookup log.
 */
export const DEFAULT_CACHE_LIMITS: CacheLimits = { maxEntries: 10_000, maxBytes: 4 * 1024 * 1024 };

/** A read refreshes an entry's last use at most this often, to spare a write per tab switch. */
export const TOUCH_INTERVAL_MS = 60_000;

/** Eviction goes this far below the limits, so the next writes do not evict again at once. */
const EVICT_TO_SHARE = 0.9;

/** How many times a write that hit the quota is retried, each after evicting more. */
const QUOTA_RETRIES = 3;

/** Response headers that decide freshness; nothing else of a response is stored. */
const CACHING_HEADERS = ['cache-control', 'age', 'date', 'expires', 'pragma', 'vary'];

const ENTRY_PREFIX = CACHE_ENTRY_RECORD.key;
/** Entries of this and any earlier format share this prefix; the purge drops unknown ones. */
const ANY_ENTRY_PREFIX = 'report-cache:';
const TOTALS_KEY = CACHE_TOTALS_RECORD.key;
/** Records of earlier formats that the purge removes. */
const RETIRED_KEYS = ['report-cache-index:v1'];

/** The answer, its caching policy, when it came and when it was last used (for eviction). */
type CacheEntry = StoredCacheEntry;

export function isCacheableOutcome(outcome: LookupOutcome): outcome is CacheableOutcome {
  return outcome.kind === 'report' || outcome.kind === 'no-report';
}

/** A stored entry, validated again (its report against the contract); null when unusable. */
const entryOf = (value: unknown): CacheEntry | null => parseRecord(CACHE_ENTRY_RECORD, value).value;

const totalsOf = (value: unknown): CacheTotals => parseRecord(CACHE_TOTALS_RECORD, value).value;

function isQuotaError(error: unknown): boolean {
  // Chrome: "QUOTA_BYTES quota exceeded"; Firefox: QuotaExceededError.
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /quota/i.test(text);
}

const byteSize = (key: string, value: unknown) =>
  new TextEncoder().encode(key + JSON.stringify(value)).length;

/** The response as the cache keeps it: its status and caching headers only. */
export function cachingPart(response: ResponseMeta): ResponseMeta {
  const headers: Record<string, string> = {};
  for (const name of CACHING_HEADERS) {
    const value = response.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  return { status: response.status, headers };
}

const scaled = (limits: CacheLimits, share: number): CacheLimits => ({
  maxEntries: Math.floor(limits.maxEntries * share),
  maxBytes: Math.floor(limits.maxBytes * share),
});

const withinLimits = (totals: CacheTotals, limits: CacheLimits) =>
  totals.entries <= limits.maxEntries && totals.bytes <= limits.maxBytes;

export function createReportCache(deps: {
  store: RecordStore;
  baseUrl: string;
  now: () => number;
  limits?: CacheLimits;
}): ReportCache {
  const limits = deps.limits ?? DEFAULT_CACHE_LIMITS;
  const { store } = deps;
  /** The store's calls for local storage, as the cache uses them. */
  const local = {
    get: (keys: string[] | string | null) =>
      store.readKeys('local', keys === null ? null : typeof keys === 'string' ? [keys] : keys),
    set: (items: Record<string, unknown>, since?: Epoch) => store.writeKeys('local', items, since),
    remove: (keys: string[] | string) =>
      store.removeKeys('local', typeof keys === 'string' ? [keys] : keys),
  };
  const readOne = async (key: string): Promise<unknown> => (await local.get(key))[key];
  // Every write goes through this one queue: the totals are a read-modify-write, and a touch
  // must not put back an entry that a newer answer has just replaced.
  const writeQueue = createKeyedQueue<'writes'>();
  const serially = <T>(task: () => Promise<T>) => writeQueue.run('writes', task);

  const entryKey = (target: string) => `${ENTRY_PREFIX}${entryNameOf(deps.baseUrl, target)}`;
  const rowsOf = (key: string) => rowShardKeyOf(key.slice(ENTRY_PREFIX.length));
  const rowsShardOf = (value: unknown) => parseRecord(CACHE_ROWS_RECORD, value).value;
  const requestUrl = (target: string) => reportRequestUrl(deps.baseUrl, target);

  /**
   * Reads everything once: drops what is unusable or expired, evicts the least recently used
   * until the rest fits `fit` (keeping `keep`), and writes the totals counted afresh.
   */
  async function compact(fit: CacheLimits, keep: string | null): Promise<void> {
    const now = deps.now();
    const everything = await local.get(null);
    const kept: { key: string; entry: CacheEntry; bytes: number }[] = [];
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
      .map(({ key, entry }) => [key.slice(ENTRY_PREFIX.length), rowOf(entry, now)] as const);
    const shards = Object.entries(shardsOf(rows));
    const filled = shards.filter(([, shard]) => Object.keys(shard).length > 0);
    // Rows first: an entry may outlive its row for a moment, never the other way round.
    await local.set({ [TOTALS_KEY]: totals, ...Object.fromEntries(filled) });
    const empty = shards.filter(([, shard]) => Object.keys(shard).length === 0);
    dropped.push(...empty.map(([key]) => key));
    if (dropped.length > 0) await local.remove(dropped);
  }

  async function remove(key: string): Promise<void> {
    await serially(async () => {
      const shardKey = rowsOf(key);
      const stored = await local.get([key, TOTALS_KEY, shardKey]);
      const old = stored[key];
      if (old === undefined) return;
      const totals = totalsOf(stored[TOTALS_KEY]);
      const rows = withRow(rowsShardOf(stored[shardKey]), key.slice(ENTRY_PREFIX.length), null);
      const emptied = Object.keys(rows).length === 0;
      // The row goes first: the sites page never lists an answer that is gone.
      await local.set({
        [TOTALS_KEY]: {
          entries: Math.max(0, totals.entries - 1),
          bytes: Math.max(0, totals.bytes - byteSize(key, old)),
        },
        ...(emptied ? {} : { [shardKey]: rows }),
      });
      await local.remove(emptied ? [key, shardKey] : key);
    });
  }

  /**
   * Writes an entry and the totals in one call (atomic in the browser), evicting as needed.
   * False when the entry could not be kept (too big, or no room in the browser's quota).
   */
  async function storeEntry(key: string, entry: CacheEntry, since: Epoch): Promise<boolean> {
    const bytes = byteSize(key, entry);
    if (bytes > limits.maxBytes) {
      await remove(key);
      return false;
    }
    const shardKey = rowsOf(key);
    const row = rowOf(entry, deps.now());
    return serially(async () => {
      let next: CacheTotals = { entries: 0, bytes: 0 };
      for (let attempt = 0; ; attempt++) {
        // Read again after each eviction: it rewrote the totals and the rows.
        const stored = await local.get([key, TOTALS_KEY, shardKey]);
        const old = stored[key];
        const totals = totalsOf(stored[TOTALS_KEY]);
        next = {
          entries: totals.entries + (old === undefined ? 1 : 0),
          bytes: totals.bytes - (old === undefined ? 0 : byteSize(key, old)) + bytes,
        };
        const rows = withRow(rowsShardOf(stored[shardKey]), key.slice(ENTRY_PREFIX.length), row);
        try {
          // Dropped when local data was cleared since the request began.
          const written = await local.set(
            { [key]: entry, [TOTALS_KEY]: next, [shardKey]: rows },
            since,
          );
          if (!written) return false;
          break;
        } catch (error) {
          if (!isQuotaError(error)) throw error;
          // Not caching is always safe; failing the lookup over it is not.
          if (attempt >= QUOTA_RETRIES) return false;
          // The browser's quota is shared with other data: make room by a quarter each time.
          try {
            await compact(
              scaled({ maxEntries: totals.entries, maxBytes: totals.bytes }, 0.75),
              null,
            );
          } catch (compactError) {
            if (isQuotaError(compactError)) return false;
            throw compactError;
          }
        }
      }
      if (!withinLimits(next, limits)) await compact(scaled(limits, EVICT_TO_SHARE), key);
      return true;
    });
  }

  /** What an entry keeps of an answer, and its caching policy (null: not to be kept). */
  function keptPart(target: string, outcome: CacheableOutcome, receivedAt: number) {
    const kept = { ...outcome, response: cachingPart(outcome.response) } as CacheableOutcome;
    const policy = policyForAnswer(requestUrl(target), kept.response, () => receivedAt);
    return { kept, policy };
  }

  /** Records a read as the entry's last use, unless a newer answer replaced it meanwhile. */
  async function touch(key: string, read: CacheEntry, now: number): Promise<void> {
    await serially(async () => {
      const current = entryOf(await readOne(key));
      if (current === null || current.receivedAt !== read.receivedAt) return;
      await local.set({ [key]: { ...current, usedAt: now } });
    });
  }

  return {
    async get(target) {
      const key = entryKey(target);
      const stored = await readOne(key);
      if (stored === undefined) return null;
      const entry = entryOf(stored);
      if (entry === null) {
        await remove(key);
        return null;
      }
      const now = deps.now();
      const verdict = judgedAt(entry.policy, requestUrl(target), now);
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
      const { policy } = keptPart(target, outcome, receivedAt);
      return policy === null ? undefined : freshUntil(policy, () => receivedAt);
    },

    async put(target, outcome, receivedAt, since = store.epoch()) {
      if (!isCacheableOutcome(outcome)) return undefined;
      const key = entryKey(target);
      const { kept, policy } = keptPart(target, outcome, receivedAt);
      if (policy === null) {
        await remove(key);
        return undefined;
      }
      const stored = await storeEntry(
        key,
        { outcome: kept, policy, receivedAt, usedAt: deps.now() },
        since,
      );
      return stored ? freshUntil(policy, () => receivedAt) : undefined;
    },

    purgeExpired: () => serially(() => compact(limits, null)),
  };
}
