/** The service's answers kept (README); one looked up again is stored again, so not oldest long. */
import type { LookupOutcome } from '../service/lookup-outcome';
import { reportRequestUrl } from '../service/report-client';
import { createKeyedQueue } from '../storage/keyed-queue';
import { keyOf, ownsKey, storedForm } from '../storage/record';
import type { Epoch, Store } from '../storage/store';
import { type FreshnessVerdict, freshUntil, judgedAt, policyForAnswer } from './cache-freshness';
import {
  byteSize,
  CACHE_ENTRY_RECORD,
  CACHE_INDEX_RECORD,
  type CacheableOutcome,
  type CacheEntry,
  type CacheIndex,
  entryName,
  INDEX_PART_IDS,
  INDEX_PARTS,
  indexEntryOf,
  indexPartOf,
} from './cache-records';

export interface CachedAnswer {
  outcome: CacheableOutcome;
  receivedAt: number;
  verdict: FreshnessVerdict;
  /** Undefined when it is not fresh now. */
  freshUntil?: number | undefined;
}

/** `maxBytes`: the entries' sizes and the index's, as UTF-8 JSON with their keys. */
type CacheLimits = { maxEntries: number; maxBytes: number };

/**
 * Within the local storage quota without unlimitedStorage, beside the score history and the
 * small records. Each part holds its share, so eviction starts a little before this many.
 */
const DEFAULT_CACHE_LIMITS: CacheLimits = { maxEntries: 2_000, maxBytes: 3_500_000 };

/** Eviction goes this far below the limits, so the next writes do not evict again at once. */
const EVICT_TO_SHARE = 0.9;

/** When the browser's quota refuses a write, the cache shrinks to this share of what it holds. */
const SHRINK_ON_QUOTA_TO_SHARE = 0.75;

/** The headers that decide freshness; nothing else of a response is kept. */
const CACHING_HEADERS = ['cache-control', 'age', 'date', 'expires', 'pragma', 'vary'];

const isCacheable = (outcome: LookupOutcome): outcome is CacheableOutcome =>
  outcome.kind === 'report' || outcome.kind === 'no-report';

/** The entry an answer makes; null when its policy says it is not to be kept. */
function entryOf(baseUrl: string, origin: string, outcome: CacheableOutcome, receivedAt: number) {
  const { status, headers } = outcome.response;
  const caching: Record<string, string> = {};
  for (const name of CACHING_HEADERS)
    if (headers[name] !== undefined) caching[name] = headers[name];
  const response = { status, headers: caching };
  const policy = policyForAnswer(reportRequestUrl(baseUrl, origin), response, () => receivedAt);
  return policy === null ? null : { outcome: { ...outcome, response }, policy, receivedAt };
}

/** Once a part outgrows `limits`, what to evict down to `fit`: oldest first, never `keep`. */
function beyondLimits(index: CacheIndex, limits: CacheLimits, fit: CacheLimits, keep?: string) {
  const names = Object.keys(index);
  let bytes = names.reduce(
    (sum, name) => sum + (index[name]?.bytes ?? 0),
    byteSize(CACHE_INDEX_RECORD.key, index),
  );
  if (names.length <= limits.maxEntries && bytes <= limits.maxBytes) return [];
  const evicted: string[] = [];
  let entries = names.length;
  for (const name of names) {
    if (entries <= fit.maxEntries && bytes <= fit.maxBytes) break;
    if (name === keep) continue;
    evicted.push(name);
    entries -= 1;
    bytes -= (index[name]?.bytes ?? 0) + byteSize(name, index[name]);
  }
  return evicted;
}

const scaled = (limits: CacheLimits, share: number): CacheLimits => ({
  maxEntries: Math.floor(limits.maxEntries * share),
  maxBytes: Math.floor(limits.maxBytes * share),
});

const isQuotaError = (error: unknown) =>
  /quota/i.test(error instanceof Error ? `${error.name} ${error.message}` : String(error));

export type ReportCache = ReturnType<typeof createReportCache>;

export function createReportCache(deps: { store: Store; now: () => number; limits?: CacheLimits }) {
  const { store } = deps;
  const { maxEntries, maxBytes } = deps.limits ?? DEFAULT_CACHE_LIMITS;
  const partLimits = {
    maxEntries: Math.ceil(maxEntries / INDEX_PARTS),
    maxBytes: Math.floor(maxBytes / INDEX_PARTS),
  };
  // One write at a time per part of the index; the purge, which writes them all, holds them all.
  const queue = createKeyedQueue<string>();
  const inEveryPart = <T>(task: () => Promise<T>) =>
    INDEX_PART_IDS.reduceRight<() => Promise<T>>(
      (inner, part) => () => queue.run(part, inner),
      task,
    )();
  const entryKey = (name: string) => keyOf(CACHE_ENTRY_RECORD, name);

  /**
   * The entry and its part of the index, with its row last (or without it), in one storage
   * call; then the entries that call evicted, or the one dropped: a row never outlives its entry.
   */
  async function rewrite(name: string, entry: CacheEntry | null, since?: Epoch): Promise<void> {
    const key = entryKey(name);
    const part = indexPartOf(name);
    const index = { ...(await store.read(CACHE_INDEX_RECORD, part)) };
    delete index[name];
    let gone = [name];
    if (entry !== null) {
      index[name] = indexEntryOf(entry, byteSize(key, entry));
      gone = beyondLimits(index, partLimits, scaled(partLimits, EVICT_TO_SHARE), name);
      for (const evicted of gone) delete index[evicted];
    }
    const items = {
      ...(entry === null ? {} : { [key]: entry }),
      [keyOf(CACHE_INDEX_RECORD, part)]: storedForm(CACHE_INDEX_RECORD, index),
    };
    const written = await store.writeKeys('local', items, since);
    if (written || entry === null) await store.removeKeys('local', gone.map(entryKey));
  }

  /** The index made again from every usable entry, each part within its share (or `shrinkTo`). */
  async function purge(shrinkTo?: number): Promise<void> {
    const now = deps.now();
    const gone: string[] = [];
    const found: [string, CacheEntry, number][] = [];
    for (const [key, raw] of Object.entries(await store.readAll('local'))) {
      if (!key.startsWith('report-cache') || ownsKey(CACHE_INDEX_RECORD, key)) continue;
      const entry = key.startsWith(CACHE_ENTRY_RECORD.key) ? CACHE_ENTRY_RECORD.parse(raw) : null;
      // Expiry depends on the policy's times alone: its own URL serves to judge it.
      if (entry && judgedAt(entry.policy, entry.policy.u ?? '', now) !== null) {
        found.push([key.slice(CACHE_ENTRY_RECORD.key.length), entry, byteSize(key, raw)]);
      } else gone.push(key);
    }
    found.sort(([, a], [, b]) => a.receivedAt - b.receivedAt);
    const parts: Record<string, CacheIndex> = Object.fromEntries(
      INDEX_PART_IDS.map((id) => [id, {}]),
    );
    for (const [name, entry, bytes] of found) {
      (parts[indexPartOf(name)] as CacheIndex)[name] = indexEntryOf(entry, bytes);
    }
    const items: Record<string, unknown> = {};
    for (const [id, part] of Object.entries(parts)) {
      const key = keyOf(CACHE_INDEX_RECORD, id);
      const count = Object.keys(part).length;
      if (count === 0) {
        gone.push(key);
        continue;
      }
      const shrunk = Math.floor(count * (shrinkTo ?? 1));
      const fit = shrinkTo === undefined ? partLimits : { ...partLimits, maxEntries: shrunk };
      for (const name of beyondLimits(part, fit, fit)) {
        delete part[name];
        gone.push(entryKey(name));
      }
      items[key] = storedForm(CACHE_INDEX_RECORD, part);
    }
    await store.writeKeys('local', items);
    await store.removeKeys('local', gone);
  }

  return {
    async get(baseUrl: string, origin: string): Promise<CachedAnswer | null> {
      const name = entryName(baseUrl, origin);
      const entry = await store.read(CACHE_ENTRY_RECORD, name);
      if (entry === null) return null;
      const now = deps.now();
      const verdict = judgedAt(entry.policy, reportRequestUrl(baseUrl, origin), now);
      if (verdict === null) {
        await queue.run(indexPartOf(name), () => rewrite(name, null));
        return null;
      }
      return { ...entry, verdict, freshUntil: freshUntil(entry.policy, () => now) };
    },

    /** Until when `put` would keep this answer fresh, known before it is written. */
    freshUntilOf(baseUrl: string, origin: string, outcome: LookupOutcome, receivedAt: number) {
      const entry = isCacheable(outcome) ? entryOf(baseUrl, origin, outcome, receivedAt) : null;
      return entry === null ? undefined : freshUntil(entry.policy, () => receivedAt);
    },

    /** One not to be kept drops the older copy; failures leave a copy to stand in for them. */
    async put(
      baseUrl: string,
      origin: string,
      outcome: LookupOutcome,
      receivedAt: number,
      since: Epoch,
    ): Promise<void> {
      if (!isCacheable(outcome)) return;
      const name = entryName(baseUrl, origin);
      const entry = entryOf(baseUrl, origin, outcome, receivedAt);
      const part = indexPartOf(name);
      if (entry === null || byteSize(entryKey(name), entry) > partLimits.maxBytes) {
        await queue.run(part, () => rewrite(name, null, since));
        return;
      }
      try {
        await queue.run(part, () => rewrite(name, entry, since));
        return;
      } catch (error) {
        if (!isQuotaError(error)) throw error;
      }
      // The browser's quota is shared with other data: make room, whatever the limits, and
      // try once more. Not caching is always safe; failing the lookup over it is not.
      try {
        await inEveryPart(async () => {
          await purge(SHRINK_ON_QUOTA_TO_SHARE);
          await rewrite(name, entry, since);
        });
      } catch (error) {
        if (!isQuotaError(error)) throw error;
      }
    },

    purgeExpired: () => inEveryPart(() => purge()),
  };
}
