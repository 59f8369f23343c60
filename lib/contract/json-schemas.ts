/**
 * JSON's object and number as valibot schemas, for every schema of the extension (README).
 * valibot's own object and record take an array (its indexes as keys, so `[]` passes as `{}`),
 * and its number takes Infinity (JSON's 1e999 parses to it, structured clone keeps it): the
 * records, messages and the contract refuse both. Each names the JSON type it takes in its
 * message, which is what schema-problem.ts says was expected.
 */
import * as v from 'valibot';

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * First in the pipe of an object or record schema that an array must not pass. An object with
 * a required key refuses an array without it (an array has no such key).
 */
export const jsonObject = () => v.custom<Record<string, unknown>>(isJsonObject, 'object');

/** A finite number. A type, not a check: a check piped after it never sees Infinity. */
export const jsonNumber = () => v.custom<number>(Number.isFinite, 'number');

/** An object of these entries, which an array does not pass. */
export const jsonObjectOf = <const Entries extends v.ObjectEntries>(entries: Entries) =>
  v.pipe(jsonObject(), v.object(entries));

/** A record of these keys and values, which an array does not pass. */
export const jsonRecordOf = <
  const Key extends v.GenericSchema<string, string>,
  const Value extends v.GenericSchema,
>(
  key: Key,
  value: Value,
) => v.pipe(jsonObject(), v.record(key, value));
