/** What the user chose, as stored; checked by hand before the popup's first frame (README). */
import { httpOriginOf } from '../contract/http-origin';
import { hostOfSite } from '../privacy/paused-domains';
import { isObject, type StoredRecord } from '../storage/record';

export type LookupMode = 'on-click' | 'automatic';

/** `all`: a score or a mark for every state; `scores`: only a score; `off`: no text. */
export const BADGE_MODES = ['all', 'scores', 'off'] as const;
export type BadgeMode = (typeof BADGE_MODES)[number];

/** After how many days a report reads as old; `never`: none does. */
export const OLD_REPORT_DAYS = ['7', '30', '90', 'never'] as const;
export type OldReportDays = (typeof OLD_REPORT_DAYS)[number];

export interface UserSettings {
  /** `automatic` looks up every active tab, never before the user said yes (`lookupModeChosen`). */
  lookupMode: LookupMode;
  lookupModeChosen: boolean;
  pausedDomains: readonly string[];
  badgeMode: BadgeMode;
  oldReportDays: OldReportDays;
  /** Null: the one this build was made for. */
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

const isHttpUrl = (value: unknown): value is string =>
  typeof value === 'string' && httpOriginOf(value) !== null;

const sortedUnique = (values: readonly unknown[]): string[] =>
  [...new Set(values.filter((value): value is string => typeof value === 'string'))].sort();

/** A value without `pausedDomains` is of version 1: read through the migration. */
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

/** Version 1's badge switch; anything else takes the default. */
export function badgeModeOfVisible(visible: unknown): BadgeMode | undefined {
  if (visible === true) return 'all';
  if (visible === false) return 'off';
  return undefined;
}

/** Version 2 pauses domains with their subdomains: an origin becomes its host, covering more. */
function settingsToVersion2(older: unknown): unknown {
  if (!isObject(older) || 'pausedDomains' in older) return older;
  const { pausedSites, badgeVisible, ...rest } = older;
  // A paused site of version 1 is an origin; one that is none is dropped.
  const hosts = Array.isArray(pausedSites)
    ? pausedSites.map((site) => (typeof site === 'string' ? hostOfSite(site) : null))
    : [];
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
