import { defineBackground } from 'wxt/utils/define-background';
import { clearBadgeOnToolbar, showBadgeOnToolbar } from '../lib/browser-badge';
import { openTabs, readTab } from '../lib/browser-tabs';
import { ensurePurgeAlarm, registerPurgeAlarmListener } from '../lib/cache-purge-alarm';
import { registerLinkMenu } from '../lib/link-menu';
import { createLookupService } from '../lib/lookup-service';
import { registerMessageHandler } from '../lib/messages';
import { withOutcomeLog } from '../lib/outcome-log';
import { createReportCache } from '../lib/report-cache';
import { createReportClient } from '../lib/report-client';
import { createRetryGate } from '../lib/retry-gate';
import { createScoreHistory, withScoreHistory } from '../lib/score-history';
import { configuredServiceBaseUrl } from '../lib/service-base-url';
import { registerSiteMessageHandler } from '../lib/site-messages';
import { openSiteReportWindow } from '../lib/site-report-window';
import { registerTabListeners } from '../lib/tab-listeners';
import { createTabStateStore } from '../lib/tab-state-store';

export default defineBackground(() => {
  const baseUrl = configuredServiceBaseUrl();
  const client = createReportClient({ baseUrl });
  const cache = createReportCache({ baseUrl, now: Date.now });
  const retryGate = createRetryGate({ baseUrl });
  const logError = (error: unknown) => console.error('Agent Readiness Badge:', error);
  const service = createLookupService({
    lookupReport: withScoreHistory(
      withOutcomeLog((target) => client.lookupReport(target), console),
      createScoreHistory({ now: Date.now }),
      logError,
    ),
    cache,
    retryGate,
    tabStates: createTabStateStore(baseUrl),
    readTab,
    openTabs,
    showBadge: showBadgeOnToolbar,
    clearBadge: clearBadgeOnToolbar,
    now: Date.now,
    onError: logError,
  });

  // Synchronously, before anything is awaited: see lib/tab-listeners.ts.
  registerTabListeners(service, logError);
  registerMessageHandler(service, logError);
  registerSiteMessageHandler(service, logError);
  registerLinkMenu(openSiteReportWindow, logError);
  registerPurgeAlarmListener(
    () => Promise.all([cache.purgeExpired(), retryGate.purgeExpired(Date.now())]),
    logError,
  );

  // Then, at every start: the alarm exists, and what a stopped worker left half done is done.
  ensurePurgeAlarm().catch(logError);
  service.reconcile().catch(logError);
});
