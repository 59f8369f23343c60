/**
 * Before any e2e test: the run's browser (E2E_BROWSER) to drive, and an extension built for
 * it and for the e2e service.
 * The path goes to the tests through the environment (vitest runs them in other workers).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from '../../../scripts/chromium';
import {
  E2E_BROWSER,
  E2E_EXTENSION_DIR,
  E2E_REFUSED_EXTENSION_DIR,
  E2E_SERVICE_BASE_URL,
} from '../../../scripts/e2e-settings';
import { ensureFirefox } from '../../../scripts/firefox';

export default function setup() {
  if (E2E_BROWSER === 'firefox') process.env.FIREFOX_PATH = ensureFirefox();
  else process.env.CHROME_PATH = ensureChromium();
  const manifestPath = join(E2E_EXTENSION_DIR, 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`No e2e build in ${E2E_EXTENSION_DIR}: run \`npm run build:e2e\` first.`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    host_permissions?: string[];
    permissions?: string[];
  };
  const expected = `${new URL(E2E_SERVICE_BASE_URL).protocol}//127.0.0.1/*`;
  // MV2 (Firefox) lists host permissions among the permissions.
  const hosts = [...(manifest.host_permissions ?? []), ...(manifest.permissions ?? [])];
  if (!hosts.includes(expected)) {
    throw new Error(
      `${manifestPath} was not built for ${E2E_SERVICE_BASE_URL}: run \`npm run build:e2e\`.`,
    );
  }
  // Chrome's e2e build has `notifications` at install (wxt.config.ts); an older one would
  // leave the watch list's notification case waiting on a prompt nobody can answer.
  if (E2E_BROWSER === 'chromium' && !manifest.permissions?.includes('notifications')) {
    throw new Error(
      `${manifestPath} predates the e2e permission grant: run \`npm run build:e2e\`.`,
    );
  }
  if (!existsSync(join(E2E_REFUSED_EXTENSION_DIR, 'manifest.json'))) {
    throw new Error(
      `No e2e build in ${E2E_REFUSED_EXTENSION_DIR}: run \`npm run build:e2e\` first.`,
    );
  }
}
