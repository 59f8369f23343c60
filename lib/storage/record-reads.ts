/**
 * Reading records, for every page and the worker alike: one storage read, parsed. Pages only
 * ever read; the worker writes (record-store.ts), so what a page reads is never half a change.
 */
import { browser } from 'wxt/browser';
import { keyOf, parseRecord, type RecordDefinition } from './stored-record';

/** The record's value (an item's, for a family), parsed: never a shape it does not have. */
export async function readRecord<T>(definition: RecordDefinition<T>, id?: string): Promise<T> {
  const key = keyOf(definition as RecordDefinition<unknown>, id);
  const stored = await browser.storage[definition.area].get(key);
  return parseRecord(definition, stored[key]).value;
}

/** Calls back with the record's parsed value after every change; returns the stop function. */
export function watchRecord<T>(
  definition: RecordDefinition<T>,
  onChange: (value: T) => void,
  id?: string,
): () => void {
  const key = keyOf(definition as RecordDefinition<unknown>, id);
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    const change = changes[key];
    if (area === definition.area && change !== undefined) {
      onChange(parseRecord(definition, change.newValue).value);
    }
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
