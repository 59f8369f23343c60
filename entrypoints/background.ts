import { defineBackground } from 'wxt/utils/define-background';
import { showBadgeOnToolbar } from '../lib/browser-badge';
import { currentTabUrl } from '../lib/browser-tabs';
import { createLookupService } from '../lib/lookup-service';
import { registerMessageHandler } from '../lib/messages';
import { withOutcomeLog } from '../lib/outcome-log';
import { createReportCache } from '../lib/report-cache';
import { createReportClient } from '../lib/report-client';
import { configuredServiceBaseUrl } from '../lib/service-base-url';
import { registerTabListeners } from '../lib/tab-listeners';
import { createTabStateStore } from '../lib/tab-state-store';

export default defineBackground(() => {
  const baseUrl = configuredServiceBaseUrl();
  const client = createReportClient({ baseUrl });
  const service = createLookupService({
    lookupReport: withOutcomeLog((target) => client.lookupReport(target), console),
    cache: createReportCache({ baseUrl, now: Date.now }),
    tabStates: createTabStateStore(),
    currentTabUrl,
    showBadge: showBadgeOnToolbar,
    now: Date.now,
  });
  const logError = (error: unknown) => console.error('Agent Readiness Badge:', error);

  // Synchronously, before anything is awaited: see lib/tab-listeners.ts.
  registerTabListeners(service, logError);
  registerMessageHandler(service, currentTabUrl, logError);
});
