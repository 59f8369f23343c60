/**
 * Local storage as the records hold it: the lookup log, the score history's parts and the cache
 * index's parts are kept as JSON text (lib/storage/record.ts, `asText`), read back here.
 */
export function readBackText(stored: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(stored).map(([key, value]) => [
      key,
      typeof value === 'string' && /^[[{]/.test(value) ? JSON.parse(value) : value,
    ]),
  );
}
