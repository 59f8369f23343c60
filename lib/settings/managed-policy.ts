/** The administrator's policy (README); a value that makes no sense is ignored. */
import { browser } from 'wxt/browser';
import { normaliseServiceBaseUrl } from '../contract/service-base-url';
import { normalisePausedDomains } from '../privacy/paused-domains';
import { isObject, type StoredRecord } from '../storage/record';
import { isBadgeMode } from './settings-record';

/** A managed storage snapshot, or a kept copy of one; key names as in public/managed-schema.json. */
export function parseManagedPolicy(stored: unknown) {
  const raw = isObject(stored) ? stored : {};
  return {
    // Null: not set.
    serviceBaseUrl:
      typeof raw.serviceBaseUrl === 'string' ? normaliseServiceBaseUrl(raw.serviceBaseUrl) : null,
    forceOnClick: raw.forceOnClick === true,
    // No scheduled lookups; the sites page still lists sites.
    disableWatchList: raw.disableWatchList === true,
    neverLookUpDomains: Array.isArray(raw.neverLookUpDomains)
      ? normalisePausedDomains(raw.neverLookUpDomains)
      : [],
    badgeMode: isBadgeMode(raw.badgeMode) ? raw.badgeMode : null,
  };
}

export type ManagedPolicy = ReturnType<typeof parseManagedPolicy>;

export const NO_POLICY = parseManagedPolicy({});

/** The last policy read (README). Null: no copy, or one from before `neverLookUpDomains`. */
export const POLICY_COPY_RECORD: StoredRecord<ManagedPolicy | null> = {
  name: 'managed-policy',
  area: 'local',
  key: 'managed-policy',
  version: 1,
  parse: (raw) => {
    if (raw === null) return null;
    if (!isObject(raw)) return undefined;
    return 'neverLookUpDomains' in raw ? parseManagedPolicy(raw) : null;
  },
  fallback: () => null,
};

async function readLivePolicy(): Promise<ManagedPolicy> {
  // Firefox for Android has no managed storage at all.
  if (!browser.storage.managed) return NO_POLICY;
  try {
    // Firefox rejects when no policy names the extension; Chrome answers {}.
    return parseManagedPolicy(await browser.storage.managed.get());
  } catch {
    return NO_POLICY;
  }
}

/** The live read runs behind a copy only for the worker's `keepCopy`: a page would drop it. */
export function policyFrom(
  kept: ManagedPolicy | null,
  keepCopy?: (policy: ManagedPolicy) => Promise<unknown>,
): Promise<ManagedPolicy> {
  if (kept !== null && !keepCopy) return Promise.resolve(kept);
  const live = readLivePolicy().then(async (policy) => {
    // Compared as JSON of the parsed values: both have their fields in one order.
    if (JSON.stringify(kept) !== JSON.stringify(policy) && keepCopy) await keepCopy(policy);
    return policy;
  });
  if (kept === null) return live;
  live.catch(() => undefined);
  return Promise.resolve(kept);
}
