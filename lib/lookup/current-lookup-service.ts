/**
 * The lookup service for the service base URL in effect: the administrator's, the user's, or
 * the one this build was made for. Cache, retry records, tab states and client all belong to
 * one base URL, so a change of base URL builds a new service, and every open tab is then
 * shown afresh by it (a view from the old service is never shown for the new one).
 *
 * The listeners are registered before the settings can be read (they must be, synchronously,
 * when the worker starts); each call waits for the service the settings name.
 */

import { normaliseServiceBaseUrl } from '../service/service-base-url';
import type { UserSettings } from '../settings/settings';
import type { LookupService } from './ports';

export interface CurrentLookupService extends LookupService {
  /** Drops expired cache entries and retry records of the current service. */
  purgeExpired(): Promise<void>;
}

export interface ServiceForBaseUrl {
  service: LookupService;
  purgeExpired(): Promise<void>;
}

export function createCurrentLookupService(deps: {
  /** The base URL of this build, used unless the settings name another. */
  defaultBaseUrl: string;
  readSettings(): Promise<UserSettings>;
  build(baseUrl: string): ServiceForBaseUrl;
}): CurrentLookupService {
  let current: { baseUrl: string; built: ServiceForBaseUrl } | null = null;

  /** The service for the settings' base URL, built when the base URL is new. */
  async function serviceInEffect(): Promise<ServiceForBaseUrl> {
    const settings = await deps.readSettings();
    // A stored base URL the client could not be built on is no base URL at all.
    const baseUrl = normaliseServiceBaseUrl(settings.serviceBaseUrl) ?? deps.defaultBaseUrl;
    if (current === null || current.baseUrl !== baseUrl) {
      current = { baseUrl, built: deps.build(baseUrl) };
    }
    return current.built;
  }

  const service = async () => (await serviceInEffect()).service;

  return {
    showTab: async (tabId, options) => (await service()).showTab(tabId, options),
    tabActivated: async (tabId) => (await service()).tabActivated(tabId),
    tabNavigated: async (tabId) => (await service()).tabNavigated(tabId),
    restoreBadge: async (tabId) => (await service()).restoreBadge(tabId),
    forgetTab: async (tabId) => (await service()).forgetTab(tabId),
    showSite: async (url, options) => (await service()).showSite(url, options),
    reconcile: async () => (await service()).reconcile(),
    lookUpWaitingTabs: async () => (await service()).lookUpWaitingTabs(),
    // A new service (base URL changed) has no state for any tab, so it too looks at each one.
    settingsChanged: async () => (await service()).settingsChanged(),
    purgeExpired: async () => (await serviceInEffect()).purgeExpired(),
  };
}
