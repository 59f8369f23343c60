/** What the worker does for each request of the protocol, through the store one after another. */
import type { CheckAccess } from '../checks/check-access';
import type { CheckRun } from '../checks/check-run-record';
import type { CheckRuns } from '../checks/check-runs';
import type { Lookups } from '../lookup/lookups';
import type { CheckRunRequest } from '../messaging/check-run-port';
import type { RequestOrigin, WorkerHandlers } from '../messaging/worker-messages';
import { isSitePausedBy } from '../privacy/paused-domains';
import { mayCallService } from '../settings/service-base-url-choice';
import { changeSettings } from '../settings/settings';
import { unwatchSite, watchSite } from '../sites/watch-list';
import type { Store } from '../storage/store';

export function createWorkerIntents(deps: {
  store: Store;
  lookups: Pick<Lookups, 'showTab' | 'showSite'>;
  lookupLog: { clear(): Promise<void> };
  checkRuns: Pick<CheckRuns, 'finish'>;
  checkAccess: Pick<CheckAccess, 'remove'>;
  now(): number;
}): Omit<WorkerHandlers, 'importBackup'> {
  const { store } = deps;
  // Paused domains change from the user's own: the policy's never become the user's.
  const changePaused = (change: (domains: readonly string[]) => string[]) =>
    changeSettings(store, (_current, user) => ({ pausedDomains: change(user.pausedDomains) }));
  return {
    showTab: ({ tabId, force, trigger }) => deps.lookups.showTab(tabId, { force, trigger }),
    showSite: ({ origin, force }, { privateWindow }) =>
      deps.lookups.showSite(origin, { force, privateWindow }),

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
    async clearLocalData() {
      // The browser's own record of the sites checked goes too, before the list of them does.
      await deps.checkAccess.remove(null);
      return store.clearLocalData();
    },
    // The schema checked every field; a note's key is any string there, as a later version may add one.
    finishCheckRun: ({ run }) => deps.checkRuns.finish(run as CheckRun),
    removeCheckAccess: ({ permission }) => deps.checkAccess.remove(permission).then(() => null),
  };
}

/** A run's start (check-run-port.ts); the site's access is listed when just granted for this run. */
export function createCheckRunStart(deps: {
  checkRuns: Pick<CheckRuns, 'start'>;
  checkAccess: Pick<CheckAccess, 'granted'>;
}) {
  return async ({ asked, ...request }: CheckRunRequest, from: RequestOrigin) => {
    const started = await deps.checkRuns.start(request, from);
    if (started.ok && asked) await deps.checkAccess.granted(request.origin);
    return started;
  };
}
