/**
 * Finding (and, where we may, installing) a browser for the e2e tests, `npm start` and the
 * bench: the environment variable first, then the usual install paths; where none exists and
 * we run as root on Debian, Debian's own package is installed (no browser is downloaded from
 * npm: those downloads are not reachable from every machine). scripts/chromium.ts and
 * scripts/firefox.ts say which variable, paths and package.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';

export interface BrowserInstall {
  /** For messages: "Chromium", "Firefox". */
  name: string;
  /** The environment variable that names a binary, e.g. CHROME_PATH. */
  pathVariable: string;
  usualPaths: readonly string[];
  /** Debian's package that provides it. */
  debianPackage: string;
  /** What to tell someone who has none. */
  installHint: readonly string[];
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function findBrowser(install: BrowserInstall): string | null {
  const fromEnv = process.env[install.pathVariable];
  if (fromEnv) {
    if (!isExecutable(fromEnv)) {
      throw new Error(`${install.pathVariable}=${fromEnv} is not an executable file.`);
    }
    return fromEnv;
  }
  return install.usualPaths.find(isExecutable) ?? null;
}

export function ensureBrowser(install: BrowserInstall): string {
  const found = findBrowser(install);
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/etc/debian_version')) {
    console.log(`No ${install.name} found: installing Debian's ${install.debianPackage} package…`);
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', install.debianPackage], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = findBrowser(install);
    if (installed) return installed;
  }
  throw new Error(
    [
      `No ${install.name} was found for the browser tests.`,
      'Install one, for example:',
      ...install.installHint.map((line) => `  ${line}`),
      `or point ${install.pathVariable} at its binary.`,
    ].join('\n'),
  );
}
