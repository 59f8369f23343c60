/**
 * Before any e2e test: a Chromium to drive, and an extension built for the e2e service.
 * The path goes to the tests through the environment (vitest runs them in other workers).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from '../../../scripts/chromium';
import { E2E_EXTENSION_DIR, E2E_REFUSED_EXTENSION_DIR, E2E_SERVICE_BASE_URL } from './e2e-settings';

export default function setup() {
  process.env.CHROME_PATH = ensureChromium();
  const manifestPath = join(E2E_EXTENSION_DIR, 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`No e2e build in ${E2E_EXTENSION_DIR}: run \`npm run build:e2e\` first.`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    host_permissions?: string[];
  };
  const expected = `${new URL(E2E_SERVICE_BASE_URL).protocol}//127.0.0.1/*`;
  if (!manifest.host_permissions?.includes(expected)) {
    throw new Error(
      `${manifestPath} was not built for ${E2E_SERVICE_BASE_URL}: run \`npm run build:e2e\`.`,
    );
  }
  if (!existsSync(join(E2E_REFUSED_EXTENSION_DIR, 'manifest.json'))) {
    throw new Error(
      `No e2e build in ${E2E_REFUSED_EXTENSION_DIR}: run \`npm run build:e2e\` first.`,
    );
  }
}
