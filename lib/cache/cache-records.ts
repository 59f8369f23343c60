/** The cache's records (README): one entry per (service, site), and the index's parts. */
import type CachePolicy from 'http-cache-semantics';
import * as v from 'valibot';
import { type IssueTier, keptReportSchema, type ScanReport } from '../contract/report-schema';
import type { LookupOutcome } from '../service/lookup-outcome';
import { isObject, partIds, partOf, type StoredRecord } from '../storage/record';
import { freshUntil, usableUntil } from './cache-freshness';

/** The answers worth keeping: they describe the site, not the state of the service. */
export type CacheableOutcome = Extract<LookupOutcome, { kind: 'report' | 'no-report' }>;

export interface CacheEntry {
  outcome: CacheableOutcome;
  /** http-cache-semantics' own serialisation (toObject()), judged again after any restart. */
  policy: CachePolicy.CachePolicyObject;
  receivedAt: number;
}

export type IssueCounts = Record<IssueTier, { failed: number; partial: number }>;

/** What the index keeps of an entry: what the sites page lists, and what eviction needs. */
export type IndexEntry = ReturnType<typeof indexEntryOf>;

/** Entry name → row, least recently stored first: one part of the index. */
export type CacheIndex = Record<string, IndexEntry>;

export const INDEX_PARTS = 16;
export const INDEX_PART_IDS = partIds(INDEX_PARTS);
export const indexPartOf = (name: string) => partOf(name, INDEX_PARTS);

const isNumber = (value: unknown): value is number => typeof value === 'number';
const isTextOrNull = (value: unknown) => value === null || typeof value === 'string';

function isCacheableOutcome(value: unknown): value is CacheableOutcome {
  if (!isObject(value) || !isObject(value.response) || !isNumber(value.response.status)) {
    return false;
  }
  // Checked against the contract on arrival: only the shape a view relies on is checked again.
  if (value.kind === 'report') return v.safeParse(keptReportSchema(), value.report).success;
  return (
    value.kind === 'no-report' &&
    [value.message, value.scanUrl, value.documentationUrl].every(isTextOrNull) &&
    (value.resolution === undefined || isTextOrNull(value.resolution))
  );
}

const isPolicy = (value: unknown): value is CachePolicy.CachePolicyObject =>
  isObject(value) &&
  value.v === 1 &&
  isNumber(value.t) &&
  isNumber(value.st) &&
  isObject(value.resh) &&
  isObject(value.rescc) &&
  isObject(value.reqcc);

export const CACHE_ENTRY_RECORD: StoredRecord<CacheEntry | null> = {
  name: 'report-cache',
  area: 'local',
  key: 'report-cache:v2:',
  family: true,
  version: 1,
  parse: (raw) =>
    raw === null
      ? null
      : isObject(raw) &&
          isCacheableOutcome(raw.outcome) &&
          isPolicy(raw.policy) &&
          isNumber(raw.receivedAt)
        ? { outcome: raw.outcome, policy: raw.policy, receivedAt: raw.receivedAt }
        : undefined,
  fallback: () => null,
};

const isCounts = (value: unknown) =>
  isObject(value) && isNumber(value.failed) && isNumber(value.partial);

function isIndexEntry(value: unknown): value is IndexEntry {
  if (!isObject(value)) return false;
  const { issues } = value;
  return (
    (value.kind === 'report' || value.kind === 'no-report') &&
    [value.receivedAt, value.usableUntil, value.bytes].every(isNumber) &&
    (value.freshUntil === null || isNumber(value.freshUntil)) &&
    (value.score === null || isNumber(value.score)) &&
    isTextOrNull(value.label) &&
    isTextOrNull(value.scannedAt) &&
    (issues === null ||
      (isObject(issues) &&
        isCounts(issues.essential) &&
        isCounts(issues.recommended) &&
        isCounts(issues.bonus)))
  );
}

export const CACHE_INDEX_RECORD: StoredRecord<CacheIndex> = {
  name: 'report-cache-index',
  area: 'local',
  // Until the index was split it was one record, `report-cache-index:v2`; the purge after an
  // update drops it.
  key: 'report-cache-index:v3:',
  family: true,
  asText: true,
  version: 1,
  parse: (raw) =>
    isObject(raw) && Object.values(raw).every(isIndexEntry) ? (raw as CacheIndex) : undefined,
  // The rows that are fine; the purge finds the entries the others were about.
  salvage: (raw) =>
    isObject(raw)
      ? (Object.fromEntries(
          Object.entries(raw).filter(([, row]) => isIndexEntry(row)),
        ) as CacheIndex)
      : undefined,
  fallback: () => ({}),
};

/** `<service>|<site>`: a report from one service is never served for another. */
export const entryName = (baseUrl: string, origin: string) =>
  `${encodeURIComponent(baseUrl)}|${origin}`;

/** As the limits count it: UTF-8 JSON, with its key. */
export const byteSize = (key: string, value: unknown) =>
  new TextEncoder().encode(key + JSON.stringify(value)).length;

export function issueCounts(report: Pick<ScanReport, 'issues'>): IssueCounts {
  const counts: IssueCounts = {
    essential: { failed: 0, partial: 0 },
    recommended: { failed: 0, partial: 0 },
    bonus: { failed: 0, partial: 0 },
  };
  for (const issue of report.issues) counts[issue.tier][issue.result] += 1;
  return counts;
}

/** The row of an entry; the times it holds do not depend on when it is computed. */
export function indexEntryOf(entry: CacheEntry, bytes: number) {
  const at = () => entry.receivedAt;
  const report = entry.outcome.kind === 'report' ? entry.outcome.report : null;
  return {
    kind: entry.outcome.kind,
    receivedAt: entry.receivedAt,
    /** Null when it never was fresh. */
    freshUntil: freshUntil(entry.policy, at) ?? null,
    /** Until when the answer can serve at all; listed and kept until then. */
    usableUntil: usableUntil(entry.policy, at),
    bytes,
    score: report?.score ?? null,
    label: report?.score_label ?? null,
    scannedAt: report?.scanned_at ?? null,
    issues: report && issueCounts(report),
  };
}
