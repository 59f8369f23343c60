/**
 * lib/storage/ — the browser's storage at its plainest: one record read or written, and a per-
 * key queue for read-modify-write. Imports nothing else of lib/.
 *
 * One record of the extension's storage, read and written through the browser's own API:
 * WXT's storage helper (and the lock library it brings) cost more bytes in every page than
 * the few calls it would save.
 */
import { browser } from 'wxt/browser';

/** The stored value, or undefined when there is none. */
export async function readLocal(key: string): Promise<unknown> {
  return (await browser.storage.local.get(key))[key];
}

export async function writeLocal(key: string, value: unknown): Promise<void> {
  await browser.storage.local.set({ [key]: value });
}

export async function removeLocal(key: string): Promise<void> {
  await browser.storage.local.remove(key);
}

/** Calls back with a local record's new value after every change; returns the stop function. */
export function watchLocal(key: string, onChange: (value: unknown) => void): () => void {
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    const change = changes[key];
    if (area === 'local' && change !== undefined) onChange(change.newValue);
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
