/**
 * Finds the Firefox that the e2e tests drive. Order: $FIREFOX_PATH, then the usual install
 * paths. Where none exists and we run as root on Debian, installs Debian's firefox-esr, as
 * scripts/chromium.ts does for Chromium (no browser is downloaded from npm).
 *
 * Run directly (`tsx scripts/firefox.ts`) it prints the path, installing if needed.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const USUAL_PATHS = [
  '/usr/bin/firefox-esr',
  '/usr/bin/firefox',
  '/snap/bin/firefox',
  '/Applications/Firefox.app/Contents/MacOS/firefox',
];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function findFirefox(): string | null {
  const fromEnv = process.env.FIREFOX_PATH;
  if (fromEnv) {
    if (!isExecutable(fromEnv))
      throw new Error(`FIREFOX_PATH=${fromEnv} is not an executable file.`);
    return fromEnv;
  }
  return USUAL_PATHS.find(isExecutable) ?? null;
}

export function ensureFirefox(): string {
  const found = findFirefox();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/etc/debian_version')) {
    console.log("No Firefox found: installing Debian's firefox-esr package…");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'firefox-esr'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = findFirefox();
    if (installed) return installed;
  }
  throw new Error(
    [
      'No Firefox was found for the browser tests.',
      'Install one, for example:',
      '  Debian/Ubuntu: sudo apt-get install firefox-esr',
      '  macOS: install Firefox',
      'or point FIREFOX_PATH at a Firefox binary.',
    ].join('\n'),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(ensureFirefox());
}
