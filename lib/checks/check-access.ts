/** The host access Check now asked the browser for, listed so the user can take it back. Access
 * the extension held before (its manifest's hosts, the report service's) is not a check's. */
import * as v from 'valibot';
import { browser } from 'wxt/browser';
import { hostPermissionFor } from '../contract/service-base-url';
import { parseWith, type StoredRecord } from '../storage/record';
import type { Store } from '../storage/store';

/** More sites than a person checks by hand; the oldest grant is listed out first. */
export const MAX_CHECK_ACCESS = 500;

/** Host permissions (`https://host/*`), oldest first. */
export const CHECK_ACCESS_RECORD: StoredRecord<string[]> = {
  name: 'check-access',
  area: 'local',
  key: 'check-access',
  version: 1,
  parse: parseWith(() => v.array(v.pipe(v.string(), v.maxLength(2100)))),
  fallback: () => [],
};

/** The host a permission names, for the settings page: `https://example.com/*` → example.com. */
export const hostOfPermission = (permission: string) =>
  permission.replace(/^[a-z]+:\/\//, '').replace(/\/\*$/, '');

/** Whether a manifest match pattern (`http://*.example.com/*`) covers a site's permission. */
function covers(pattern: string, permission: string): boolean {
  if (pattern === permission || pattern === '<all_urls>') return true;
  const match = /^(\*|https?):\/\/(\*\.)?([^/]*)\/\*$/.exec(pattern);
  const site = /^(https?):\/\/([^/]*)\/\*$/.exec(permission);
  if (!match || !site) return false;
  const [, scheme, anySub, host] = match;
  if (scheme !== '*' && scheme !== site[1]) return false;
  const siteHost = site[2] ?? '';
  return (
    host === '*' || siteHost === host || (anySub !== undefined && siteHost.endsWith(`.${host}`))
  );
}

/** The hosts the extension holds from its manifest: granted at install, never a check's. */
function manifestHosts(): string[] {
  const manifest = browser.runtime.getManifest() as {
    host_permissions?: string[];
    permissions?: string[];
  };
  return [...(manifest.host_permissions ?? []), ...(manifest.permissions ?? [])].filter((entry) =>
    entry.includes('://'),
  );
}

export function createCheckAccess(deps: {
  store: Store;
  /** The report service's base URL in effect: its host is the service's, never a check's. */
  serviceBaseUrl(): Promise<string>;
}) {
  const { store } = deps;
  async function ours(permission: string): Promise<boolean> {
    if (manifestHosts().some((pattern) => covers(pattern, permission))) return false;
    return hostPermissionFor(await deps.serviceBaseUrl()) !== permission;
  }
  const unlist = (permissions: readonly string[]) =>
    store.update(CHECK_ACCESS_RECORD, (current) => {
      const kept = current.filter((entry) => !permissions.includes(entry));
      return kept.length === current.length ? current : kept;
    });

  return {
    /** After a check's ask was granted: listed when it is the check's and still held. */
    async granted(origin: string): Promise<void> {
      const permission = hostPermissionFor(origin);
      if (!(await ours(permission))) return;
      if (!(await browser.permissions.contains({ origins: [permission] }))) return;
      await store.update(CHECK_ACCESS_RECORD, (listed) =>
        listed.includes(permission) ? listed : [...listed, permission].slice(-MAX_CHECK_ACCESS),
      );
    },

    /** Takes back one site's access (its permission), or every one listed (null). */
    async remove(permission: string | null): Promise<void> {
      const listed = await store.read(CHECK_ACCESS_RECORD);
      const going = permission === null ? listed : listed.filter((entry) => entry === permission);
      const removable: string[] = [];
      for (const entry of going) if (await ours(entry)) removable.push(entry);
      if (removable.length > 0) await browser.permissions.remove({ origins: removable });
      await unlist(going);
    },

    /** The browser took some access back (its own settings): no longer listed. */
    forget: unlist,
  };
}

export type CheckAccess = ReturnType<typeof createCheckAccess>;
