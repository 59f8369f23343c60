/** The settings in effect: the user's (settings-record.ts) with the policy over them (README). */
import { browser } from 'wxt/browser';
import { configuredServiceBaseUrl, normaliseServiceBaseUrl } from '../contract/service-base-url';
import { isSitePausedBy } from '../privacy/paused-domains';
import { parseStored, readRecord } from '../storage/record';
import type { Store } from '../storage/store';
import { type ManagedPolicy, POLICY_COPY_RECORD, policyFrom } from './managed-policy';
import { parseSettings, SETTINGS_RECORD, type UserSettings } from './settings-record';

export {
  BADGE_MODES,
  type BadgeMode,
  DEFAULT_SETTINGS,
  type LookupMode,
  OLD_REPORT_DAYS,
  type OldReportDays,
  type UserSettings,
} from './settings-record';

/**
 * `pausedDomains` holds the user's entries and the policy's together; `locked` says what the
 * policy fixed, its `pausedDomains` the policy's entries, which the user cannot resume.
 */
export function applyPolicy(user: UserSettings, policy: ManagedPolicy) {
  const pausedDomains =
    policy.neverLookUpDomains.length === 0
      ? user.pausedDomains
      : [...new Set([...user.pausedDomains, ...policy.neverLookUpDomains])].sort();
  return {
    ...user,
    pausedDomains,
    ...(policy.serviceBaseUrl !== null ? { serviceBaseUrl: policy.serviceBaseUrl } : {}),
    // The administrator answered the consent question: the popup does not ask it.
    ...(policy.forceOnClick ? { lookupMode: 'on-click' as const, lookupModeChosen: true } : {}),
    ...(policy.badgeMode !== null ? { badgeMode: policy.badgeMode } : {}),
    locked: {
      serviceBaseUrl: policy.serviceBaseUrl !== null,
      lookupMode: policy.forceOnClick,
      watchList: policy.disableWatchList,
      pausedDomains: policy.neverLookUpDomains as readonly string[],
      badgeMode: policy.badgeMode !== null,
    },
  };
}

export type EffectiveSettings = ReturnType<typeof applyPolicy>;

export async function readSettings(
  keepCopy?: (policy: ManagedPolicy) => Promise<unknown>,
): Promise<EffectiveSettings> {
  // One storage call for both: every page's first frame waits for it.
  const keys = [SETTINGS_RECORD.key, POLICY_COPY_RECORD.key];
  const stored = await browser.storage.local.get(keys);
  const user = parseStored(SETTINGS_RECORD, stored[SETTINGS_RECORD.key]).value;
  const kept = parseStored(POLICY_COPY_RECORD, stored[POLICY_COPY_RECORD.key]).value;
  return applyPolicy(user, await policyFrom(kept, keepCopy));
}

/** The worker's one way to change them; paused domains change from the user's own alone. */
export async function changeSettings(
  store: Store,
  change: (current: EffectiveSettings, user: UserSettings) => Partial<UserSettings>,
): Promise<EffectiveSettings> {
  const policy = await policyFrom(await readRecord(POLICY_COPY_RECORD));
  const next = await store.update(SETTINGS_RECORD, (user) => {
    const changed = { ...user, ...change(applyPolicy(user, policy), user) };
    return parseSettings(changed) ?? user;
  });
  return applyPolicy(next, policy);
}

function changesSettings(changes: Record<string, { oldValue?: unknown }>, area: string): boolean {
  if (area === 'managed') return true;
  if (area !== 'local') return false;
  // The policy copy's first write changes nothing: the read that made it waited for the policy.
  const policyCopyChanged = (changes[POLICY_COPY_RECORD.key]?.oldValue ?? undefined) !== undefined;
  return SETTINGS_RECORD.key in changes || policyCopyChanged;
}

export function watchSettings(onChange: (settings: EffectiveSettings) => void): () => void {
  // A policy read refreshes its kept copy, itself a change: call back only on a real difference.
  let last = '';
  const listener = (changes: Record<string, { oldValue?: unknown }>, area: string) => {
    if (!changesSettings(changes, area)) return;
    readSettings().then(
      (settings) => {
        const seen = JSON.stringify(settings);
        if (seen === last) return;
        last = seen;
        onChange(settings);
      },
      () => undefined,
    );
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}

export function serviceBaseUrlOf(settings: UserSettings): string {
  return normaliseServiceBaseUrl(settings.serviceBaseUrl) ?? configuredServiceBaseUrl();
}

export function automaticLookupsAllowed(settings: UserSettings): boolean {
  return settings.lookupMode === 'automatic' && settings.lookupModeChosen;
}

export function isSitePaused(settings: UserSettings, site: string): boolean {
  return isSitePausedBy(settings.pausedDomains, site);
}

/** Kept in memory until storage says they changed (dropped before any reader): every event asks. */
export function createSettingsReader(store: Store): () => Promise<EffectiveSettings> {
  // A copy that already says the same is left alone: its rewrite would tell every page.
  const keepCopy = (policy: ManagedPolicy) =>
    store.update(POLICY_COPY_RECORD, (current) =>
      JSON.stringify(current) === JSON.stringify(policy) ? current : policy,
    );
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
