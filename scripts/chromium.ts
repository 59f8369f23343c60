/**
 * Finds the Chromium that e2e tests and `npm start` drive: $CHROME_PATH, then the usual install
 * paths, else Debian's chromium where we may install it (scripts/browser-install.ts).
 *
 * Run directly (`tsx scripts/chromium.ts`) it prints the path, installing if needed.
 */
import { pathToFileURL } from 'node:url';
import { type BrowserInstall, ensureBrowser, findBrowser } from './browser-install';

const CHROMIUM: BrowserInstall = {
  name: 'Chromium',
  pathVariable: 'CHROME_PATH',
  usualPaths: [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/snap/bin/chromium',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
  ],
  debianPackage: 'chromium',
  installHint: ['Debian/Ubuntu: sudo apt-get install chromium', 'macOS: install Google Chrome'],
};

export const findChromium = (): string | null => findBrowser(CHROMIUM);
export const ensureChromium = (): string => ensureBrowser(CHROMIUM);

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(ensureChromium());
}
