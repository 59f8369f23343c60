/** A page's asks of the browser's permissions: `ask…` first in a click (README). */
import { browser } from 'wxt/browser';

/** Whether the extension holds every host permission of `origins` (`https://host/*`). */
export const holdsHosts = (origins: string[]): Promise<boolean> =>
  browser.permissions.contains({ origins }).catch(() => false);

/** False when refused, or asked outside a gesture. */
export const askForHosts = (origins: string[]): Promise<boolean> =>
  browser.permissions.request({ origins }).catch(() => false);

export const askForNotifications = (): Promise<boolean> =>
  browser.permissions.request({ permissions: ['notifications'] }).catch(() => false);

export function watchPermissions(onChange: () => void): () => void {
  const listener = () => onChange();
  browser.permissions.onAdded?.addListener(listener);
  browser.permissions.onRemoved?.addListener(listener);
  return () => {
    browser.permissions.onAdded?.removeListener(listener);
    browser.permissions.onRemoved?.removeListener(listener);
  };
}

/** A page of a private window (Firefox); in Chrome's spanning mode the worker tells. */
export const inPrivateWindowPage = (): boolean => browser.extension?.inIncognitoContext === true;
