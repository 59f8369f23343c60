/**
 * What a stored record is: its key (or, for a family kept one key per site or tab, the keys'
 * common prefix), the area it lives in, its schema, the value it has when nothing is stored,
 * its version and the migrations from each earlier version.
 *
 * Reading always parses: a value that does not fit the schema (an older or newer shape, a hand
 * edit, a damaged store) is never handed on as it is. It becomes its last good part where the
 * definition knows one that is safe (`salvage`), else its fallback, and the read says it was
 * damaged so the worker can repair it and log it once (record-store.ts).
 */
import type * as z from 'zod/mini';

export type StorageArea = 'local' | 'session';

export interface RecordDefinition<T> {
  /** The record's name in the record table, in `storage-versions` and in the worker's log. */
  readonly name: string;
  readonly area: StorageArea;
  /** The storage key; for a family, the prefix every one of its keys starts with. */
  readonly key: string;
  /** True for a family: one key per item (site, tab, service), `key` + the item's id. */
  readonly family?: boolean;
  /** The version of the shape `schema` describes; raised with every change of shape. */
  readonly version: number;
  /** Built on first use: schemas cost a starting worker time it rarely needs. */
  schema(): z.ZodMiniType<T>;
  /** The value when nothing is stored, or nothing usable. */
  fallback(): T;
  /** The usable part of a value that does not parse, where keeping a part is safe. */
  salvage?(raw: unknown): T | null;
  /**
   * `migrations[n]` turns a value of version n - 1 into version n. Versions before the first
   * migration listed need none: their shape is this one's.
   */
  readonly migrations?: Readonly<Record<number, (older: unknown) => unknown>>;
  /** What the user chose rather than what browsing left behind: "clear all local data" keeps it. */
  readonly keptByClear?: boolean;
}

/** A read, parsed: the value to use, and whether what was stored had to be repaired. */
export interface ParsedRecord<T> {
  value: T;
  damaged: boolean;
}

const schemas = new WeakMap<RecordDefinition<unknown>, z.ZodMiniType<unknown>>();

function schemaOf<T>(definition: RecordDefinition<T>): z.ZodMiniType<T> {
  let schema = schemas.get(definition as RecordDefinition<unknown>);
  if (schema === undefined) {
    schema = definition.schema() as z.ZodMiniType<unknown>;
    schemas.set(definition as RecordDefinition<unknown>, schema);
  }
  return schema as z.ZodMiniType<T>;
}

const NOT_PARSED = Symbol('not parsed');

function tryParse<T>(definition: RecordDefinition<T>, raw: unknown): T | typeof NOT_PARSED {
  try {
    const parsed = schemaOf(definition).safeParse(raw);
    return parsed.success ? parsed.data : NOT_PARSED;
  } catch {
    // A schema's own check that throws on a strange value is a failed parse like any other.
    return NOT_PARSED;
  }
}

/**
 * A stored value as the record's current shape. Never throws. A value of an older version
 * parses through its migrations, so a read that comes before the worker migrated the store
 * still finds the user's data.
 */
export function parseRecord<T>(definition: RecordDefinition<T>, raw: unknown): ParsedRecord<T> {
  if (raw === undefined) return { value: definition.fallback(), damaged: false };
  const current = tryParse(definition, raw);
  if (current !== NOT_PARSED) return { value: current, damaged: false };
  // An older shape, stored before the worker's migrations ran: read as it will become.
  for (let from = definition.version - 1; from >= 1 && definition.migrations; from--) {
    const migrated = tryParse(definition, migrateValue(definition, raw, from));
    if (migrated !== NOT_PARSED) return { value: migrated, damaged: false };
  }
  let salvaged: T | null = null;
  try {
    salvaged = definition.salvage?.(raw) ?? null;
  } catch {
    salvaged = null;
  }
  // What is kept must itself be of the record's shape, as the schema hands it on.
  const kept = salvaged === null ? NOT_PARSED : tryParse(definition, salvaged);
  return { value: kept === NOT_PARSED ? definition.fallback() : kept, damaged: true };
}

/**
 * A value stored by version `from` of the record, brought to the current version. A migration
 * that fails leaves the value as it was: the read that follows parses it, and what does not
 * parse then falls back like any damaged value.
 */
export function migrateValue<T>(
  definition: RecordDefinition<T>,
  raw: unknown,
  from: number,
): unknown {
  let value = raw;
  for (let version = from + 1; version <= definition.version; version++) {
    const step = definition.migrations?.[version];
    if (step === undefined) continue;
    try {
      value = step(value);
    } catch {
      return value;
    }
  }
  return value;
}

/** The storage key of a record, or of one item of a family. */
export function keyOf(definition: RecordDefinition<unknown>, id?: string): string {
  if (!definition.family) return definition.key;
  if (id === undefined) throw new Error(`${definition.name} is a family: name the item`);
  return `${definition.key}${id}`;
}

/** Whether a storage key belongs to a record (or to one item of a family). */
export function ownsKey(definition: RecordDefinition<unknown>, key: string): boolean {
  return definition.family ? key.startsWith(definition.key) : key === definition.key;
}
