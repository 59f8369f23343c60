/**
 * What the user chose, as stored: the lookup mode and their consent, paused domains, what the
 * badge shows, and a service base URL of their own. Checked by hand, field by field: the popup
 * reads it before its first frame, and one bad field must never cost the user the others.
 */
import { httpOriginOf } from '../contract/http-origin';
import { isObject, type StoredRecord } from '../storage/record';

export type LookupMode = 'on-click' | 'automatic';

/**
 * What the toolbar badge shows: `all` a score or a mark for every state, `scores` only a
 * numeric score, `off` no text. The tooltip says the state in words under each.
 */
export const BADGE_MODES = ['all', 'scores', 'off'] as const;
export type BadgeMode = (typeof BADGE_MODES)[number];

/** After how many days a report reads as old (lib/badge/report-age.ts); `never`: none does. */
export const OLD_REPORT_DAYS = ['7', '30', '90', 'never'] as const;
export type OldReportDays = (typeof OLD_REPORT_DAYS)[number];

export interface UserSettings {
  /**
   * `on-click` looks a site up only when the user asks; `automatic` looks up every active tab,
   * and is never the mode until the user has said yes to it (`lookupModeChosen`).
   */
  lookupMode: LookupMode;
  lookupModeChosen: boolean;
  /** Domains never looked up (lib/privacy/paused-domains.ts), sorted, each once. */
  pausedDomains: readonly string[];
  badgeMode: BadgeMode;
  oldReportDays: OldReportDays;
  /** The user's own service base URL; null means the one this build was made for. */
  serviceBaseUrl: string | null;
}

export const DEFAULT_SETTINGS: UserSettings = {
  lookupMode: 'on-click',
  lookupModeChosen: false,
  pausedDomains: [],
  badgeMode: 'all',
  oldReportDays: '30',
  serviceBaseUrl: null,
};

export const isBadgeMode = (value: unknown): value is BadgeMode =>
  (BADGE_MODES as readonly unknown[]).includes(value);

/** An absolute http(s) address: the client cannot be built on anything else. */
const isHttpUrl = (value: unknown): value is string =>
  typeof value === 'string' && httpOriginOf(value) !== null;

/** Strings only, sorted, each once. */
const sortedUnique = (values: readonly unknown[]): string[] =>
  [...new Set(values.filter((value): value is string => typeof value === 'string'))].sort();

/**
 * Each field falls back on its own. A value without `pausedDomains` is of version 1 (or
 * written by hand): it is read through the migration, which keeps its paused sites.
 */
export function parseSettings(raw: unknown): UserSettings | undefined {
  if (!isObject(raw) || !('pausedDomains' in raw)) return undefined;
  const { lookupMode, lookupModeChosen, pausedDomains, badgeMode, oldReportDays } = raw;
  return {
    lookupMode: lookupMode === 'automatic' ? 'automatic' : 'on-click',
    lookupModeChosen: typeof lookupModeChosen === 'boolean' ? lookupModeChosen : false,
    pausedDomains: Array.isArray(pausedDomains) ? sortedUnique(pausedDomains) : [],
    badgeMode: isBadgeMode(badgeMode) ? badgeMode : 'all',
    // Absent from settings kept before there was this choice: the default, no migration needed.
    oldReportDays: OLD_REPORT_DAYS.find((days) => days === oldReportDays) ?? '30',
    serviceBaseUrl: isHttpUrl(raw.serviceBaseUrl) ? raw.serviceBaseUrl : null,
  };
}

/** The host of a version 1 paused site (an origin), as the URL parser writes it; else null. */
function hostOfPausedOrigin(value: unknown): string | null {
  const origin = typeof value === 'string' ? httpOriginOf(value) : null;
  const host = origin === null ? '' : new URL(origin).hostname.replace(/\.$/, '');
  return host === '' ? null : host;
}

/** Version 1's badge switch as a badge mode; anything else takes the default. */
export function badgeModeOfVisible(visible: unknown): BadgeMode | undefined {
  if (visible === true) return 'all';
  if (visible === false) return 'off';
  return undefined;
}

/**
 * Version 1 paused origins (`pausedSites`); version 2 pauses domains with their subdomains, so
 * an origin becomes its host and covers at least what it did. The badge switch becomes a mode.
 */
function settingsToVersion2(older: unknown): unknown {
  if (!isObject(older) || 'pausedDomains' in older) return older;
  const { pausedSites, badgeVisible, ...rest } = older;
  const hosts = Array.isArray(pausedSites) ? pausedSites.map(hostOfPausedOrigin) : [];
  const badgeMode = badgeModeOfVisible(badgeVisible);
  return { ...rest, pausedDomains: sortedUnique(hosts), ...(badgeMode ? { badgeMode } : {}) };
}

export const SETTINGS_RECORD: StoredRecord<UserSettings> = {
  name: 'settings',
  area: 'local',
  key: 'settings',
  version: 2,
  parse: parseSettings,
  fallback: () => ({ ...DEFAULT_SETTINGS }),
  keptByClear: true,
  migrations: { 2: settingsToVersion2 },
};
