/** A base URL of the user's own, and its host permission (README): refused, nothing changes. */
import { browser } from 'wxt/browser';
import { hostPermissionFor, normaliseServiceBaseUrl } from '../contract/service-base-url';

async function hostPermission(ask: 'contains' | 'request', baseUrl: string): Promise<boolean> {
  try {
    return await browser.permissions[ask]({ origins: [hostPermissionFor(baseUrl)] });
  } catch {
    return false;
  }
}

export const mayCallService = (baseUrl: string) => hostPermission('contains', baseUrl);

export type ServiceAccess = { permitted: true } | { permitted: false; host: string };

/** Asked each time: a permission can be taken back, and a policy can name any host. */
export async function serviceAccessFor(baseUrl: string): Promise<ServiceAccess> {
  if (await mayCallService(baseUrl)) return { permitted: true };
  return { permitted: false, host: new URL(baseUrl).host };
}

/** Stores a base URL (null: the build's own), as the worker's intent does. */
type SaveBaseUrl = (baseUrl: string | null) => Promise<unknown>;

export type BaseUrlChoice =
  | { kind: 'saved'; baseUrl: string }
  | { kind: 'invalid' }
  | { kind: 'refused'; host: string }
  | { kind: 'reset' };

/** Only in a click, as the browser requires for the permission. */
export async function chooseServiceBaseUrl(raw: string, save: SaveBaseUrl): Promise<BaseUrlChoice> {
  const baseUrl = normaliseServiceBaseUrl(raw);
  if (baseUrl === null) return { kind: 'invalid' };
  if (!(await hostPermission('request', baseUrl))) {
    return { kind: 'refused', host: new URL(baseUrl).host };
  }
  await save(baseUrl);
  return { kind: 'saved', baseUrl };
}

/** Back to the build's own base URL, whose host permission is in the manifest. */
export async function resetServiceBaseUrl(save: SaveBaseUrl): Promise<BaseUrlChoice> {
  await save(null);
  return { kind: 'reset' };
}
