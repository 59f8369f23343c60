/**
 * Finds the Firefox that the e2e tests and the bench drive: $FIREFOX_PATH, then the usual
 * install paths, else Debian's firefox-esr where we may install it (scripts/browser-install.ts).
 *
 * Run directly (`tsx scripts/firefox.ts`) it prints the path, installing if needed.
 */
import { pathToFileURL } from 'node:url';
import { type BrowserInstall, ensureBrowser, findBrowser } from './browser-install';

const FIREFOX: BrowserInstall = {
  name: 'Firefox',
  pathVariable: 'FIREFOX_PATH',
  usualPaths: [
    '/usr/bin/firefox-esr',
    '/usr/bin/firefox',
    '/snap/bin/firefox',
    '/Applications/Firefox.app/Contents/MacOS/firefox',
  ],
  debianPackage: 'firefox-esr',
  installHint: ['Debian/Ubuntu: sudo apt-get install firefox-esr', 'macOS: install Firefox'],
};

export const findFirefox = (): string | null => findBrowser(FIREFOX);
export const ensureFirefox = (): string => ensureBrowser(FIREFOX);

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(ensureFirefox());
}
