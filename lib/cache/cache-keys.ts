/**
 * Where the report cache keeps what, and in what form: the keys of its entries and totals, the
 * keys of earlier formats the purge removes, which answers are kept and which part of them,
 * and how an entry's size is counted against the limits.
 */
import type { LookupOutcome, ResponseMeta } from '../service/lookup-outcome';
import { reportRequestUrl } from '../service/report-client';
import {
  CACHE_ENTRY_RECORD,
  CACHE_ROWS_RECORD,
  CACHE_TOTALS_RECORD,
  type CacheTotals,
  type StoredCacheEntry,
  type StoredCacheRowShard,
} from '../storage/records';
import { parseRecord } from '../storage/stored-record';
import { policyForAnswer } from './cache-freshness';

/** Every entry of the current format starts with this. */
export const ENTRY_PREFIX = CACHE_ENTRY_RECORD.key;
/** Entries of this and any earlier format share this prefix; the purge drops unknown ones. */
export const ANY_ENTRY_PREFIX = 'report-cache:';
export const TOTALS_KEY = CACHE_TOTALS_RECORD.key;
/** Records of earlier formats that the purge removes. */
export const RETIRED_KEYS: readonly string[] = ['report-cache-index:v1'];

/**
 * Response headers that decide freshness; nothing else of a response is stored: the rest costs
 * bytes and decides nothing.
 */
const CACHING_HEADERS = ['cache-control', 'age', 'date', 'expires', 'pragma', 'vary'];

/**
 * An entry's name, as its key ends and as its row is named: `<service>|<site>`. The service
 * base URL is part of it, so a report from one service is never served for another.
 */
export const entryNameOf = (baseUrl: string, target: string) =>
  `${encodeURIComponent(baseUrl)}|${target}`;

/** The names of one service's entries start with this. */
export const serviceNamePrefix = (baseUrl: string) => `${encodeURIComponent(baseUrl)}|`;

/** The storage key of one site's entry. */
export const entryKeyOf = (baseUrl: string, target: string) =>
  `${ENTRY_PREFIX}${entryNameOf(baseUrl, target)}`;

/** The name an entry's key ends with (its row's name). */
export const nameOfKey = (key: string) => key.slice(ENTRY_PREFIX.length);

/** An entry's size as the limits count it: UTF-8 JSON, with its key. */
export const byteSize = (key: string, value: unknown) =>
  new TextEncoder().encode(key + JSON.stringify(value)).length;

/** The answers worth keeping: they describe the site, not the state of the service. */
export type CacheableOutcome = Extract<LookupOutcome, { kind: 'report' | 'no-report' }>;

export function isCacheableOutcome(outcome: LookupOutcome): outcome is CacheableOutcome {
  return outcome.kind === 'report' || outcome.kind === 'no-report';
}

/** The response as the cache keeps it: its status and caching headers only. */
export function cachingPart(response: ResponseMeta): ResponseMeta {
  const headers: Record<string, string> = {};
  for (const name of CACHING_HEADERS) {
    const value = response.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  return { status: response.status, headers };
}

/**
 * What an entry keeps of an answer, and its caching policy (null: not to be kept). Each entry
 * keeps its http-cache-semantics policy (toObject()), so freshness is judged again by the same
 * rules after any restart (cache-freshness.ts).
 */
export function keptAnswer(
  baseUrl: string,
  target: string,
  outcome: CacheableOutcome,
  receivedAt: number,
) {
  const kept = { ...outcome, response: cachingPart(outcome.response) } as CacheableOutcome;
  const requestUrl = reportRequestUrl(baseUrl, target);
  return { kept, policy: policyForAnswer(requestUrl, kept.response, () => receivedAt) };
}

/** A stored entry, validated again (its report against the contract); null when unusable. */
export const entryOf = (value: unknown): StoredCacheEntry | null =>
  parseRecord(CACHE_ENTRY_RECORD, value).value;

export const totalsOf = (value: unknown): CacheTotals =>
  parseRecord(CACHE_TOTALS_RECORD, value).value;

export const rowShardOf = (value: unknown): StoredCacheRowShard =>
  parseRecord(CACHE_ROWS_RECORD, value).value;
