/**
 * What the worker does for each request of the protocol (protocol.ts): the lookups a page asks
 * for, and the intents that change what is stored, each applied through the record store, so
 * requests from several pages at once are applied one after another and none is lost.
 *
 * The worker trusts no page: an origin must be a web origin, a paused domain a host name or
 * address, a service base URL one the extension holds the host permission for (the options
 * page asks the user for it first).
 */
import type { LookupLog } from '../history/lookup-log';
import type { LookupService } from '../lookup/ports';
import { domainCovers, hostOfSite, normalisePausedDomain } from '../privacy/paused-domains';
import { normaliseServiceBaseUrl } from '../service/service-base-url';
import { mayCallService } from '../settings/service-base-url-choice';
import { changeSettings } from '../settings/settings';
import { isWebOrigin, unwatchSite, watchSite } from '../sites/watch-list';
import type { RecordStore } from '../storage/record-store';
import type { WorkerHandlers } from './worker-messages';

export interface WorkerIntentDeps {
  store: RecordStore;
  lookups: Pick<LookupService, 'showTab' | 'showSite'>;
  lookupLog: Pick<LookupLog, 'clear'>;
  now(): number;
}

function webOrigin(origin: string): string {
  if (!isWebOrigin(origin)) throw new Error('not a web origin');
  return origin;
}

function pausedDomain(value: string): string {
  const domain = normalisePausedDomain(value);
  if (domain === null) throw new Error('not a domain');
  return domain;
}

function siteHost(site: string): string {
  const host = hostOfSite(site);
  if (host === null) throw new Error('not a web origin');
  return host;
}

export function createWorkerIntents(
  deps: WorkerIntentDeps,
): Omit<WorkerHandlers, 'exportBackup' | 'importBackup'> {
  const { store } = deps;
  return {
    showTab: ({ tabId, force, trigger }) => deps.lookups.showTab(tabId, { force, trigger }),
    showSite: async ({ site, force }, from) =>
      // A page in a private window: its site is neither sent nor kept, and the page says why.
      from.privateWindow
        ? { status: 'not-looked-up', reason: 'incognito' }
        : deps.lookups.showSite(site, { force }),

    setLookupMode: ({ mode }) =>
      changeSettings(store, () => ({ lookupMode: mode, lookupModeChosen: true })),
    setBadgeMode: ({ mode }) => changeSettings(store, () => ({ badgeMode: mode })),
    // Paused domains change from the user's own: the policy's never become the user's.
    pauseSite({ domain }) {
      const entry = pausedDomain(domain);
      return changeSettings(store, (_current, user) => ({
        pausedDomains: [...user.pausedDomains, entry],
      }));
    },
    resumeSite({ site }) {
      const host = siteHost(site);
      return changeSettings(store, (_current, user) => ({
        pausedDomains: user.pausedDomains.filter((entry) => !domainCovers(entry, host)),
      }));
    },
    resumeDomain({ domain }) {
      const entry = pausedDomain(domain);
      return changeSettings(store, (_current, user) => ({
        pausedDomains: user.pausedDomains.filter((kept) => kept !== entry),
      }));
    },
    async setServiceBaseUrl({ baseUrl }) {
      if (baseUrl === null) return changeSettings(store, () => ({ serviceBaseUrl: null }));
      const normalised = normaliseServiceBaseUrl(baseUrl);
      if (normalised === null) throw new Error('not a service base URL');
      if (!(await mayCallService(normalised))) throw new Error('no permission for that host');
      return changeSettings(store, () => ({ serviceBaseUrl: normalised }));
    },

    watchSite: async ({ origin }, from) =>
      // The watch list is kept and looked up again later: nothing of a private window goes in.
      !from.privateWindow && watchSite(store, webOrigin(origin), deps.now()),
    async unwatchSite({ origin }) {
      await unwatchSite(store, origin);
      return null;
    },

    async clearLookupLog() {
      await deps.lookupLog.clear();
      return null;
    },
    clearLocalData: () => store.clearLocalData(),
  };
}
