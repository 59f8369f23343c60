import { defineConfig } from 'wxt';
import {
  E2E_CHECK_TIME_LIMITS,
  holdsSampleSites,
  isE2eBuildMode,
  SAMPLE_SITE_HOSTS,
} from './build/e2e-build-modes';
import { readLocaleMessages } from './build/locale-messages';
import { preactTextOnly } from './build/preact-text-only';
import { SOURCES_INCLUDED } from './build/store-packages';
import { resolveServiceBaseUrl } from './lib/contract/service-base-url';
import { asEventPage, extensionManifest } from './lib/extension-manifest';

// Fails the build early on a malformed value rather than shipping an extension that cannot
// reach its service.
const serviceBaseUrl = resolveServiceBaseUrl(process.env.WXT_REPORT_API_BASE_URL);

/** Pages built apart from the others (see the hooks below). */
const BUILT_ALONE = ['popup', 'sites'];

export default defineConfig({
  // Explicit imports only: lib/ is not auto-imported anyway, and explicit paths keep vi.mock honest.
  imports: false,
  // No browser launched by `wxt` dev mode: `npm start` drives Chromium itself.
  webExt: { disabled: true },
  vite: (env) => ({
    // The size profile (npm run bench:sizes) reads source maps of a build otherwise identical
    // to production; no other build carries them.
    // Both browsers load modules natively: no preload polyfill and no preload links; a chunk's
    // own imports load as the browser reads it. (Vite still wraps each dynamic import in its
    // small preload helper, which then only loads a lazy chunk's stylesheets.)
    build: { sourcemap: env.mode === 'profile', modulePreload: false },
    plugins: [preactTextOnly()],
    define: {
      'import.meta.env.WXT_REPORT_API_BASE_URL': JSON.stringify(serviceBaseUrl),
      // Check now's own time limits everywhere but in the e2e builds (lib/checks/evidence.ts).
      'import.meta.env.WXT_CHECK_TIME_LIMITS': isE2eBuildMode(env.mode)
        ? JSON.stringify(E2E_CHECK_TIME_LIMITS)
        : 'undefined',
    },
  }),
  manifest: ({ browser, manifestVersion, mode }) =>
    extensionManifest({
      browser,
      manifestVersion,
      serviceBaseUrl,
      // Headless Chromium's permission prompt cannot be answered, so Chrome's e2e builds have
      // `notifications` at install; Firefox's test profile grants it when the product asks.
      optionalApisGrantedAtInstall: browser === 'chrome' && isE2eBuildMode(mode),
      hostsGrantedAtInstall:
        browser === 'chrome' && holdsSampleSites(mode) ? SAMPLE_SITE_HOSTS : [],
    }),
  hooks: {
    'build:manifestGenerated': (_wxt, manifest) => asEventPage(manifest),
    // The popup and the sites page are each built on their own, so that each loads one script
    // rather than chunks shared with the other pages: both browsers fetch every file of an
    // extension page as a request of its own, and a page waits for its chunks level by level.
    // The price is their own copies of Preact and the views in the package.
    'entrypoints:grouped': (_wxt, groups) => {
      for (const name of BUILT_ALONE) {
        const isIt = (entry: { name: string }) => entry.name === name;
        const pages = groups.find(
          (group) => Array.isArray(group) && group.length > 1 && group.some(isIt),
        );
        if (Array.isArray(pages)) groups.push(pages.splice(pages.findIndex(isIt), 1));
      }
    },
    // The popup keeps its lazy chunks: its first frame loads only what it shows. The sites page
    // is one script, its comparison included: split, the bundler would also put what the page
    // and its lazy parts share into chunks of their own, which the page waits for.
    'vite:build:extendConfig': (entrypoints, config) => {
      if (entrypoints.map((entry) => entry.name).join() !== 'sites') return;
      const rolldownOptions = config.build?.rolldownOptions ?? {};
      const output = { ...rolldownOptions.output, codeSplitting: false };
      config.build = { ...config.build, rolldownOptions: { ...rolldownOptions, output } };
    },
    // locales/<locale>/*.json → _locales/<locale>/messages.json (build/locale-messages.ts).
    'build:publicAssets': (_wxt, files) => {
      for (const [locale, messages] of readLocaleMessages()) {
        files.push({
          relativeDest: `_locales/${locale}/messages.json`,
          contents: JSON.stringify(messages, null, 2),
        });
      }
    },
  },
  // What `npm run zip` puts in the Firefox sources package: docs/releasing.md, "The Firefox
  // sources package".
  zip: { includeSources: [...SOURCES_INCLUDED] },
});
