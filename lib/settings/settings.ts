/**
 * The settings in effect: what the user chose, kept in local storage (the lookup mode, their
 * consent; paused sites; what the badge shows; a service base URL of their own), with the
 * administrator's policy (managed-policy.ts) over it. The policy's domains never looked up are
 * added to the user's paused domains, and are not theirs to resume. Readers get the effective
 * settings, with what the policy locked; writers only ever store the user's own.
 *
 * Pages read; the worker alone writes (`changeSettings`, from the pages' intents). Every
 * reader goes through the settings record's schema (lib/storage/records.ts), field by field: a
 * stored value from an older or newer version, or one damaged by hand, falls back to the
 * default for that field only, so one bad field never costs the user the others.
 */
import { browser } from 'wxt/browser';
import { isSitePausedBy } from '../privacy/paused-domains';
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
import { type ManagedPolicy, POLICY_COPY_KEY, readManagedPolicy } from './managed-policy';

export { BADGE_MODES, type BadgeMode, DEFAULT_SETTINGS, type LookupMode };

/** What the user chose: the settings record (lib/storage/records.ts). */
export type UserSettings = StoredSettings;

export const SETTINGS_KEY = SETTINGS_RECORD.key;

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

/** Whether a storage change changes the settings in effect. */
function changesSettings(changes: Record<string, { oldValue?: unknown }>, area: string): boolean {
  if (area === 'managed') return true;
  if (area !== 'local') return false;
  // The policy copy's first write changes nothing: the read that made it waited for the policy.
  const policyCopyChanged = (changes[POLICY_COPY_KEY]?.oldValue ?? undefined) !== undefined;
  return SETTINGS_KEY in changes || policyCopyChanged;
}

/**
 * Calls back with the settings in effect after every change, the user's or the policy's;
 * returns the function that stops it.
 */
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
 * not cost storage reads, which would slow every cached badge. The listener drops the
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
