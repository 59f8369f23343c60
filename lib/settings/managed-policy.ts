/**
 * What an administrator set by enterprise policy (managed storage, schema in
 * public/managed-schema.json, docs/enterprise-policy.md): a base URL, on-click lookups only, no
 * watch list, domains never looked up, and what the badge shows. A policy value that makes no
 * sense is ignored. settings.ts applies the policy over the user's own settings.
 */
import { browser } from 'wxt/browser';
import { normalisePausedDomains } from '../privacy/paused-domains';
import { normaliseServiceBaseUrl } from '../service/service-base-url';
import {
  BADGE_MODES,
  type BadgeMode,
  POLICY_COPY_RECORD,
  type PolicyCopy,
} from '../storage/records';

/** What an administrator set, as far as it is usable. */
export interface ManagedPolicy {
  /** The service base URL everyone in the organisation uses; null when not set. */
  serviceBaseUrl: string | null;
  /** True: lookups happen only when the user asks (the popup), never automatically. */
  forceOnClick: boolean;
  /** True: no site is watched (no scheduled lookups); the sites page still lists sites. */
  disableWatchList: boolean;
  /**
   * Domains never looked up (`neverLookUpDomains`), as paused domains are kept: normalised,
   * sorted, each once; entries that name no host are left out.
   */
  neverLookUpDomains: readonly string[];
  /** What the toolbar badge shows for everyone; null when not set. */
  badgeMode: BadgeMode | null;
}

export const NO_POLICY: ManagedPolicy = {
  serviceBaseUrl: null,
  forceOnClick: false,
  disableWatchList: false,
  neverLookUpDomains: [],
  badgeMode: null,
};

const isBadgeMode = (value: unknown): value is BadgeMode =>
  typeof value === 'string' && (BADGE_MODES as readonly string[]).includes(value);

/** Reads a managed storage snapshot (key names as in managed-schema.json). */
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
 * Where the last policy read from managed storage is kept. Chromium's first read of managed
 * storage after the browser starts is slow; a lookup must not wait for it, so readers
 * take this copy and the live read refreshes it behind them. A policy changed while the
 * browser was closed thus applies a moment after start, when the copy changes and
 * `watchSettings` calls back. Cleared with local data; the next read refills it.
 */
export const POLICY_COPY_KEY = POLICY_COPY_RECORD.key;

/** The policy in managed storage; none where the browser has no managed storage for us. */
async function readLivePolicy(): Promise<ManagedPolicy> {
  // Firefox for Android has no managed storage at all: no policy, and nothing to report.
  if (!browser.storage.managed) return NO_POLICY;
  try {
    // Firefox rejects when no policy names the extension; Chrome answers {}.
    return parseManagedPolicy(await browser.storage.managed.get());
  } catch {
    return NO_POLICY;
  }
}

const isCurrentCopy = (stored: unknown) =>
  typeof stored === 'object' && stored !== null && 'neverLookUpDomains' in stored;

const sameEntries = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((entry, index) => entry === b[index]);

/**
 * The administrator's policy: the kept copy at once when there is one, else the live read.
 * `keepCopy` stores a live read that differs from the copy: the worker's, since only it writes.
 */
export async function readManagedPolicy(
  keepCopy?: (policy: PolicyCopy) => Promise<unknown>,
): Promise<ManagedPolicy> {
  // One read of the copy serves both: the answer now, and the check whether to refresh it.
  const stored = (await browser.storage.local.get(POLICY_COPY_KEY))[POLICY_COPY_KEY];
  // A copy kept before the policy could list domains never looked up is no copy: waiting for
  // the live read is better than looking up a domain it lists.
  const kept = isCurrentCopy(stored) ? parseManagedPolicy(stored) : null;
  const live = readLivePolicy().then(async (policy) => {
    // Field by field: storage may hand the object back with its keys in another order.
    const same =
      kept !== null &&
      kept.serviceBaseUrl === policy.serviceBaseUrl &&
      kept.forceOnClick === policy.forceOnClick &&
      kept.disableWatchList === policy.disableWatchList &&
      sameEntries(kept.neverLookUpDomains, policy.neverLookUpDomains) &&
      kept.badgeMode === policy.badgeMode;
    if (!same && keepCopy) await keepCopy(policy);
    return policy;
  });
  if (kept === null) return live;
  live.catch(() => undefined);
  return kept;
}
