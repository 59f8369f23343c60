/**
 * Answers from the service kept in local storage, so they outlive the MV3 worker (which the
 * browser stops after about 30 s idle) and a tab switch costs no request.
 *
 * - Each entry holds the answer and its http-cache-semantics policy (toObject()), so freshness
 *   is judged again by the same rules after any restart (lib/cache-freshness.ts).
 * - Keys carry the service base URL: a report from one service is never served for another.
 * - Bounded in entries and bytes by an index of sizes and last use; the least recently used
 *   go first. A quota error evicts cache entries and retries; nothing else in storage (the
 *   user's settings) is ever touched.
 * - The index only decides what to evict: what is served is always read from the entry
 *   itself, so an index out of step (a worker stopped between two writes) never serves a
 *   wrong answer, and the purge (on an alarm) puts the two back in step.
 */
import { storage } from 'wxt/utils/storage';
import {
  assessFreshness,
  type FreshnessVerdict,
  policyForAnswer,
  type StoredPolicy,
} from './cache-freshness';
import { createKeyedQueue } from './keyed-queue';
import type { LookupOutcome } from './lookup-outcome';
import { reportRequestUrl } from './report-client';

/** The answers worth keeping: they describe the site, not the state of the service. */
export type CacheableOutcome = Extract<LookupOutcome, { kind: 'report' | 'no-report' }>;

export interface CachedAnswer {
  outcome: CacheableOutcome;
  /** When the answer arrived (epoch ms). */
  receivedAt: number;
  /** What the copy is good for now. */
  verdict: FreshnessVerdict;
}

export interface ReportCache {
  /** The stored answer for a target, judged at the current time; null when there is none. */
  get(target: string): Promise<CachedAnswer | null>;
  /**
   * Keeps a report or "no report" as long as its headers allow; an answer that may not be
   * stored also drops the older copy it replaces. Failures leave the cache alone, so an older
   * copy can still stand in for them (stale-if-error).
   */
  put(target: string, outcome: LookupOutcome, receivedAt: number): Promise<void>;
  /** Drops expired entries and puts the index back in step with the entries. */
  purgeExpired(): Promise<void>;
}

export interface CacheLimits {
  maxEntries: number;
  /** Sum of the entries' sizes, as UTF-8 JSON. */
  maxBytes: number;
}

/** Reports are a few kilobytes: this holds hundreds, well inside the 10 MB of local storage. */
export const DEFAULT_CACHE_LIMITS: CacheLimits = { maxEntries: 500, maxBytes: 2 * 1024 * 1024 };

/** A read refreshes an entry's last use at most this often, to spare a write per tab switch. */
export const TOUCH_INTERVAL_MS = 60_000;

/** How many times a write that hit the quota is retried, each after evicting more. */
const QUOTA_RETRIES = 3;

const ENTRY_PREFIX = 'report-cache:v1:';
/** Entries of this and any earlier format share this prefix; the purge drops unknown ones. */
const ANY_ENTRY_PREFIX = 'report-cache:';
const INDEX_KEY = 'local:report-cache-index:v1';

interface CacheEntry {
  outcome: CacheableOutcome;
  policy: StoredPolicy;
  receivedAt: number;
}

interface IndexRecord {
  bytes: number;
  usedAt: number;
}

/** By entry key (without the storage area). */
type CacheIndex = Record<string, IndexRecord>;

export function isCacheableOutcome(outcome: LookupOutcome): outcome is CacheableOutcome {
  return outcome.kind === 'report' || outcome.kind === 'no-report';
}

function isCacheEntry(value: unknown): value is CacheEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<CacheEntry>;
  return (
    typeof entry.receivedAt === 'number' &&
    entry.policy?.v === 1 &&
    (entry.outcome?.kind === 'report' || entry.outcome?.kind === 'no-report')
  );
}

function isQuotaError(error: unknown): boolean {
  // Chrome: "QUOTA_BYTES quota exceeded"; Firefox: QuotaExceededError.
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /quota/i.test(text);
}

const byteSize = (key: string, value: unknown) =>
  new TextEncoder().encode(key + JSON.stringify(value)).length;

/** Keys of the least recently used entries, oldest first. */
function leastRecentlyUsed(index: CacheIndex, except: string): string[] {
  return Object.entries(index)
    .filter(([key]) => key !== except)
    .sort(([keyA, a], [keyB, b]) => a.usedAt - b.usedAt || keyA.localeCompare(keyB))
    .map(([key]) => key);
}

/** The keys to evict so that the index fits the limits, least recently used first. */
function overflow(index: CacheIndex, limits: CacheLimits, keep: string): string[] {
  let entries = Object.keys(index).length;
  let bytes = Object.values(index).reduce((sum, record) => sum + record.bytes, 0);
  const evicted: string[] = [];
  for (const key of leastRecentlyUsed(index, keep)) {
    if (entries <= limits.maxEntries && bytes <= limits.maxBytes) break;
    evicted.push(key);
    entries -= 1;
    bytes -= index[key]?.bytes ?? 0;
  }
  return evicted;
}

function without(index: CacheIndex, keys: string[]): CacheIndex {
  const copy = { ...index };
  for (const key of keys) delete copy[key];
  return copy;
}

export function createReportCache(deps: {
  baseUrl: string;
  now: () => number;
  limits?: CacheLimits;
}): ReportCache {
  const limits = deps.limits ?? DEFAULT_CACHE_LIMITS;
  // Every change of the index goes through this one queue: read-modify-write must not race.
  const indexQueue = createKeyedQueue<'index'>();
  const withIndex = <T>(task: () => Promise<T>) => indexQueue.run('index', task);

  const entryKey = (target: string) =>
    `${ENTRY_PREFIX}${encodeURIComponent(deps.baseUrl)}|${target}`;
  const local = (key: string) => `local:${key}` as const;
  const requestUrl = (target: string) => reportRequestUrl(deps.baseUrl, target);

  const readIndex = async () => (await storage.getItem<CacheIndex>(INDEX_KEY)) ?? {};

  async function remove(key: string): Promise<void> {
    await withIndex(async () => {
      const index = await readIndex();
      if (key in index) await storage.setItem(INDEX_KEY, without(index, [key]));
      await storage.removeItem(local(key));
    });
  }

  /** Writes entry and index in one call (atomic in the browser), evicting on quota errors. */
  async function store(key: string, entry: CacheEntry): Promise<void> {
    const bytes = byteSize(key, entry);
    if (bytes > limits.maxBytes) {
      await remove(key);
      return;
    }
    await withIndex(async () => {
      let index: CacheIndex = { ...(await readIndex()), [key]: { bytes, usedAt: deps.now() } };
      let evicted = overflow(index, limits, key);
      index = without(index, evicted);
      for (let attempt = 0; ; attempt++) {
        try {
          await storage.setItems([
            { key: local(key), value: entry },
            { key: INDEX_KEY, value: index },
          ]);
          break;
        } catch (error) {
          const candidates = leastRecentlyUsed(index, key);
          if (!isQuotaError(error) || attempt >= QUOTA_RETRIES || candidates.length === 0) {
            // Not caching is always safe; failing the lookup over it is not.
            if (isQuotaError(error)) return;
            throw error;
          }
          // Make room by evicting a quarter of the entries (at least one), oldest first.
          const more = candidates.slice(0, Math.max(1, Math.ceil(candidates.length / 4)));
          await storage.removeItems(more.map(local));
          evicted = evicted.concat(more);
          index = without(index, more);
        }
      }
      if (evicted.length > 0) await storage.removeItems(evicted.map(local));
    });
  }

  async function touch(key: string, now: number): Promise<void> {
    await withIndex(async () => {
      const index = await readIndex();
      const record = index[key];
      if (record !== undefined && now - record.usedAt < TOUCH_INTERVAL_MS) return;
      const entry = await storage.getItem<unknown>(local(key));
      // The entry may have gone meanwhile; an index record must not outlive it.
      if (!isCacheEntry(entry)) return;
      const bytes = record?.bytes ?? byteSize(key, entry);
      await storage.setItem(INDEX_KEY, { ...index, [key]: { bytes, usedAt: now } });
    });
  }

  return {
    async get(target) {
      const key = entryKey(target);
      const entry = await storage.getItem<unknown>(local(key));
      if (entry === null) return null;
      if (!isCacheEntry(entry)) {
        await remove(key);
        return null;
      }
      const now = deps.now();
      const verdict = assessFreshness(entry.policy, requestUrl(target), () => now);
      if (verdict.expired) {
        await remove(key);
        return null;
      }
      await touch(key, now);
      return { outcome: entry.outcome, receivedAt: entry.receivedAt, verdict };
    },

    async put(target, outcome, receivedAt) {
      if (!isCacheableOutcome(outcome)) return;
      const key = entryKey(target);
      const policy = policyForAnswer(requestUrl(target), outcome.response, () => receivedAt);
      if (policy === null) {
        await remove(key);
        return;
      }
      await store(key, { outcome, policy, receivedAt });
    },

    async purgeExpired() {
      const now = deps.now();
      await withIndex(async () => {
        const everything = await storage.snapshot('local');
        const index = await readIndex();
        const kept: CacheIndex = {};
        const dropped: string[] = [];
        for (const [key, value] of Object.entries(everything)) {
          if (!key.startsWith(ANY_ENTRY_PREFIX)) continue;
          // Expiry depends on the policy's times alone, so the request it was stored for
          // (the policy's own URL) serves to judge entries of any base URL.
          const usable =
            isCacheEntry(value) &&
            !assessFreshness(value.policy, value.policy.u ?? '', () => now).expired;
          if (!usable) {
            dropped.push(key);
            continue;
          }
          kept[key] = index[key] ?? { bytes: byteSize(key, value), usedAt: value.receivedAt };
        }
        const evicted = overflow(kept, limits, '');
        await storage.setItem(INDEX_KEY, without(kept, evicted));
        const gone = dropped.concat(evicted);
        if (gone.length > 0) await storage.removeItems(gone.map(local));
      });
    },
  };
}
