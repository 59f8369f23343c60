/**
 * The one writer of the extension's storage: the worker creates one store at start, and every
 * write of `storage.local` and `storage.session` goes through it. Pages read (record-reads.ts)
 * and send the worker intents (lib/events/), which it applies here, in one order.
 *
 * - A read-modify-write of one key (`update`) runs after every earlier one for that key, so two
 *   pages changing one record at the same instant both keep their change.
 * - "Clear" means cleared. Every write carries the epoch in which the work behind it began
 *   (`since`: by default, when the write was asked for; a lookup passes the epoch of its
 *   request). "Clear all local data" starts a new epoch before it removes anything, waits for
 *   the writes already under way, and from then on drops any write of an older epoch: an
 *   answer to a request sent before the click is never stored after it.
 * - A record that does not parse is repaired where it is read: its usable part or its
 *   fallback is written back, and the worker's console says so once per key.
 * - At start, records of an earlier version are migrated (migrate-store.ts); writes wait for it,
 *   reads do not need to (a read parses an older shape through its migrations).
 *
 * The epochs and queues live in memory: they order the work of one worker, and a stopped
 * worker leaves no work under way.
 */
import { browser } from 'wxt/browser';
import { createKeyedQueue } from './keyed-queue';
import { migrateStore } from './migrate-store';
import { ALL_RECORDS } from './records';
import {
  keyOf,
  ownsKey,
  parseRecord,
  type RecordDefinition,
  type StorageArea,
} from './stored-record';

/** Which "clear all local data" a piece of work began in; see `since`. */
export type Epoch = number;

export interface WriteOptions {
  /** The item of a family. */
  id?: string;
  /** The epoch the work began in; the write is dropped if local data was cleared since. */
  since?: Epoch;
}

export interface RecordStore {
  /** The current epoch: take it when work begins whose writes come later. */
  epoch(): Epoch;
  read<T>(definition: RecordDefinition<T>, options?: { id?: string }): Promise<T>;
  /**
   * Applies `change` to the stored value, after every earlier update of that key; resolves to
   * the value stored (or, if the write was dropped, the one it would have been). A change that
   * returns the value it was given writes nothing.
   */
  update<T>(
    definition: RecordDefinition<T>,
    change: (current: T) => T,
    options?: WriteOptions,
  ): Promise<T>;
  /** Stores a value; false when it was dropped (cleared since). */
  write<T>(definition: RecordDefinition<T>, value: T, options?: WriteOptions): Promise<boolean>;
  remove(definition: RecordDefinition<unknown>, options?: { id?: string }): Promise<void>;
  /**
   * Several keys of one area in one storage call (the browser applies it whole), for records
   * kept together (a cache entry and the cache's totals). Values are stored as given.
   */
  writeKeys(area: StorageArea, items: Record<string, unknown>, since?: Epoch): Promise<boolean>;
  readKeys(area: StorageArea, keys: string[] | null): Promise<Record<string, unknown>>;
  removeKeys(area: StorageArea, keys: string[]): Promise<void>;
  /**
   * Removes everything but what the user chose (settings), in both areas, and drops every
   * write of work that began before. Resolves to how many keys went.
   */
  clearLocalData(): Promise<number>;
  /** Resolves once the records stored by earlier versions are migrated. */
  ready: Promise<void>;
}

export interface RecordStoreDeps {
  /** Where a repaired record is told, once per key. */
  warn(message: string): void;
  /** The records to migrate and to keep through "clear all local data"; all by default. */
  records?: readonly RecordDefinition<unknown>[];
}

export function createRecordStore(deps: RecordStoreDeps): RecordStore {
  const records = deps.records ?? ALL_RECORDS;
  const queue = createKeyedQueue<string>();
  const reported = new Set<string>();
  let epoch = 0;
  /** Storage calls under way: a clear waits for them before it lists what to remove. */
  const underWay = new Set<Promise<unknown>>();
  /** Set while a clear runs: writes of the new epoch wait for it. */
  let clearing: Promise<unknown> | null = null;

  const areaOf = (area: StorageArea) => browser.storage[area];

  function track<T>(call: Promise<T>): Promise<T> {
    underWay.add(call);
    const done = () => underWay.delete(call);
    call.then(done, done);
    return call;
  }

  async function guardedSet(
    area: StorageArea,
    items: Record<string, unknown>,
    since: Epoch,
  ): Promise<boolean> {
    await settledReady;
    while (clearing !== null) await clearing.catch(() => undefined);
    // Checked last, right before the call: nothing is awaited between the check and the call.
    if (since !== epoch) return false;
    await track(areaOf(area).set(items));
    return true;
  }

  function repaired<T>(
    definition: RecordDefinition<T>,
    key: string,
    value: T,
    fallback: boolean,
  ): void {
    if (!reported.has(key)) {
      reported.add(key);
      deps.warn(
        `stored record "${key}" (${definition.name}) did not parse: ${fallback ? 'reset to its default' : 'its readable part kept'}`,
      );
    }
    const since = epoch;
    const write = fallback
      ? track(areaOf(definition.area).remove(key))
      : guardedSet(definition.area, { [key]: value }, since);
    write.catch(() => undefined);
  }

  function parsed<T>(definition: RecordDefinition<T>, key: string, raw: unknown): T {
    const { value, damaged } = parseRecord(definition, raw);
    if (damaged) {
      const fallback = JSON.stringify(value) === JSON.stringify(definition.fallback());
      repaired(definition, key, value, fallback);
    }
    return value;
  }

  async function read<T>(definition: RecordDefinition<T>, id?: string): Promise<T> {
    const key = keyOf(definition as RecordDefinition<unknown>, id);
    const stored = await areaOf(definition.area).get(key);
    return parsed(definition, key, stored[key]);
  }

  // A failed migration must not stop every write: the reads parse older shapes anyway.
  const settledReady: Promise<void> = migrateStore(records, deps.warn).catch((error: unknown) =>
    deps.warn(`migrating stored records failed: ${String(error)}`),
  );

  const store: RecordStore = {
    epoch: () => epoch,
    ready: settledReady,

    read: (definition, options) => read(definition, options?.id),

    update(definition, change, options = {}) {
      const since = options.since ?? epoch;
      const key = keyOf(definition as RecordDefinition<unknown>, options.id);
      return queue.run(key, async () => {
        await settledReady;
        const current = await read(definition, options.id);
        const next = change(current);
        // The same value back means "no change": nothing is written.
        if (next !== current) await guardedSet(definition.area, { [key]: next }, since);
        return next;
      });
    },

    write(definition, value, options = {}) {
      const since = options.since ?? epoch;
      const key = keyOf(definition as RecordDefinition<unknown>, options.id);
      return queue.run(key, () => guardedSet(definition.area, { [key]: value }, since));
    },

    remove(definition, options = {}) {
      const key = keyOf(definition, options.id);
      return queue.run(key, async () => {
        await settledReady;
        await track(areaOf(definition.area).remove(key));
      });
    },

    writeKeys: (area, items, since = epoch) => guardedSet(area, items, since),
    readKeys: async (area, keys) => areaOf(area).get(keys),
    async removeKeys(area, keys) {
      await settledReady;
      await track(areaOf(area).remove(keys));
    },

    clearLocalData() {
      // The new epoch first, synchronously: from here no write of earlier work is made.
      epoch += 1;
      const run = (async () => {
        await settledReady;
        await Promise.allSettled([...underWay]);
        const kept = records.filter((definition) => definition.keptByClear);
        const local = Object.keys(await areaOf('local').get(null)).filter(
          (key) =>
            !kept.some((definition) => definition.area === 'local' && ownsKey(definition, key)),
        );
        const session = Object.keys(await areaOf('session').get(null));
        await areaOf('local').remove(local);
        await areaOf('session').remove(session);
        return local.length + session.length;
      })();
      clearing = run;
      const done = () => {
        if (clearing === run) clearing = null;
      };
      run.then(done, done);
      return run;
    },
  };
  return store;
}
