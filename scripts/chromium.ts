/**
 * Finds the Chromium that e2e tests and `npm start` drive. Order: $CHROME_PATH, then the usual
 * install paths. Where none exists and we run as root on Debian, installs Debian's chromium
 * (no browser is downloaded from npm: those downloads are not reachable from every machine).
 *
 * Run directly (`tsx scripts/chromium.ts`) it prints the path, installing if needed.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const USUAL_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function findChromium(): string | null {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!isExecutable(fromEnv))
      throw new Error(`CHROME_PATH=${fromEnv} is not an executable file.`);
    return fromEnv;
  }
  return USUAL_PATHS.find(isExecutable) ?? null;
}

export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/etc/debian_version')) {
    console.log("No Chromium found: installing Debian's chromium package (about 30 s)…");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = findChromium();
    if (installed) return installed;
  }
  throw new Error(
    [
      'No Chromium or Chrome was found for the browser tests.',
      'Install one, for example:',
      '  Debian/Ubuntu: sudo apt-get install chromium',
      '  macOS: install Google Chrome',
      'or point CHROME_PATH at a Chromium-based browser binary.',
    ].join('\n'),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(ensureChromium());
}
