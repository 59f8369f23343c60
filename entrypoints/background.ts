import { defineBackground } from 'wxt/utils/define-background';
import { clearBadgeOnToolbar, showBadgeOnToolbar } from '../lib/badge/browser-badge';
import {
  ensurePurgeAlarm,
  registerPurgeAfterUpdate,
  registerPurgeAlarmListener,
} from '../lib/cache/cache-purge-alarm';
import { createReportCache } from '../lib/cache/report-cache';
import { createRetryGate } from '../lib/cache/retry-gate';
import { createBackupIntents } from '../lib/events/backup-intents';
import { registerLinkMenu } from '../lib/events/link-menu';
import { registerPermissionChanges } from '../lib/events/permission-changes';
import {
  registerServiceWindowAlarmListener,
  scheduleServiceWindowAlarm,
} from '../lib/events/service-window-alarm';
import { openSiteReportWindow } from '../lib/events/site-report-window';
import { createSitesMenuItem, registerSitesMenu } from '../lib/events/sites-menu';
import { openSitesPage } from '../lib/events/sites-page';
import { registerTabListeners } from '../lib/events/tab-listeners';
import { createWakingEventFirst } from '../lib/events/waking-event-first';
import {
  ensureWatchAlarm,
  notifyWatchChange,
  registerWatchAlarmListener,
  registerWatchNotificationClicks,
} from '../lib/events/watch-alarm';
import { registerWelcomePage } from '../lib/events/welcome-page';
import { createWorkerIntents } from '../lib/events/worker-intents';
import { registerWorkerMessages } from '../lib/events/worker-messages';
import { createLookupLog, withLookupLog } from '../lib/history/lookup-log';
import { createScoreHistory, withScoreHistory } from '../lib/history/score-history';
import { createCurrentLookupService } from '../lib/lookup/current-lookup-service';
import { createLookupService } from '../lib/lookup/lookup-service';
import { withDeprecationNotice } from '../lib/service/deprecation-notice';
import { withOutcomeLog } from '../lib/service/outcome-log';
import { createReportClient } from '../lib/service/report-client';
import { configuredServiceBaseUrl } from '../lib/service/service-base-url';
import { serviceAccessFor } from '../lib/settings/service-base-url-choice';
import { createSettingsReader, watchSettings } from '../lib/settings/settings';
import { runStoredWatchRound } from '../lib/sites/watch-check';
import { createRecordStore } from '../lib/storage/record-store';
import { openTabs, readTab } from '../lib/tabs/browser-tabs';
import { createTabStateStore } from '../lib/tabs/tab-state-store';

export default defineBackground(() => {
  const logError = (error: unknown) => console.error('Agent Readiness Badge:', error);
  // Read Date.now at each call rather than keeping the function: a clock fixed on the worker
  // later (`npm run screenshots` fixes it, so "Next try after" is the same on every run)
  // then reaches every part.
  const now = () => Date.now();
  // The one writer of storage; it migrates what earlier versions stored as it starts.
  const store = createRecordStore({
    warn: (message) => console.warn('Agent Readiness Badge:', message),
  });
  const epoch = () => store.epoch();
  const lookupLog = createLookupLog({ store, now });
  const scoreHistory = createScoreHistory({ store, now });
  const readSettings = createSettingsReader(store);
  // Asked for at once: every event's first step needs the settings, and a worker just woken
  // for one would otherwise start this read only when the event arrives.
  readSettings().catch(logError);

  const buildService = (baseUrl: string) => {
    const client = createReportClient({ baseUrl, now });
    const cache = createReportCache({ store, baseUrl, now });
    const retryGate = createRetryGate({ store, baseUrl });
    // The lookup log wraps the client itself: it records exactly the requests that leave.
    const lookupReport = withScoreHistory(
      withDeprecationNotice(
        withOutcomeLog(
          withLookupLog((target) => client.lookupReport(target), lookupLog, baseUrl, logError),
          console,
        ),
        { store, baseUrl, now, onError: logError },
      ),
      scoreHistory,
      { epoch, onError: logError },
    );
    return {
      service: createLookupService({
        lookupReport,
        serviceAccess: () => serviceAccessFor(baseUrl),
        cache,
        retryGate,
        tabStates: createTabStateStore(baseUrl, store),
        readTab,
        openTabs,
        readSettings,
        showBadge: showBadgeOnToolbar,
        clearBadge: clearBadgeOnToolbar,
        now,
        epoch,
        wakeAt: (time) => scheduleServiceWindowAlarm(time, logError),
        onError: logError,
      }),
      purgeExpired: async () => {
        await Promise.all([cache.purgeExpired(), retryGate.purgeExpired(now())]);
      },
    };
  };
  const service = createCurrentLookupService({
    defaultBaseUrl: configuredServiceBaseUrl(),
    readSettings,
    build: buildService,
  });

  const wakingEventFirst = createWakingEventFirst();
  // Synchronously, before anything is awaited: see lib/events/tab-listeners.ts.
  registerTabListeners(service, logError, wakingEventFirst.handling);
  registerWorkerMessages(
    {
      ...createWorkerIntents({ store, lookups: service, lookupLog, now }),
      ...createBackupIntents({ store, now }),
    },
    logError,
  );
  registerLinkMenu(openSiteReportWindow, logError, createSitesMenuItem);
  registerSitesMenu(() => openSitesPage(), logError);
  registerWatchAlarmListener(
    () =>
      runStoredWatchRound({
        store,
        readSettings,
        showSite: (site) => service.showSite(site),
        readScans: (site) => scoreHistory.scansOf(site),
        notify: notifyWatchChange,
        now,
        onError: logError,
      }),
    logError,
  );
  registerWatchNotificationClicks(openSitesPage, logError);
  registerPurgeAlarmListener(() => service.purgeExpired(), logError);
  registerPurgeAfterUpdate(() => service.purgeExpired(), logError);
  registerServiceWindowAlarmListener(() => service.lookUpWaitingTabs(), logError);
  registerWelcomePage({ readSettings, migrated: store.ready }, logError);
  // A choice in the options page, the popup or a policy applies to open tabs at once; so does
  // a host permission granted or taken back (the service may have become reachable or not).
  const showTabsAfresh = () => {
    service.settingsChanged().catch(logError);
  };
  watchSettings(showTabsAfresh);
  registerPermissionChanges(showTabsAfresh);

  // Then, at every start, once the event that woke the worker is answered: the alarms exist,
  // and what a stopped worker left half done is done.
  wakingEventFirst.thenRun(() => {
    ensurePurgeAlarm().catch(logError);
    ensureWatchAlarm().catch(logError);
    service.reconcile().catch(logError);
  });
});
