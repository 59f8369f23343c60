/** The worker's one writer of storage (README). */
import { browser } from 'wxt/browser';
import { createKeyedQueue } from './keyed-queue';
import { migrateStore } from './migrate-store';
import {
  keyOf,
  ownsKey,
  parseStored,
  readItems,
  type StorageArea,
  type StoredRecord,
  storedForm,
} from './record';

/** Which "clear all local data" a piece of work began in. */
export type Epoch = number;

type WriteOptions = { id?: string | undefined; since?: Epoch | undefined };

type Change = (current: unknown) => unknown;
type Outcome = { value: unknown } | { error: unknown };
/** The updates of one key not yet begun, which a new update of the same epoch joins. */
type Batch = { since: Epoch; changes: Change[]; outcomes: Promise<Outcome[]> };

export function createStore(deps: {
  /** Every record, this store's versions among them. */
  records: readonly StoredRecord<unknown>[];
  warn(message: string): void;
}) {
  const { records } = deps;
  const queue = createKeyedQueue<string>();
  const waiting = new Map<string, Batch>();
  const reported = new Set<string>();
  let epoch = 0;
  // Storage calls under way: a clear waits for them before it lists what to remove.
  const underWay = new Set<Promise<unknown>>();
  /** Set while a clear runs: writes of the new epoch wait for it. */
  let clearing: Promise<unknown> | null = null;
  const track = <T>(call: Promise<T>): Promise<T> => {
    underWay.add(call);
    const done = () => underWay.delete(call);
    call.then(done, done);
    return call;
  };

  // A failed migration must not stop every write: reads parse older shapes anyway.
  const ready = migrateStore(records, deps.warn).catch((error: unknown) =>
    deps.warn(`migrating stored records failed: ${String(error)}`),
  );

  async function set(area: StorageArea, items: Record<string, unknown>, since: Epoch) {
    await ready;
    while (clearing !== null) await clearing.catch(() => undefined);
    // Checked last: nothing is awaited between the check and the call.
    if (since !== epoch) return false;
    await track(browser.storage[area].set(items));
    return true;
  }

  async function removeKeys(area: StorageArea, keys: readonly string[]): Promise<void> {
    await ready;
    if (keys.length > 0) await track(browser.storage[area].remove([...keys]));
  }

  /** What is stored at `key`, repaired (and told once) where it does not parse. */
  function parsedAt<T>(record: StoredRecord<T>, key: string, raw: unknown): T {
    const { value, damaged } = parseStored(record, raw);
    if (damaged) {
      const reset = JSON.stringify(value) === JSON.stringify(record.fallback());
      if (!reported.has(key)) {
        reported.add(key);
        deps.warn(
          `stored record "${key}" (${record.name}) did not parse: ${reset ? 'reset to its default' : 'its readable part kept'}`,
        );
      }
      const repair = reset
        ? track(browser.storage[record.area].remove(key))
        : set(record.area, { [key]: storedForm(record, value) }, epoch);
      repair.catch(() => undefined);
    }
    return value;
  }

  async function read<T>(record: StoredRecord<T>, id?: string): Promise<T> {
    const key = keyOf(record, id);
    return parsedAt(record, key, (await browser.storage[record.area].get(key))[key]);
  }

  return {
    /** Take it when work begins whose writes come later. */
    epoch: (): Epoch => epoch,
    ready,
    read,
    readItems: <T>(record: StoredRecord<T>, ids: readonly string[]) =>
      readItems(record, ids, (key, raw) => parsedAt(record, key, raw)),

    /**
     * Resolves to the value after this change (stored, or that would have been); an unchanged
     * one is not written. Changes of one key asked while another is under way are applied
     * together, in the order asked, with one read and one write: a record every lookup changes
     * costs a write per turn of the queue, not per lookup.
     */
    update<T>(
      record: StoredRecord<T>,
      change: (current: T) => T,
      { id, since = epoch }: WriteOptions = {},
    ): Promise<T> {
      const key = keyOf(record, id);
      let batch = waiting.get(key);
      if (batch === undefined || batch.since !== since) {
        const joining: Batch = { since, changes: [], outcomes: Promise.resolve([]) };
        joining.outcomes = queue.run(key, async () => {
          if (waiting.get(key) === joining) waiting.delete(key);
          await ready;
          const current = await read(record, id);
          let next: unknown = current;
          const outcomes = joining.changes.map((one): Outcome => {
            try {
              next = one(next);
              return { value: next };
            } catch (error) {
              // One change that throws costs only its caller.
              return { error };
            }
          });
          if (next !== current) await set(record.area, { [key]: storedForm(record, next) }, since);
          return outcomes;
        });
        waiting.set(key, joining);
        batch = joining;
      }
      const at = batch.changes.push(change as Change) - 1;
      return batch.outcomes.then((outcomes) => {
        const outcome = outcomes[at] as Outcome;
        if ('error' in outcome) throw outcome.error;
        return outcome.value as T;
      });
    },

    /** False when the write was dropped (cleared since). */
    write<T>(record: StoredRecord<T>, value: T, { id, since = epoch }: WriteOptions = {}) {
      const key = keyOf(record, id);
      return queue.run(key, () => set(record.area, { [key]: storedForm(record, value) }, since));
    },

    async remove(record: StoredRecord<unknown>, ids?: readonly string[]) {
      const keys = ids === undefined ? [keyOf(record)] : ids.map((id) => keyOf(record, id));
      // Each after the earlier updates of its key.
      await Promise.all(keys.map((key) => queue.run(key, () => removeKeys(record.area, [key]))));
    },

    /** One storage call, which the browser applies whole; values in their stored form. */
    writeKeys: (area: StorageArea, items: Record<string, unknown>, since = epoch) =>
      set(area, items, since),
    readAll: (area: StorageArea) => browser.storage[area].get(null),
    removeKeys,

    /** Removes everything but what the user chose; resolves to how many keys went. */
    clearLocalData() {
      // The new epoch first, synchronously: from here no write of earlier work is made.
      epoch += 1;
      const run = (async () => {
        await ready;
        await Promise.allSettled([...underWay]);
        const kept = records.filter((record) => record.keptByClear && record.area === 'local');
        const local = Object.keys(await browser.storage.local.get(null)).filter(
          (key) => !kept.some((record) => ownsKey(record, key)),
        );
        const session = Object.keys(await browser.storage.session.get(null));
        await browser.storage.local.remove(local);
        await browser.storage.session.remove(session);
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
}

export type Store = ReturnType<typeof createStore>;
