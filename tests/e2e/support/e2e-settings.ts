/**
 * Fixed points shared by the e2e build and the e2e tests. The service's address is compiled
 * into the extension, so the reference server must listen where the build points.
 */
import { resolve } from 'node:path';

export const E2E_REFERENCE_PORT = Number(process.env.E2E_REFERENCE_PORT ?? 8797);
export const E2E_SERVICE_BASE_URL = `http://127.0.0.1:${E2E_REFERENCE_PORT}`;
/** Where `npm run build:e2e` (wxt build --mode e2e) writes the extension. */
export const E2E_EXTENSION_DIR = resolve('.output/chrome-mv3-e2e');
/** Headless unless HEADED=1 is set, e.g. to watch a test locally. */
export const E2E_HEADLESS = process.env.HEADED !== '1';
