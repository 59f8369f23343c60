/**
 * One record of the extension's local storage, read and written through the browser's own
 * API: WXT's storage helper (and the lock library it brings) cost more bytes in every page
 * than the few calls it would save.
 */
import { browser } from 'wxt/browser';

/** The stored value, or undefined when there is none. */
export async function readLocal(key: string): Promise<unknown> {
  return (await browser.storage.local.get(key))[key];
}

export async function writeLocal(key: string, value: unknown): Promise<void> {
  await browser.storage.local.set({ [key]: value });
}
