/**
 * "Clear all local data": everything the extension keeps about the sites the user visited,
 * and nothing the user chose. That is every key of local storage except the settings (the
 * report cache, retry records, the lookup log, score history and whatever else is kept per
 * site) and all of session storage (each tab's state).
 *
 * Named by what stays rather than by what goes, so data a later version adds is cleared too.
 */
import { browser } from 'wxt/browser';
import { SETTINGS_KEY } from '../settings/settings';

/** Removes the local data; returns how many stored records went. */
export async function clearLocalData(): Promise<number> {
  const local = Object.keys(await browser.storage.local.get(null)).filter(
    (key) => key !== SETTINGS_KEY,
  );
  const session = Object.keys(await browser.storage.session.get(null));
  await browser.storage.local.remove(local);
  await browser.storage.session.remove(session);
  return local.length + session.length;
}
