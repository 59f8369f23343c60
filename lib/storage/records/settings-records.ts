/**
 * The records of what the user chose (settings) and of what an administrator set (the copy of
 * the managed policy), with the settings' migration from version 1.
 */
import * as z from 'zod/mini';
import type { RecordDefinition } from '../stored-record';
import { isObject } from './lenient-reads';

export type LookupMode = 'on-click' | 'automatic';

/**
 * What the toolbar badge shows: `all` a score or a mark for every state, `scores` only a
 * numeric score, `off` no text. The tooltip says the state in words under each.
 */
export const BADGE_MODES = ['all', 'scores', 'off'] as const;
export type BadgeMode = (typeof BADGE_MODES)[number];

/** An absolute http(s) address: the client cannot be built on anything else. */
function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Paused domains as a set: strings only, sorted, each once. */
const sortedUnique = (values: unknown[]): string[] =>
  [...new Set(values.filter((value): value is string => typeof value === 'string'))].sort();

/**
 * Each field falls back on its own: one bad field never costs the user the others. A value
 * without `pausedDomains` is of version 1 (or written by hand, or by a test's direct write):
 * it does not parse as it is, so the read takes it through the migration, which keeps its
 * paused sites.
 */
function settingsSchema() {
  return z.pipe(
    z.custom<Record<string, unknown>>((value) => isObject(value) && 'pausedDomains' in value),
    z.object({
      lookupMode: z.catch(z.enum(['on-click', 'automatic']), 'on-click'),
      lookupModeChosen: z.catch(z.boolean(), false),
      pausedDomains: z.catch(z.pipe(z.array(z.unknown()), z.transform(sortedUnique)), []),
      badgeMode: z.catch(z.enum(BADGE_MODES), 'all'),
      serviceBaseUrl: z.catch(z.nullable(z.string().check(z.refine(isHttpUrl))), null),
    }),
  );
}

/**
 * The host of a version 1 paused site (an origin: `https://jira.example.com:8443`), as the
 * URL parser writes it; null for anything that is no web origin.
 */
function hostOfPausedOrigin(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const { protocol, hostname } = new URL(value);
    if (protocol !== 'http:' && protocol !== 'https:') return null;
    const host = hostname.replace(/\.$/, '');
    return host === '' ? null : host;
  } catch {
    return null;
  }
}

/**
 * Version 1's badge switch as a badge mode: on showed everything, off showed no text. Anything
 * else is no choice at all, and takes the default.
 */
export function badgeModeOfVisible(visible: unknown): BadgeMode | undefined {
  if (visible === true) return 'all';
  if (visible === false) return 'off';
  return undefined;
}

/**
 * Version 1 paused exact origins (`pausedSites`); version 2 pauses domains (`pausedDomains`),
 * each covering its subdomains on any scheme and port. An origin becomes its host: a pause
 * covers at least what it covered before, and what else it now covers the user asked for by
 * pausing the site. Entries that are no web origin are dropped. Version 1's badge switch
 * (`badgeVisible`) becomes a badge mode (`badgeMode`).
 */
function settingsToVersion2(older: unknown): unknown {
  // Already of version 2 (a store that noted no version): nothing to do.
  if (!isObject(older) || 'pausedDomains' in older) return older;
  const { pausedSites, badgeVisible, ...rest } = older;
  const hosts = Array.isArray(pausedSites) ? pausedSites.map(hostOfPausedOrigin) : [];
  const badgeMode = badgeModeOfVisible(badgeVisible);
  return {
    ...rest,
    pausedDomains: [...new Set(hosts.filter((host) => host !== null))].sort(),
    ...(badgeMode === undefined ? {} : { badgeMode }),
  };
}

export interface StoredSettings {
  /**
   * `on-click` looks a site up only when the user opens the popup on it; `automatic` looks up
   * every active tab, and is never the mode until the user has said yes to it.
   */
  lookupMode: LookupMode;
  /** Whether the user has answered the consent question (first-run page, options or popup). */
  lookupModeChosen: boolean;
  /**
   * Domains never looked up (lib/privacy/paused-domains.ts), sorted and without duplicates:
   * each covers itself and its subdomains on any scheme and port.
   */
  pausedDomains: readonly string[];
  /** What the toolbar badge shows (lib/badge/badge.ts). */
  badgeMode: BadgeMode;
  /** The user's own service base URL; null means the one this build was made for. */
  serviceBaseUrl: string | null;
}

export const DEFAULT_SETTINGS: StoredSettings = {
  lookupMode: 'on-click',
  lookupModeChosen: false,
  pausedDomains: [],
  badgeMode: 'all',
  serviceBaseUrl: null,
};

export const SETTINGS_RECORD: RecordDefinition<StoredSettings> = {
  name: 'settings',
  area: 'local',
  key: 'settings',
  version: 2,
  schema: settingsSchema,
  fallback: () => ({ ...DEFAULT_SETTINGS }),
  // Any object keeps its good fields (the schema's own catches); anything else is the default.
  keptByClear: true,
  migrations: { 2: settingsToVersion2 },
};

export interface PolicyCopy {
  serviceBaseUrl: string | null;
  forceOnClick: boolean;
  disableWatchList: boolean;
  /** Added after version 1 of the copy; a copy without it reads as listing none. */
  neverLookUpDomains: readonly string[];
  /** Added after version 1 of the copy; a copy without it reads as setting none. */
  badgeMode: BadgeMode | null;
}

export const POLICY_COPY_RECORD: RecordDefinition<PolicyCopy> = {
  name: 'managed-policy',
  area: 'local',
  key: 'managed-policy',
  version: 1,
  schema: () =>
    z.object({
      serviceBaseUrl: z.nullable(z.string()),
      forceOnClick: z.boolean(),
      disableWatchList: z.boolean(),
      neverLookUpDomains: z.catch(z.array(z.string()), []),
      badgeMode: z.catch(z.nullable(z.enum(BADGE_MODES)), null),
    }),
  // No copy means "read the policy itself": never a guessed one.
  fallback: () => ({
    serviceBaseUrl: null,
    forceOnClick: false,
    disableWatchList: false,
    neverLookUpDomains: [],
    badgeMode: null,
  }),
};
