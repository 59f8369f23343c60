/**
 * The user's own service base URL. The extension may only call a host it has permission for,
 * so saving one asks for that host (any http(s) host is optional in the manifest); refused, the
 * base URL stays as it was. The page asks, in the user's click; the worker stores it (`save`).
 */
import { browser } from 'wxt/browser';
import { hostPermissionFor, normaliseServiceBaseUrl } from '../contract/service-base-url';

/** Whether the extension holds (`contains`) or is granted (`request`) the service's host. */
async function hostPermission(ask: 'contains' | 'request', baseUrl: string): Promise<boolean> {
  try {
    return await browser.permissions[ask]({ origins: [hostPermissionFor(baseUrl)] });
  } catch {
    return false;
  }
}

export const mayCallService = (baseUrl: string) => hostPermission('contains', baseUrl);

/** Whether the browser lets the extension reach the service; its host when it does not. */
export type ServiceAccess = { permitted: true } | { permitted: false; host: string };

/** Asked each time: a permission can be taken back, and a policy can name any host. */
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

/** Validates, asks for the host permission and saves; only in a click, as the browser requires. */
export async function chooseServiceBaseUrl(raw: string, save: SaveBaseUrl): Promise<BaseUrlChoice> {
  const baseUrl = normaliseServiceBaseUrl(raw);
  if (baseUrl === null) return { kind: 'invalid' };
  if (!(await hostPermission('request', baseUrl))) {
    return { kind: 'refused', host: new URL(baseUrl).host };
  }
  await save(baseUrl);
  return { kind: 'saved', baseUrl };
}

/** Back to the base URL this build was made for (its host permission is in the manifest). */
export async function resetServiceBaseUrl(save: SaveBaseUrl): Promise<BaseUrlChoice> {
  await save(null);
  return { kind: 'reset' };
}
