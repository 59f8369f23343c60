/**
 * The lenient reads the record groups share: a stored list or map keeps the items that parse
 * and leaves out the others, so one damaged item never costs the rest.
 */
import type * as z from 'zod/mini';

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The items of a list that parse, in order; the others are left out. */
export function readableItems<T>(values: readonly unknown[], item: z.ZodMiniType<T>): T[] {
  return values.flatMap((value) => {
    const parsed = item.safeParse(value);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Keeps every well-formed site of a map that has a damaged one. */
export function salvageEntries<T>(raw: unknown, entry: z.ZodMiniType<T>): Record<string, T> | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const kept: Record<string, T> = {};
  for (const [site, value] of Object.entries(raw)) {
    // A key that would set the object's prototype is no site.
    if (site === '__proto__') continue;
    const parsed = entry.safeParse(value);
    if (parsed.success) kept[site] = parsed.data;
  }
  return kept;
}
