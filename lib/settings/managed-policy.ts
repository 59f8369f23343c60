/**
 * What an administrator set by enterprise policy (managed storage, schema in
 * public/managed-schema.json, docs/enterprise-policy.md): a base URL, on-click lookups only, no
 * watch list, domains never looked up, and what the badge shows. A policy value that makes no
 * sense is ignored. settings.ts applies the policy over the user's own settings.
 */
import { browser } from 'wxt/browser';
import { normaliseServiceBaseUrl } from '../contract/service-base-url';
import { normalisePausedDomains } from '../privacy/paused-domains';
import { readRecord, type StoredRecord } from '../storage/record';
import { type BadgeMode, isBadgeMode } from './settings-record';

export interface ManagedPolicy {
  /** The service base URL everyone in the organisation uses; null when not set. */
  serviceBaseUrl: string | null;
  /** True: lookups happen only when the user asks, never automatically. */
  forceOnClick: boolean;
  /** True: no site is watched (no scheduled lookups); the sites page still lists sites. */
  disableWatchList: boolean;
  /** Domains never looked up, normalised, sorted, each once; entries naming no host left out. */
  neverLookUpDomains: readonly string[];
  /** What the toolbar badge shows for everyone; null when not set. */
  badgeMode: BadgeMode | null;
}

/** What a managed storage without our keys reads as. */
export const NO_POLICY = parseManagedPolicy({});

/** A managed storage snapshot (key names as in managed-schema.json), or a kept copy of one. */
export function parseManagedPolicy(stored: unknown): ManagedPolicy {
  const raw =
    typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  return {
    serviceBaseUrl:
      typeof raw.serviceBaseUrl === 'string' ? normaliseServiceBaseUrl(raw.serviceBaseUrl) : null,
    forceOnClick: raw.forceOnClick === true,
    disableWatchList: raw.disableWatchList === true,
    neverLookUpDomains: Array.isArray(raw.neverLookUpDomains)
      ? normalisePausedDomains(raw.neverLookUpDomains)
      : [],
    badgeMode: isBadgeMode(raw.badgeMode) ? raw.badgeMode : null,
  };
}

/**
 * The last policy read. Chromium's first read of managed storage after a browser start is slow,
 * so readers take this copy and the live read refreshes it behind them. Null: no copy, so the
 * live read is awaited; so is a copy from before the policy could list domains never looked up.
 */
export const POLICY_COPY_RECORD: StoredRecord<ManagedPolicy | null> = {
  name: 'managed-policy',
  area: 'local',
  key: 'managed-policy',
  version: 1,
  parse: (raw) => {
    if (raw === null) return null;
    if (typeof raw !== 'object' || Array.isArray(raw)) return undefined;
    return 'neverLookUpDomains' in raw ? parseManagedPolicy(raw) : null;
  },
  fallback: () => null,
};

/** The policy in managed storage; none where the browser has no managed storage for us. */
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

/**
 * The policy to use given the kept copy: the copy at once when there is one, else the live read.
 * The live read also runs behind a copy for the worker, whose `keepCopy` refreshes it; a page
 * would only throw its answer away.
 */
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

/** The policy to use, from the kept copy in storage (`policyFrom`). */
export async function readManagedPolicy(
  keepCopy?: (policy: ManagedPolicy) => Promise<unknown>,
): Promise<ManagedPolicy> {
  return policyFrom(await readRecord(POLICY_COPY_RECORD), keepCopy);
}
