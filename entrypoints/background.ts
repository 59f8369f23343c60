import { defineBackground } from 'wxt/utils/define-background';
import { clearBadgeOnToolbar, showBadgeOnToolbar } from '../lib/browser-badge';
import { openTabs, readTab } from '../lib/browser-tabs';
import { ensurePurgeAlarm, registerPurgeAlarmListener } from '../lib/cache-purge-alarm';
import { createCurrentLookupService } from '../lib/current-lookup-service';
import { registerLinkMenu } from '../lib/link-menu';
import { createLookupLog, withLookupLog } from '../lib/lookup-log';
import { createLookupService } from '../lib/lookup-service';
import { registerMessageHandler } from '../lib/messages';
import { withOutcomeLog } from '../lib/outcome-log';
import { createReportCache } from '../lib/report-cache';
import { createReportClient } from '../lib/report-client';
import { createRetryGate } from '../lib/retry-gate';
import { createScoreHistory, withScoreHistory } from '../lib/score-history';
import { configuredServiceBaseUrl } from '../lib/service-base-url';
import { createSettingsReader, watchSettings } from '../lib/settings';
import { registerSiteMessageHandler } from '../lib/site-messages';
import { openSiteReportWindow } from '../lib/site-report-window';
import { registerTabListeners } from '../lib/tab-listeners';
import { createTabStateStore } from '../lib/tab-state-store';
import { registerWelcomePage } from '../lib/welcome-page';

export default defineBackground(() => {
  const logError = (error: unknown) => console.error('Agent Readiness Badge:', error);
  const lookupLog = createLookupLog({ now: Date.now });
  const scoreHistory = createScoreHistory({ now: Date.now });
  const readSettings = createSettingsReader();

  const buildService = (baseUrl: string) => {
    const client = createReportClient({ baseUrl });
    const cache = createReportCache({ baseUrl, now: Date.now });
    const retryGate = createRetryGate({ baseUrl });
    // The lookup log wraps the client itself: it records exactly the requests that leave.
    const lookupReport = withScoreHistory(
      withOutcomeLog(
        withLookupLog((target) => client.lookupReport(target), lookupLog, baseUrl),
        console,
      ),
      scoreHistory,
      logError,
    );
    return {
      service: createLookupService({
        lookupReport,
        cache,
        retryGate,
        tabStates: createTabStateStore(baseUrl),
        readTab,
        openTabs,
        readSettings,
        showBadge: showBadgeOnToolbar,
        clearBadge: clearBadgeOnToolbar,
        now: Date.now,
        onError: logError,
      }),
      purgeExpired: async () => {
        await Promise.all([cache.purgeExpired(), retryGate.purgeExpired(Date.now())]);
      },
    };
  };
  const service = createCurrentLookupService({
    defaultBaseUrl: configuredServiceBaseUrl(),
    readSettings,
    build: buildService,
  });

  // Synchronously, before anything is awaited: see lib/tab-listeners.ts.
  registerTabListeners(service, logError);
  registerMessageHandler(service, logError);
  registerSiteMessageHandler(service, logError);
  registerLinkMenu(openSiteReportWindow, logError);
  registerPurgeAlarmListener(() => service.purgeExpired(), logError);
  registerWelcomePage(logError);
  // A choice in the options page, the popup or a policy applies to open tabs at once.
  watchSettings(() => {
    service.settingsChanged().catch(logError);
  });

  // Then, at every start: the alarm exists, and what a stopped worker left half done is done.
  ensurePurgeAlarm().catch(logError);
  service.reconcile().catch(logError);
});
