/**
 * What the user keeps, read the same way by the options page (to plan an import) and by the
 * worker (to apply it), and a fingerprint of it: the worker applies a plan only to the records
 * it was planned against.
 */
import { LOOKUP_LOG_RECORD } from '../history/lookup-log';
import { SCORE_HISTORY_RECORD } from '../history/scan-record';
import { SETTINGS_RECORD } from '../settings/settings-record';
import { WATCH_LIST_RECORD } from '../sites/watch-list';
import type { StoredRecord } from '../storage/record';
import type { KeptData } from './backup-format';

export type ReadRecord = <T>(record: StoredRecord<T>) => Promise<T>;

export async function readKeptData(read: ReadRecord): Promise<Required<KeptData>> {
  const [settings, watchList, scoreHistory, lookupLog] = await Promise.all([
    read(SETTINGS_RECORD),
    read(WATCH_LIST_RECORD),
    read(SCORE_HISTORY_RECORD),
    read(LOOKUP_LOG_RECORD),
  ]);
  return { settings, watchList, scoreHistory, lookupLog };
}

/** FNV-1a of the records' JSON: equal records, equal fingerprints. */
export function fingerprintOf(kept: KeptData): string {
  const text = JSON.stringify([kept.settings, kept.watchList, kept.scoreHistory, kept.lookupLog]);
  let hash = 0x811c9dc5;
  for (let at = 0; at < text.length; at++) {
    hash ^= text.charCodeAt(at);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${text.length}:${hash.toString(16)}`;
}
