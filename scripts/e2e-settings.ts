/**
 * Fixed points shared by the e2e build and the e2e tests. The service's address is compiled
 * into the extension, so the reference server must listen where the build points.
 */
import { join, resolve } from 'node:path';
import { type BrowserName, browserNameFrom } from '../extension-browser/extension-browser';
import { previousReleaseDir } from './previous-release';

/**
 * The browser this run drives: `E2E_BROWSER=firefox` (or `npm run test:e2e -- --browser
 * firefox`, scripts/test-e2e.ts); Chromium when not given.
 */
export const E2E_BROWSER: BrowserName = browserNameFrom(process.env.E2E_BROWSER);
/** The build directory WXT names for each browser: Chrome MV3, Firefox MV2. */
export const BUILD_TARGET: Record<BrowserName, string> = {
  chromium: 'chrome-mv3',
  firefox: 'firefox-mv2',
};

/**
 * The reference server's port for each browser's suite: one each, so that the two suites run
 * side by side (scripts/test-e2e.ts). E2E_REFERENCE_PORT moves Chromium's, and Firefox's (the
 * next port) with it, e.g. to run two checkouts side by side.
 */
export const e2eReferencePort = (browser: BrowserName) =>
  Number(process.env.E2E_REFERENCE_PORT ?? 8797) + (browser === 'firefox' ? 1 : 0);
export const e2eServiceBaseUrl = (browser: BrowserName) =>
  `http://127.0.0.1:${e2eReferencePort(browser)}`;
export const E2E_REFERENCE_PORT = e2eReferencePort(E2E_BROWSER);
export const E2E_SERVICE_BASE_URL = e2eServiceBaseUrl(E2E_BROWSER);
/** Where `npm run build:e2e` (wxt build --mode e2e) writes the extension for this run's browser. */
export const E2E_EXTENSION_DIR = resolve(`.output/${BUILD_TARGET[E2E_BROWSER]}-e2e`);
/**
 * The previous release's e2e build for this run's browser, made by `npm run build:e2e`
 * (scripts/build-previous-release.ts) for the update test.
 */
export const E2E_PREVIOUS_RELEASE_EXTENSION_DIR = join(
  previousReleaseDir(E2E_BROWSER),
  `.output/${BUILD_TARGET[E2E_BROWSER]}-e2e`,
);
/** The Firefox e2e build, and its copy as Firefox for Android runs it (android.spec.ts). */
export const FIREFOX_E2E_EXTENSION_DIR = resolve(`.output/${BUILD_TARGET.firefox}-e2e`);
export const FIREFOX_ANDROID_E2E_EXTENSION_DIR = resolve(
  `.output/${BUILD_TARGET.firefox}-e2e-android`,
);
/** Headless unless HEADED=1 is set, e.g. to watch a test locally. */
export const E2E_HEADLESS = process.env.HEADED !== '1';

/**
 * A port nothing listens on, for the "connection refused" case: a second e2e build points
 * there. Low and unassigned, so no test server of this or another checkout takes it, and not
 * on Chromium's list of blocked ports (which would fail differently). The test checks that
 * it really refuses before relying on it.
 */
export const E2E_REFUSED_PORT = Number(process.env.E2E_REFUSED_PORT ?? 4);
export const E2E_REFUSED_SERVICE_BASE_URL = `http://127.0.0.1:${E2E_REFUSED_PORT}`;
/** Where `npm run build:e2e` writes the extension built against the refusing port. */
export const E2E_REFUSED_EXTENSION_DIR = resolve(
  `.output/${BUILD_TARGET[E2E_BROWSER]}-e2e-refused`,
);

/** The browser's executable, found by the global setup and handed over in the environment. */
export function e2eBrowserPath(): string {
  return (E2E_BROWSER === 'firefox' ? process.env.FIREFOX_PATH : process.env.CHROME_PATH) ?? '';
}
