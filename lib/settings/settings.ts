/**
 * lib/settings/ — what the user chose (and what a policy locked): lookup mode, paused sites,
 * badge, base URL. Imports the layers below it only.
 *
 * What the user chose, kept in local storage: the lookup mode (their consent), paused sites,
 * what the badge shows, and a service base URL of their own. Over it, what an
 * administrator set by enterprise policy (managed storage, schema in
 * public/managed-schema.json): a base URL, on-click lookups only, no watch list, domains
 * never looked up (added to the user's paused domains, and not theirs to resume), and what the
 * badge shows. Readers get the
 * effective settings, with what the policy locked; writers only ever store the user's own.
 *
 * Pages read; the worker alone writes (`changeSettings`, from the pages' intents). Every
 * reader goes through the settings record's schema (lib/storage/records.ts), field by field: a stored value from an older or
 * newer version, or one damaged by hand, falls back to the default for that field only, so one
 * bad field never costs the user the others. A policy value that makes no sense is ignored.
 */
import { browser } from 'wxt/browser';
import { isSitePausedBy, normalisePausedDomains } from '../privacy/paused-domains';
import { configuredServiceBaseUrl, normaliseServiceBaseUrl } from '../service/service-base-url';
import { readRecord } from '../storage/record-reads';
import type { RecordStore } from '../storage/record-store';
import {
  BADGE_MODES,
  type BadgeMode,
  DEFAULT_SETTINGS,
  type LookupMode,
  POLICY_COPY_RECORD,
  type PolicyCopy,
  SETTINGS_RECORD,
  type StoredSettings,
} from '../storage/records';
import { parseRecord } from '../storage/stored-record';

export { BADGE_MODES, type BadgeMode, DEFAULT_SETTINGS, type LookupMode };

/** What the user chose: the settings record (lib/storage/records.ts). */
export type UserSettings = StoredSettings;

export const SETTINGS_KEY = SETTINGS_RECORD.key;

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

/**
 * The settings in effect, with the fields an administrator's policy fixed. `pausedDomains`
 * holds the user's entries and the policy's together: everything that matches sites reads the
 * one list.
 */
export interface EffectiveSettings extends UserSettings {
  /**
   * `watchList`: the policy turned the watch list off. `pausedDomains`: the policy's entries,
   * which the user cannot resume.
   */
  locked: {
    serviceBaseUrl: boolean;
    lookupMode: boolean;
    watchList: boolean;
    pausedDomains: readonly string[];
    badgeMode: boolean;
  };
}

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

/** The user's settings with the policy applied over them. */
export function applyPolicy(user: UserSettings, policy: ManagedPolicy): EffectiveSettings {
  const pausedDomains =
    policy.neverLookUpDomains.length === 0
      ? user.pausedDomains
      : [...new Set([...user.pausedDomains, ...policy.neverLookUpDomains])].sort();
  return {
    ...user,
    pausedDomains,
    ...(policy.serviceBaseUrl !== null ? { serviceBaseUrl: policy.serviceBaseUrl } : {}),
    // The administrator answered the consent question: the popup does not ask it.
    ...(policy.forceOnClick ? { lookupMode: 'on-click', lookupModeChosen: true } : {}),
    ...(policy.badgeMode !== null ? { badgeMode: policy.badgeMode } : {}),
    locked: {
      serviceBaseUrl: policy.serviceBaseUrl !== null,
      lookupMode: policy.forceOnClick,
      watchList: policy.disableWatchList,
      pausedDomains: policy.neverLookUpDomains,
      badgeMode: policy.badgeMode !== null,
    },
  };
}

/**
 * Where the last policy read from managed storage is kept. Chromium's first read of managed
 * storage after the browser starts takes seconds; a lookup must not wait for it, so readers
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

/** A stored settings value, field by field (see SETTINGS_RECORD). */
export function parseSettings(stored: unknown): UserSettings {
  return parseRecord(SETTINGS_RECORD, stored).value;
}

/** The user's own settings, as stored, without the policy. */
export function readUserSettings(): Promise<UserSettings> {
  return readRecord(SETTINGS_RECORD);
}

/** The settings in effect: the user's, with the administrator's policy over them. */
export async function readSettings(
  keepCopy?: (policy: PolicyCopy) => Promise<unknown>,
): Promise<EffectiveSettings> {
  const [user, policy] = await Promise.all([readUserSettings(), readManagedPolicy(keepCopy)]);
  return applyPolicy(user, policy);
}

/**
 * The worker's one way to change the user's settings: a change applied to the stored value
 * after every earlier one, so two pages changing different fields at once both keep theirs.
 * A change to a field the policy locked is stored but has no effect while the policy holds.
 * The change sees the settings in effect and the user's own: paused domains are changed from
 * the user's own, so that the policy's never become the user's. Resolves to the settings in
 * effect.
 */
export async function changeSettings(
  store: RecordStore,
  change: (current: EffectiveSettings, user: UserSettings) => Partial<UserSettings>,
): Promise<EffectiveSettings> {
  const policy = await readManagedPolicy();
  const next = await store.update(SETTINGS_RECORD, (user) =>
    parseSettings({ ...user, ...change(applyPolicy(user, policy), user) }),
  );
  return applyPolicy(next, policy);
}

/**
 * Calls back with the settings in effect after every change, the user's or the policy's;
 * returns the function that stops it.
 */
/** Whether a storage change changes the settings in effect. */
function changesSettings(changes: Record<string, { oldValue?: unknown }>, area: string): boolean {
  if (area === 'managed') return true;
  if (area !== 'local') return false;
  // The policy copy's first write changes nothing: the read that made it waited for the policy.
  const policyCopyChanged = (changes[POLICY_COPY_KEY]?.oldValue ?? undefined) !== undefined;
  return SETTINGS_KEY in changes || policyCopyChanged;
}

export function watchSettings(onChange: (settings: EffectiveSettings) => void): () => void {
  // A policy read refreshes its kept copy, which is itself a change: call back only when the
  // settings in effect really differ from the last ones reported.
  let last = '';
  const report = (settings: EffectiveSettings) => {
    const seen = JSON.stringify(settings);
    if (seen === last) return;
    last = seen;
    onChange(settings);
  };
  const listener = (changes: Record<string, { oldValue?: unknown }>, area: string) => {
    if (changesSettings(changes, area)) {
      readSettings().then(report, () => undefined);
    }
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}

/** The service base URL lookups go to under these settings. */
export function serviceBaseUrlOf(settings: UserSettings): string {
  return normaliseServiceBaseUrl(settings.serviceBaseUrl) ?? configuredServiceBaseUrl();
}

/** True only when the user said yes to automatic lookups (and no policy forbids them). */
export function automaticLookupsAllowed(settings: UserSettings): boolean {
  return settings.lookupMode === 'automatic' && settings.lookupModeChosen;
}

/** Whether a paused domain in effect (the user's or the policy's) covers the site's host. */
export function isSitePaused(settings: UserSettings, site: string): boolean {
  return isSitePausedBy(settings.pausedDomains, site);
}

/** Whether a domain the policy lists covers the site's host: then the user cannot resume it. */
export function isSiteLockedPaused(settings: EffectiveSettings, site: string): boolean {
  return isSitePausedBy(settings.locked.pausedDomains, site);
}

/**
 * The settings in effect, read once and then kept in memory until storage says they changed.
 * One tab switch asks several times whether it may look up; in the worker each answer must
 * not cost storage reads (they were most of a cached badge's time). The listener drops the
 * kept copy during the change event itself, before any reader of the change can run.
 */
export function createSettingsReader(store?: RecordStore): () => Promise<EffectiveSettings> {
  const keepCopy = store && ((policy: PolicyCopy) => store.write(POLICY_COPY_RECORD, policy));
  let kept: Promise<EffectiveSettings> | null = null;
  browser.storage.onChanged.addListener((changes, area) => {
    if (changesSettings(changes, area)) kept = null;
  });
  return () => {
    if (kept === null) {
      const reading = readSettings(keepCopy);
      kept = reading;
      // A failed read is not kept: the next caller tries again.
      reading.catch(() => {
        if (kept === reading) kept = null;
      });
    }
    return kept;
  };
}
