/**
 * Puts the extension's view of the service back to "healthy": forgets the failures in a row
 * that pause the whole service (lib/cache/retry-gate.ts) and every site's "not before" time.
 *
 * The fault matrix checks each fault on its own, as the first thing a healthy service does
 * wrong. Without this, two 5xx cases in a row would pause the service (as they should) and
 * every later case would show that pause instead of its own fault.
 */
/// <reference types="chrome" />
import type { ExtensionBrowser } from '../../../extension-browser/extension-browser';

export async function forgetServiceFailures(browser: ExtensionBrowser): Promise<void> {
  const worker = await browser.worker();
  await worker.evaluate(async () => {
    const stored = await chrome.storage.local.get(null);
    const gateKeys = Object.keys(stored).filter((key) => key.startsWith('retry-gate:'));
    await chrome.storage.local.remove(gateKeys);
  });
}
