/**
 * `npm run build:e2e`: the extension built for the e2e tests, twice for each browser (Chrome
 * MV3 into .output/chrome-mv3-*, Firefox MV2 into .output/firefox-mv2-*):
 *
 * - against the reference server that browser's e2e tests start, into .output/chrome-mv3-e2e.
 *   Each browser has its port (scripts/e2e-settings.ts: E2E_REFERENCE_PORT moves both, e.g.
 *   to run two checkouts side by side), so the two suites run at once;
 * - against a port nothing listens on, into .output/chrome-mv3-e2e-refused, for the fault
 *   matrix's "connection refused" case: the service's address is compiled in, so a refused
 *   connection needs a build of its own (E2E_REFUSED_PORT overrides the port).
 *
 * The Chrome builds also list the optional `notifications` permission as required
 * (wxt.config.ts): headless Chromium's permission prompt cannot be answered.
 *
 * The Firefox build is then copied as Firefox for Android would run it, into
 * .output/firefox-mv2-e2e-android (scripts/e2e-android/android-build.ts).
 *
 * Then the previous release's e2e build, for the update test: taken from git and built by its
 * own copy of this script (scripts/build-previous-release.ts), kept while still good.
 */
import { execFileSync } from 'node:child_process';
import { E2E_BUILD_MODE, E2E_REFUSED_BUILD_MODE } from '../build/e2e-build-modes';
import { BROWSER_NAMES, type BrowserName } from '../extension-browser/extension-browser';
import { buildPreviousRelease } from './build-previous-release';
import { buildAndroidVariant } from './e2e-android/android-build';
import {
  E2E_REFUSED_SERVICE_BASE_URL,
  e2eServiceBaseUrl,
  FIREFOX_ANDROID_E2E_EXTENSION_DIR,
  FIREFOX_E2E_EXTENSION_DIR,
} from './e2e-settings';
import { PREVIOUS_RELEASE_BUILD_VARIABLE } from './previous-release';

/** WXT's name for each browser. */
const WXT_BROWSER: Record<BrowserName, string> = { chromium: 'chrome', firefox: 'firefox' };

for (const browser of BROWSER_NAMES) {
  const builds = [
    { mode: E2E_BUILD_MODE, baseUrl: e2eServiceBaseUrl(browser) },
    { mode: E2E_REFUSED_BUILD_MODE, baseUrl: E2E_REFUSED_SERVICE_BASE_URL },
  ];
  for (const { mode, baseUrl } of builds) {
    execFileSync('npx', ['wxt', 'build', '-b', WXT_BROWSER[browser], '--mode', mode], {
      stdio: 'inherit',
      env: { ...process.env, WXT_REPORT_API_BASE_URL: baseUrl },
    });
  }
}

buildAndroidVariant(FIREFOX_E2E_EXTENSION_DIR, FIREFOX_ANDROID_E2E_EXTENSION_DIR);

if (process.env[PREVIOUS_RELEASE_BUILD_VARIABLE] !== '1') {
  for (const browser of BROWSER_NAMES) buildPreviousRelease(browser);
}
