/**
 * The user's own service base URL, set on the options page. The extension may only call a
 * host it has permission for, so saving one asks the browser for that host at run time (the
 * manifest declares any http(s) host as optional); when the browser or the user refuses, the
 * base URL stays as it was and the page says so. The page asks (only a page can, in the
 * user's click); the worker stores it (`save`, an intent), after checking the permission.
 */
import { browser } from 'wxt/browser';
import { hostPermissionFor, normaliseServiceBaseUrl } from '../service/service-base-url';

/** Whether the extension holds the host permission to call the service at `baseUrl`. */
export async function mayCallService(baseUrl: string): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: [hostPermissionFor(baseUrl)] });
  } catch {
    return false;
  }
}

/** Whether the browser lets the extension reach the service; its host when it does not. */
export type ServiceAccess = { permitted: true } | { permitted: false; host: string };

/**
 * The access to the service at `baseUrl`, asked of the browser each time: the user can take a
 * permission back at any moment (and a policy can name a host nobody granted).
 */
export async function serviceAccessFor(baseUrl: string): Promise<ServiceAccess> {
  if (await mayCallService(baseUrl)) return { permitted: true };
  return { permitted: false, host: new URL(baseUrl).host };
}

/** Stores a base URL (null: the build's own), as the worker's intent does. */
export type SaveBaseUrl = (baseUrl: string | null) => Promise<unknown>;

export type BaseUrlChoice =
  | { kind: 'saved'; baseUrl: string }
  | { kind: 'invalid' }
  | { kind: 'refused'; host: string }
  | { kind: 'reset' };

/**
 * Validates, asks for the host permission and saves. Must run from the user's click: the
 * browser only asks for a permission in answer to one.
 */
export async function chooseServiceBaseUrl(raw: string, save: SaveBaseUrl): Promise<BaseUrlChoice> {
  const baseUrl = normaliseServiceBaseUrl(raw);
  if (baseUrl === null) return { kind: 'invalid' };
  let granted: boolean;
  try {
    granted = await browser.permissions.request({ origins: [hostPermissionFor(baseUrl)] });
  } catch {
    granted = false;
  }
  if (!granted) return { kind: 'refused', host: new URL(baseUrl).host };
  await save(baseUrl);
  return { kind: 'saved', baseUrl };
}

/** Back to the base URL this build was made for (its host permission is in the manifest). */
export async function resetServiceBaseUrl(save: SaveBaseUrl): Promise<BaseUrlChoice> {
  await save(null);
  return { kind: 'reset' };
}
