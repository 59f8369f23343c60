import { defineBackground } from 'wxt/utils/define-background';
import { showBadgeOnToolbar } from '../lib/browser-badge';
import { currentTabUrl } from '../lib/browser-tabs';
import { registerLinkMenu } from '../lib/link-menu';
import { createLookupService } from '../lib/lookup-service';
import { registerMessageHandler } from '../lib/messages';
import { createReportCache } from '../lib/report-cache';
import { createReportClient } from '../lib/report-client';
import { configuredServiceBaseUrl } from '../lib/service-base-url';
import { createSiteLookup } from '../lib/site-lookup';
import { registerSiteMessageHandler } from '../lib/site-messages';
import { openSiteReportWindow } from '../lib/site-report-window';
import { registerTabListeners } from '../lib/tab-listeners';
import { createTabStateStore } from '../lib/tab-state-store';

export default defineBackground(() => {
  const baseUrl = configuredServiceBaseUrl();
  const client = createReportClient({ baseUrl });
  const lookupReport = (target: string) => client.lookupReport(target);
  const cache = createReportCache({ baseUrl, now: Date.now });
  const service = createLookupService({
    lookupReport,
    cache,
    tabStates: createTabStateStore(),
    currentTabUrl,
    showBadge: showBadgeOnToolbar,
    now: Date.now,
  });
  // The link menu's lookups: same client, same cache, no tab.
  const sites = createSiteLookup({ lookupReport, cache, now: Date.now });
  const logError = (error: unknown) => console.error('Agent Readiness Badge:', error);

  // Synchronously, before anything is awaited: see lib/tab-listeners.ts.
  registerTabListeners(service, logError);
  registerMessageHandler(service, currentTabUrl, logError);
  registerSiteMessageHandler(sites, logError);
  registerLinkMenu(openSiteReportWindow, logError);
});
