/** What a stored record is, and how any page or the worker reads one (README). */
import { browser } from 'wxt/browser';

export type StorageArea = 'local' | 'session';

export interface StoredRecord<T> {
  /** The record's name in `storage-versions` and in the worker's log. */
  readonly name: string;
  readonly area: StorageArea;
  /** The storage key; for a family, the prefix every one of its keys starts with. */
  readonly key: string;
  /** A family keeps one key per item (site, tab, service): `key` + the item's id. */
  readonly family?: boolean;
  /** The version of the shape `parse` reads; raised with every change of shape. */
  readonly version: number;
  /** The value as this record's shape, or undefined when it is not one. May throw. */
  parse(raw: unknown): T | undefined;
  fallback(): T;
  /** The usable part of a value that does not parse, where keeping a part is safe. */
  salvage?(raw: unknown): T | undefined;
  /** `migrations[n]` turns a value of version n - 1 into version n. */
  readonly migrations?: Readonly<Record<number, (older: unknown) => unknown>>;
  /** What the user chose rather than what browsing left behind: "clear all local data" keeps it. */
  readonly keptByClear?: boolean;
  /**
   * Kept as JSON text: a large record comes out of storage many times faster as one string
   * than as a tree of values. A value kept as a tree, as before, still reads.
   */
  readonly asText?: boolean;
  /**
   * A family that was one record: the key it was kept under, and how that value (of this
   * record's shape once migrated) goes into the items already stored.
   */
  readonly splitFrom?: {
    key: string;
    split(whole: T, items: Record<string, T>): Record<string, T>;
  };
}

/** Which of `parts` a name's items go to: the same for a name in every page and every release. */
export function partOf(name: string, parts: number): string {
  let hash = 0;
  for (let at = 0; at < name.length; at++) hash = (hash * 31 + name.charCodeAt(at)) >>> 0;
  return String(hash % parts);
}

export const partIds = (parts: number) => Array.from({ length: parts }, (_, part) => String(part));

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A schema as Standard Schema describes it, which valibot's are: read through its `validate`,
 * this file imports no schema library, and a page whose records are checked by hand loads none.
 */
interface StandardSchema<T> {
  readonly '~standard': {
    validate(value: unknown): StandardResult<T> | Promise<StandardResult<T>>;
  };
}

type StandardResult<T> =
  | { readonly value: T; readonly issues?: undefined }
  | { readonly issues: readonly unknown[] };

/** A `parse` from a schema, built on first use; only a synchronous schema parses anything. */
export function parseWith<T>(schema: () => StandardSchema<T>): (raw: unknown) => T | undefined {
  let built: StandardSchema<T> | null = null;
  return (raw) => {
    built ??= schema();
    const result = built['~standard'].validate(raw);
    return 'value' in result && result.issues === undefined ? result.value : undefined;
  };
}

function attempt<T>(read: (() => T | undefined) | undefined): T | undefined {
  try {
    return read?.();
  } catch {
    // A check that throws on a strange value is a failed parse like any other.
    return undefined;
  }
}

/** A migration that fails leaves the value as it was, to be parsed (and refused) as any other. */
export function migrated<T>(record: StoredRecord<T>, raw: unknown, from: number): unknown {
  let value = raw;
  for (let version = from + 1; version <= record.version; version++) {
    const step = record.migrations?.[version];
    if (step === undefined) continue;
    const next = attempt(() => step(value));
    if (next === undefined) return value;
    value = next;
  }
  return value;
}

export const storedForm = <T>(record: StoredRecord<T>, value: T): unknown =>
  record.asText ? JSON.stringify(value) : value;

/** A value as stored, its text read back; text that is no JSON is null (it parses as nothing). */
export function decoded<T>(record: StoredRecord<T>, raw: unknown): unknown {
  if (!record.asText || typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** The record's current shape, and whether it had to be repaired. Never throws. */
export function parseStored<T>(record: StoredRecord<T>, stored: unknown) {
  if (stored === undefined) return { value: record.fallback(), damaged: false };
  const raw = decoded(record, stored);
  // The current shape, else an older one stored before the worker's migrations ran: read as it
  // will become.
  const oldest = record.migrations ? 1 : record.version;
  for (let from = record.version; from >= oldest; from--) {
    const value = attempt(() => record.parse(migrated(record, raw, from)));
    if (value !== undefined) return { value, damaged: false };
  }
  const salvaged = attempt(() => record.salvage?.(raw));
  // What is kept must itself be of the record's shape.
  const kept = salvaged === undefined ? undefined : attempt(() => record.parse(salvaged));
  return { value: kept ?? record.fallback(), damaged: true };
}

export function keyOf<T>(record: StoredRecord<T>, id?: string): string {
  if (!record.family) return record.key;
  if (id === undefined) throw new Error(`${record.name} is a family: name the item`);
  return `${record.key}${id}`;
}

export function ownsKey<T>(record: StoredRecord<T>, key: string): boolean {
  return record.family ? key.startsWith(record.key) : key === record.key;
}

export async function readRecord<T>(record: StoredRecord<T>, id?: string): Promise<T> {
  const key = keyOf(record, id);
  return parseStored(record, (await browser.storage[record.area].get(key))[key]).value;
}

/** Several items of a family in one storage call, in the order of `ids`, each read by `parse`. */
export async function readItems<T>(
  record: StoredRecord<T>,
  ids: readonly string[],
  parse = (_key: string, raw: unknown) => parseStored(record, raw).value,
): Promise<T[]> {
  const keys = ids.map((id) => keyOf(record, id));
  const stored = await browser.storage[record.area].get(keys);
  return keys.map((key) => parse(key, stored[key]));
}

/** Returns the stop function, as watchKeys does. */
export function watchRecord<T>(record: StoredRecord<T>, onChange: (value: T) => void, id?: string) {
  const key = keyOf(record, id);
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    const change = changes[key];
    if (area === record.area && change) onChange(parseStored(record, change.newValue).value);
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}

export function watchKeys(
  area: StorageArea,
  records: readonly StoredRecord<unknown>[],
  onChange: () => void,
): () => void {
  const listener = (changes: Record<string, unknown>, changed: string) => {
    if (
      changed === area &&
      Object.keys(changes).some((key) => records.some((record) => ownsKey(record, key)))
    )
      onChange();
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
