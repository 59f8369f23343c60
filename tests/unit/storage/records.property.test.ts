/**
 * What storage holds comes from this version, an older or a newer one, a hand edit or a
 * damaged profile: reading any record must never throw, whatever is stored under its key, and
 * what a read hands on must be a value of the record's own shape. Inputs are any JSON value
 * (what a browser's storage can hold) and, read without storage in between, any value at all.
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { STORAGE_VERSIONS_RECORD } from '../../../lib/storage/migrate-store';
import { keyOf, parseStored, readRecord, type StoredRecord } from '../../../lib/storage/record';
import { createStore } from '../../../lib/storage/store';
import { ALL_RECORDS } from '../../../lib/worker/stored-records';

const NUM_RUNS = 300;

const record = fc.constantFrom(...ALL_RECORDS);
/** A family's item id, or none for a record of one key. */
const idOf = (definition: StoredRecord<unknown>) => (definition.family ? 'item' : undefined);

/**
 * What a read hands on, stored again, reads as itself: it is a value of the record's shape.
 * Compared as stored, through JSON, as the browser keeps it (-0 is stored as 0).
 */
function expectOwnShape(definition: StoredRecord<unknown>, value: unknown) {
  const stored = JSON.parse(JSON.stringify(value ?? null));
  expect(parseStored(definition, stored)).toEqual({ value: stored, damaged: false });
}

describe('reading any stored value', () => {
  beforeEach(() => fakeBrowser.reset());

  it.each([
    ['any JSON value', fc.jsonValue()],
    ['any value at all', fc.anything()],
  ])("parseStored never throws on %s, and hands on a value of the record's shape", (_name, raw) => {
    fc.assert(
      fc.property(record, raw, (definition, value) => {
        const parsed = parseStored(definition, value);
        expect(typeof parsed.damaged).toBe('boolean');
        expectOwnShape(definition, parsed.value);
      }),
      { numRuns: 2_000 },
    );
  });

  it("readRecord (a page's read) never throws on any JSON value stored under the key", async () => {
    await fc.assert(
      fc.asyncProperty(record, fc.jsonValue(), async (definition, value) => {
        fakeBrowser.reset();
        const key = keyOf(definition, idOf(definition));
        await fakeBrowser.storage[definition.area].set({ [key]: value });
        const read = await readRecord(definition, idOf(definition));
        // The browser keeps what it was given as JSON (-0 comes back as 0).
        const stored = JSON.parse(JSON.stringify(value));
        expect(read).toEqual(parseStored(definition, stored).value);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it("the worker's store never throws on any JSON value, even with the versions record damaged", async () => {
    await fc.assert(
      fc.asyncProperty(
        record,
        fc.jsonValue(),
        fc.option(fc.jsonValue(), { nil: undefined }),
        async (definition, value, versions) => {
          fakeBrowser.reset();
          const key = keyOf(definition, idOf(definition));
          await fakeBrowser.storage[definition.area].set({ [key]: value });
          if (versions !== undefined && definition !== STORAGE_VERSIONS_RECORD) {
            await fakeBrowser.storage.local.set({ [STORAGE_VERSIONS_RECORD.key]: versions });
          }
          const warnings: string[] = [];
          const store = createStore({
            records: ALL_RECORDS,
            warn: (message) => warnings.push(message),
          });
          await store.ready;
          const id = idOf(definition);
          const read = await store.read(definition, id);
          expectOwnShape(definition, read);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });
});
