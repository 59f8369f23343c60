import { defineConfig } from 'wxt';
import { DEFAULT_BADGE_TITLE } from './lib/badge';
import { hostPermissionFor, resolveServiceBaseUrl } from './lib/service-base-url';

// Fails the build early on a malformed value rather than shipping an extension that cannot
// reach its service.
const serviceBaseUrl = resolveServiceBaseUrl(process.env.WXT_REPORT_API_BASE_URL);

export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  // Explicit imports only: lib/ is not auto-imported anyway, and explicit paths keep vi.mock honest.
  imports: false,
  // No browser launched by `wxt` dev mode: `npm start` drives Chromium itself.
  webExt: { disabled: true },
  vite: () => ({
    define: {
      'import.meta.env.WXT_REPORT_API_BASE_URL': JSON.stringify(serviceBaseUrl),
    },
  }),
  manifest: {
    name: 'Agent Readiness Badge',
    description:
      'Shows how ready the site in the active tab is for AI agents, from its latest stored readiness report.',
    permissions: ['alarms', 'storage', 'tabs'],
    host_permissions: [hostPermissionFor(serviceBaseUrl)],
    action: { default_title: DEFAULT_BADGE_TITLE },
  },
});
