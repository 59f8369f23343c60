import { defineBackground } from 'wxt/utils/define-background';
import { createBackupIntents } from '../lib/backup/backup-intents';
import { createReportCache } from '../lib/cache/report-cache';
import { createRetryGate } from '../lib/cache/retry-gate';
import { createCheckAccess } from '../lib/checks/check-access';
import { createCheckRuns } from '../lib/checks/check-runs';
import { createLookupLog } from '../lib/history/lookup-log';
import { createScoreHistory } from '../lib/history/score-history';
import { createLookups } from '../lib/lookup/lookups';
import { registerCheckRunPorts } from '../lib/messaging/check-run-port';
import { registerWorkerMessages } from '../lib/messaging/worker-messages';
import { createDeprecationNotices } from '../lib/service/deprecation-notice';
import { createReportClient } from '../lib/service/report-client';
import { serviceAccessFor } from '../lib/settings/service-base-url-choice';
import { createSettingsReader, serviceBaseUrlOf, watchSettings } from '../lib/settings/settings';
import { runStoredWatchRound } from '../lib/sites/watch-check';
import { createStore } from '../lib/storage/store';
import {
  clearBadgeOnToolbar,
  handStateToPopup,
  showBadgeOnToolbar,
} from '../lib/tabs/browser-badge';
import { openTabs, readTab } from '../lib/tabs/browser-tabs';
import { createTabStates } from '../lib/tabs/tab-state';
import { ensureAlarms, registerAlarms, scheduleServiceWindowAlarm } from '../lib/worker/alarms';
import { openSiteReportWindow, openSitesPage } from '../lib/worker/extension-pages';
import { createSitesMenuItem, registerLinkMenu, registerSitesMenu } from '../lib/worker/menus';
import { registerPermissionChanges } from '../lib/worker/permission-changes';
import { ALL_RECORDS } from '../lib/worker/stored-records';
import { registerTabListeners } from '../lib/worker/tab-listeners';
import { createWakingEventFirst } from '../lib/worker/waking-event-first';
import {
  notifyWatchChange,
  registerWatchNotificationClicks,
} from '../lib/worker/watch-notifications';
import { registerWelcomePage } from '../lib/worker/welcome-page';
import { createCheckRunStart, createWorkerIntents } from '../lib/worker/worker-intents';

export default defineBackground(() => {
  const logError = (error: unknown) => console.error('Agent Readiness Badge:', error);
  const warn = (message: string) => console.warn('Agent Readiness Badge:', message);
  // Date.now read at each call: a clock fixed on the worker later (`npm run screenshots`)
  // then reaches every part.
  const now = () => Date.now();
  // The one writer of storage; it migrates what earlier versions stored as it starts.
  const store = createStore({ records: ALL_RECORDS, warn });
  const readSettings = createSettingsReader(store);
  // Asked for at once: every event's first step needs the settings.
  readSettings().catch(logError);
  const lookupLog = createLookupLog({ store, now });
  const scoreHistory = createScoreHistory({ store, now });
  const records = {
    cache: createReportCache({ store, now }),
    retryGate: createRetryGate({ store }),
    log: lookupLog,
    history: scoreHistory,
    notices: createDeprecationNotices({ store, now }),
  };
  const lookups = createLookups({
    lookupReport: (baseUrl, origin) => createReportClient({ baseUrl, now }).lookupReport(origin),
    access: serviceAccessFor,
    records,
    tabStates: createTabStates(store),
    tabs: {
      read: readTab,
      all: openTabs,
      showBadge: showBadgeOnToolbar,
      handToPopup: handStateToPopup,
      clearBadge: clearBadgeOnToolbar,
    },
    readSettings,
    now,
    epoch: () => store.epoch(),
    wakeAt: (time) => scheduleServiceWindowAlarm(time, logError),
    onError: logError,
    warn,
  });

  const checkRuns = createCheckRuns({
    store,
    log: lookupLog,
    now,
    isPrivateTab: async (tabId) => (await readTab(tabId))?.incognito === true,
  });
  const checkAccess = createCheckAccess({
    store,
    serviceBaseUrl: async () => serviceBaseUrlOf(await readSettings()),
  });

  const wakingEventFirst = createWakingEventFirst();
  // Synchronously, before anything is awaited: see lib/worker/README.md.
  registerTabListeners(lookups, logError, wakingEventFirst.handling);
  registerWorkerMessages(
    {
      ...createWorkerIntents({ store, lookups, lookupLog, checkRuns, checkAccess, now }),
      ...createBackupIntents({ store }),
    },
    logError,
  );
  registerCheckRunPorts({
    start: createCheckRunStart({ checkRuns, checkAccess }),
    gone: (run) => {
      checkRuns.abandon(run.origin, run.id).catch(logError);
    },
    onError: logError,
  });
  registerLinkMenu(openSiteReportWindow, logError, createSitesMenuItem);
  registerSitesMenu(() => openSitesPage(), logError);
  registerAlarms(
    {
      'purge-expired-cache': () => lookups.purgeExpired(),
      'watch-list-round': () =>
        runStoredWatchRound({
          store,
          readSettings,
          showSite: (site) => lookups.showSite(site),
          readAllScans: () => scoreHistory.allScans(),
          notify: notifyWatchChange,
          now,
          onError: logError,
        }),
      'service-window-reopens': () => lookups.lookUpWaitingTabs(),
    },
    logError,
  );
  registerWatchNotificationClicks(openSitesPage, logError);
  registerWelcomePage({ readSettings, migrated: store.ready }, logError);
  // A choice in the options page, the popup or a policy applies to open tabs at once; so does
  // a host permission granted or taken back.
  const showTabsAfresh = () => {
    lookups.settingsChanged().catch(logError);
  };
  watchSettings(showTabsAfresh);
  registerPermissionChanges(showTabsAfresh, (removed) => {
    checkAccess.forget(removed).catch(logError);
  });

  // Once the event that woke the worker is answered: the alarms exist, and what a stopped
  // worker left half done is done.
  wakingEventFirst.thenRun(() => {
    ensureAlarms().catch(logError);
    lookups.reconcile().catch(logError);
    checkRuns.reconcile().catch(logError);
  });
});
