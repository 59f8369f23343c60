/** At the worker's start, what an earlier version stored, brought to this one's shape (README). */
import { browser } from 'wxt/browser';
import {
  decoded,
  keyOf,
  migrated,
  ownsKey,
  parseStored,
  readRecord,
  type StoredRecord,
  storedForm,
} from './record';

export const STORAGE_VERSIONS_RECORD: StoredRecord<Record<string, number>> = {
  name: 'storage-versions',
  area: 'local',
  key: 'storage-versions',
  version: 1,
  parse: (raw) =>
    typeof raw === 'object' && raw !== null && !Array.isArray(raw)
      ? Object.fromEntries(Object.entries(raw).filter(([, version]) => Number.isInteger(version)))
      : undefined,
  fallback: () => ({}),
  keptByClear: true,
};

/** A newer version, from a release the user went back from, is read as this one's. */
export async function migrateStore(
  records: readonly StoredRecord<unknown>[],
  warn: (message: string) => void,
): Promise<void> {
  const local = browser.storage.local;
  const versions = await readRecord(STORAGE_VERSIONS_RECORD);
  // No version noted: stored by 0.1.0, whose shapes are version 1.
  const stale = records.filter(
    (record) => record.area === 'local' && (versions[record.name] ?? 1) !== record.version,
  );
  if (stale.length === 0 && records.every((record) => versions[record.name] === record.version)) {
    return;
  }
  const everything = stale.length > 0 ? await local.get(null) : {};
  const written: Record<string, unknown> = {};
  const removed: string[] = [];
  for (const record of stale) {
    const from = versions[record.name] ?? 1;
    const current = (raw: unknown) =>
      parseStored(record, migrated(record, decoded(record, raw), from));
    /** Item id (empty for a record of one key) → value. */
    const items: Record<string, unknown> = {};
    for (const [key, raw] of Object.entries(everything)) {
      if (!ownsKey(record, key)) continue;
      const result = current(raw);
      if (result.damaged) {
        warn(`stored record "${key}" (${record.name}) did not migrate: reset`);
        removed.push(key);
      } else items[key.slice(record.key.length)] = result.value;
    }
    const former = record.splitFrom;
    const whole = former && everything[former.key];
    if (former !== undefined && whole !== undefined) {
      Object.assign(items, former.split(current(whole).value, items));
      removed.push(former.key);
    }
    for (const [id, item] of Object.entries(items)) {
      written[keyOf(record, id)] = storedForm(record, item);
    }
  }
  if (removed.length > 0) await local.remove(removed);
  const noted = Object.fromEntries(records.map((record) => [record.name, record.version]));
  await local.set({ ...written, [STORAGE_VERSIONS_RECORD.key]: noted });
}
