/**
 * What the worker does for each request of the protocol: the lookups a page asks for, and the
 * intents that change what is stored, each through the record store, so requests from several
 * pages at once are applied one after another and none is lost. The worker trusts no page: the
 * schemas (messages.ts) checked the data, and a service base URL must also be one the extension
 * holds the host permission for (the options page asks the user for it first).
 */
import { CHECK_RUN_RECORD, type CheckRun } from '../checks/check-run-record';
import type { LookupLog } from '../history/lookup-log';
import type { LookupService } from '../lookup/ports';
import { isSitePausedBy } from '../privacy/paused-domains';
import { mayCallService } from '../settings/service-base-url-choice';
import { changeSettings } from '../settings/settings';
import { unwatchSite, watchSite } from '../sites/watch-list';
import type { Store } from '../storage/store';
import { notLookedUp } from '../tabs/tab-view';
import type { WorkerHandlers } from './worker-messages';

export function createWorkerIntents(deps: {
  store: Store;
  lookups: Pick<LookupService, 'showTab' | 'showSite'>;
  lookupLog: Pick<LookupLog, 'clear' | 'checkRun'>;
  now(): number;
}): Omit<WorkerHandlers, 'importBackup'> {
  const { store } = deps;
  // Paused domains change from the user's own: the policy's never become the user's.
  const changePaused = (change: (domains: readonly string[]) => string[]) =>
    changeSettings(store, (_current, user) => ({ pausedDomains: change(user.pausedDomains) }));
  return {
    showTab: ({ tabId, force, trigger }) => deps.lookups.showTab(tabId, { force, trigger }),
    showSite: async ({ origin, force }, from) =>
      // A page in a private window: its site is neither sent nor kept, and the page says why.
      from.privateWindow ? notLookedUp('incognito') : deps.lookups.showSite(origin, { force }),

    setLookupMode: ({ mode }) =>
      changeSettings(store, () => ({ lookupMode: mode, lookupModeChosen: true })),
    setBadgeMode: ({ mode }) => changeSettings(store, () => ({ badgeMode: mode })),
    setOldReportDays: ({ days }) => changeSettings(store, () => ({ oldReportDays: days })),
    pauseSite: ({ domain }) => changePaused((domains) => [...domains, domain]),
    resumeSite: ({ origin }) =>
      changePaused((domains) => domains.filter((entry) => !isSitePausedBy([entry], origin))),
    resumeDomain: ({ domain }) =>
      changePaused((domains) => domains.filter((kept) => kept !== domain)),
    async setServiceBaseUrl({ baseUrl }) {
      if (baseUrl !== null && !(await mayCallService(baseUrl))) {
        throw new Error('no permission for that host');
      }
      return changeSettings(store, () => ({ serviceBaseUrl: baseUrl }));
    },

    watchSite: async ({ origin }, from) =>
      // The watch list is kept and looked up again later: nothing of a private window goes in.
      !from.privateWindow && watchSite(store, origin, deps.now()),
    unwatchSite: ({ origin }) => unwatchSite(store, origin).then(() => null),
    clearLookupLog: () => deps.lookupLog.clear().then(() => null),
    clearLocalData: () => store.clearLocalData(),
    async saveCheckRun({ run }, from) {
      // Nothing of a private window is kept; a page there never starts a run anyway.
      if (from.privateWindow) return false;
      await deps.lookupLog.checkRun(run as CheckRun);
      return store.write(CHECK_RUN_RECORD, run as CheckRun, { id: run.origin });
    },
  };
}
