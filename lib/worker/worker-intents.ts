/**
 * What the worker does for each request of the protocol: the lookups a page asks for, and the
 * intents that change what is stored, each through the record store, so requests from several
 * pages at once are applied one after another and none is lost. The worker trusts no page: the
 * schemas (messages.ts) checked the data, and a service base URL must also be one the extension
 * holds the host permission for (the options page asks the user for it first).
 */
import type { CheckAccess } from '../checks/check-access';
import type { CheckRun } from '../checks/check-run-record';
import type { CheckRuns } from '../checks/check-runs';
import type { LookupLog } from '../history/lookup-log';
import type { LookupService } from '../lookup/ports';
import type { CheckRunRequest } from '../messaging/check-run-port';
import type { RequestOrigin, WorkerHandlers } from '../messaging/worker-messages';
import { isSitePausedBy } from '../privacy/paused-domains';
import { mayCallService } from '../settings/service-base-url-choice';
import { changeSettings } from '../settings/settings';
import { unwatchSite, watchSite } from '../sites/watch-list';
import type { Store } from '../storage/store';
import { notLookedUp } from '../tabs/tab-view';

export function createWorkerIntents(deps: {
  store: Store;
  lookups: Pick<LookupService, 'showTab' | 'showSite'>;
  lookupLog: Pick<LookupLog, 'clear'>;
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

/**
 * A check run's start, asked on its port (check-run-port.ts): the run's record, and the site's
 * access listed when the page has just been granted it for this run.
 */
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
