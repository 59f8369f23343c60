/**
 * "Clear all local data": everything the extension keeps about the sites the user visited,
 * and nothing the user chose. That is every key of local storage except the settings (the
 * report cache, retry records, the lookup log, score history and whatever else is kept per
 * site) and all of session storage (each tab's state).
 *
 * Named by what stays rather than by what goes, so data a later version adds is cleared too.
 */
import { storage } from 'wxt/utils/storage';
import { SETTINGS_STORAGE_KEY } from './settings';

/** Removes the local data; returns how many stored records went. */
export async function clearLocalData(): Promise<number> {
  // `settings$` would hold the settings' metadata, were they ever versioned by WXT.
  const local = Object.keys(await storage.snapshot('local')).filter(
    (key) => key !== SETTINGS_STORAGE_KEY && key !== `${SETTINGS_STORAGE_KEY}$`,
  );
  const session = Object.keys(await storage.snapshot('session'));
  await storage.removeItems([
    ...local.map((key) => `local:${key}` as const),
    ...session.map((key) => `session:${key}` as const),
  ]);
  return local.length + session.length;
}
