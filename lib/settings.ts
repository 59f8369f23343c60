/**
 * What the user chose, kept in local storage: the lookup mode (their consent), paused sites,
 * whether the badge shows, and a service base URL of their own.
 *
 * Every reader goes through `parseSettings`, field by field: a stored value from an older or
 * newer version, or one damaged by hand, falls back to the default for that field only, so one
 * bad field never costs the user the others.
 */
import { storage } from 'wxt/utils/storage';

/**
 * `on-click` looks a site up only when the user opens the popup on it; `automatic` looks up
 * every active tab, and is never the mode until the user has said yes to it.
 */
export type LookupMode = 'on-click' | 'automatic';

export interface UserSettings {
  lookupMode: LookupMode;
  /**
   * Whether the user has answered the consent question (first-run page, options or popup).
   * Until then the mode is `on-click` and the popup offers the choice.
   */
  lookupModeChosen: boolean;
  /** Origins never looked up, sorted and without duplicates. */
  pausedSites: readonly string[];
  badgeVisible: boolean;
  /** The user's own service base URL; null means the one this build was made for. */
  serviceBaseUrl: string | null;
}

export const DEFAULT_SETTINGS: UserSettings = {
  lookupMode: 'on-click',
  lookupModeChosen: false,
  pausedSites: [],
  badgeVisible: true,
  serviceBaseUrl: null,
};

export const SETTINGS_KEY = 'local:settings' as const;

export function parseSettings(stored: unknown): UserSettings {
  const raw =
    typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  return {
    lookupMode:
      raw.lookupMode === 'automatic' || raw.lookupMode === 'on-click'
        ? raw.lookupMode
        : DEFAULT_SETTINGS.lookupMode,
    lookupModeChosen:
      typeof raw.lookupModeChosen === 'boolean'
        ? raw.lookupModeChosen
        : DEFAULT_SETTINGS.lookupModeChosen,
    pausedSites: Array.isArray(raw.pausedSites)
      ? normalisedSites(raw.pausedSites.filter((site): site is string => typeof site === 'string'))
      : DEFAULT_SETTINGS.pausedSites,
    badgeVisible:
      typeof raw.badgeVisible === 'boolean' ? raw.badgeVisible : DEFAULT_SETTINGS.badgeVisible,
    serviceBaseUrl:
      typeof raw.serviceBaseUrl === 'string' ? raw.serviceBaseUrl : DEFAULT_SETTINGS.serviceBaseUrl,
  };
}

export async function readSettings(): Promise<UserSettings> {
  return parseSettings(await storage.getItem<unknown>(SETTINGS_KEY));
}

/** Applies a change to the current settings and stores the result, which it returns. */
export async function updateSettings(
  change: (current: UserSettings) => Partial<UserSettings>,
): Promise<UserSettings> {
  const current = await readSettings();
  const next = parseSettings({ ...current, ...change(current) });
  await storage.setItem(SETTINGS_KEY, next);
  return next;
}

/** Calls back with the settings after every change; returns the function that stops it. */
export function watchSettings(onChange: (settings: UserSettings) => void): () => void {
  return storage.watch<unknown>(SETTINGS_KEY, (value) => onChange(parseSettings(value)));
}

export function isSitePaused(settings: UserSettings, origin: string): boolean {
  return settings.pausedSites.includes(origin);
}

export const pauseSite = (origin: string) =>
  updateSettings((current) => ({ pausedSites: [...current.pausedSites, origin] }));

export const resumeSite = (origin: string) =>
  updateSettings((current) => ({
    pausedSites: current.pausedSites.filter((site) => site !== origin),
  }));

function normalisedSites(sites: readonly string[]): string[] {
  return [...new Set(sites)].sort();
}
