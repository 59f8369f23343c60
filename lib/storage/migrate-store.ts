/**
 * The migration the record store runs when the worker starts (record-store.ts): every local
 * record whose stored version (in `storage-versions`) is not its definition's is taken through
 * its migrations, parsed and written back, or removed when it does not parse; then every
 * record's version is noted, so the next start finds nothing to do.
 */
import { browser } from 'wxt/browser';
import { STORAGE_VERSIONS_RECORD } from './records';
import { migrateValue, ownsKey, parseRecord, type RecordDefinition } from './stored-record';

export async function migrateStore(
  records: readonly RecordDefinition<unknown>[],
  warn: (message: string) => void,
): Promise<void> {
  const local = browser.storage.local;
  const versionsKey = STORAGE_VERSIONS_RECORD.key;
  const versions = parseRecord(
    STORAGE_VERSIONS_RECORD,
    (await local.get(versionsKey))[versionsKey],
  ).value;
  // Records no version is noted for were stored by 0.1.0, whose shapes are version 1.
  const stale = records.filter(
    (definition) =>
      definition.area === 'local' && (versions[definition.name] ?? 1) !== definition.version,
  );
  const allNoted = records.every((definition) => versions[definition.name] === definition.version);
  if (stale.length === 0 && allNoted) return;
  const everything = stale.length > 0 ? await local.get(null) : {};
  const written: Record<string, unknown> = {};
  const removed: string[] = [];
  for (const definition of stale) {
    const from = versions[definition.name] ?? 1;
    for (const [key, raw] of Object.entries(everything)) {
      if (!ownsKey(definition, key)) continue;
      // A newer version's record (the user went back a release) is read as this version's.
      const value = from < definition.version ? migrateValue(definition, raw, from) : raw;
      const result = parseRecord(definition, value);
      if (result.damaged) {
        warn(`stored record "${key}" (${definition.name}) did not migrate: reset`);
        removed.push(key);
      } else {
        written[key] = result.value;
      }
    }
  }
  const noted = Object.fromEntries(
    records.map((definition) => [definition.name, definition.version]),
  );
  if (removed.length > 0) await local.remove(removed);
  await local.set({ ...written, [versionsKey]: noted });
}
