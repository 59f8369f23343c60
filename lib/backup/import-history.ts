/** An import's score history and lookup log: the file's or both merged, within their bounds. */
import { parseContractDateTime } from '../contract/date-time';
import { type LookupLogEntry, MAX_LOG_ENTRIES, type StoredLog } from '../history/lookup-log';
import type { ScoreRecord, SiteHistory, StoredHistory } from '../history/scan-record';
import { boundedHistory } from '../history/score-history';
import type { ImportMode } from './backup-format';

/** Scans oldest first; a scan time that does not read (only from storage) counts as oldest. */
function oldestFirst(scans: readonly ScoreRecord[]): ScoreRecord[] {
  // Before any time a date can hold, and still a number to subtract.
  const at = (record: ScoreRecord) =>
    parseContractDateTime(record.scannedAt) ?? Number.MIN_SAFE_INTEGER;
  return [...scans].sort((a, b) => at(a) - at(b));
}

/** Both histories, a scan once (told by its time, as the history tells scans apart). */
export function mergedHistory(current: StoredHistory, fromFile: StoredHistory): StoredHistory {
  const merged: StoredHistory = { ...current };
  for (const [site, entry] of Object.entries(fromFile)) {
    const kept: SiteHistory | undefined = Object.hasOwn(merged, site) ? merged[site] : undefined;
    if (kept === undefined) {
      merged[site] = entry;
      continue;
    }
    const known = new Set(kept.scans.map((record) => record.scannedAt));
    const scans = [...kept.scans, ...entry.scans.filter((record) => !known.has(record.scannedAt))];
    merged[site] = { seen: Math.max(kept.seen, entry.seen), scans: oldestFirst(scans) };
  }
  return boundedHistory(merged);
}

export function newScans(before: StoredHistory, after: StoredHistory): number {
  let count = 0;
  for (const [site, { scans }] of Object.entries(after)) {
    const kept = Object.hasOwn(before, site) ? (before[site]?.scans ?? []) : [];
    const known = new Set(kept.map((record) => record.scannedAt));
    count += scans.filter((record) => !known.has(record.scannedAt)).length;
  }
  return count;
}

/** What tells two log entries of the same lookup apart from others: all but the id. */
const lookupKey = (entry: LookupLogEntry) =>
  JSON.stringify([entry.at, entry.origin, entry.service, entry.outcome, entry.status]);

/**
 * The log after the import, the file's entries numbered on from this log's next id: an entry
 * still pending here is settled later by its id, which must not then name a file's entry.
 */
export function plannedLog(
  current: StoredLog | undefined,
  fromFile: readonly LookupLogEntry[],
  mode: ImportMode,
): { log: StoredLog; added: number } {
  const before = current ?? { nextId: 1, entries: [] };
  const firstNewId = Math.max(before.nextId, ...before.entries.map((entry) => entry.id + 1));
  const known = new Set(mode === 'merge' ? before.entries.map(lookupKey) : []);
  const incoming = fromFile
    .filter((entry) => !known.has(lookupKey(entry)))
    .slice(-MAX_LOG_ENTRIES)
    .map((entry, index) => ({ ...entry, id: firstNewId + index }));
  const nextId = firstNewId + incoming.length;
  const entries =
    mode === 'merge'
      ? [...before.entries, ...incoming].sort((a, b) => a.at - b.at).slice(-MAX_LOG_ENTRIES)
      : incoming;
  const added = entries.filter((entry) => entry.id >= firstNewId).length;
  return { log: { nextId, entries }, added };
}
