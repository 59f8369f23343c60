/**
 * `npm run screenshots`: the README's pictures of the popup (docs/screenshots/*.png), the
 * only writer of that folder. It runs the popup-views e2e spec in Chromium with the pages'
 * and the worker's clock fixed, so a report's age and a busy service's next try, and with
 * them every byte of every picture, are the same on each run. Needs the e2e build (`npm run build:e2e`).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

/** A fixed "now" a few days after the fixtures' scans. */
const CLOCK = '2026-11-22T12:00:00Z';

const run = spawnSync(
  'npx',
  ['vitest', 'run', '--config', 'vitest.e2e.config.ts', 'tests/e2e/popup-views.spec.ts'],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_BROWSER: 'chromium',
      SCREENSHOT_DIR: resolve('docs/screenshots'),
      SCREENSHOT_CLOCK: CLOCK,
      // Dates and times are drawn in the browser's language and time zone: the same ones on
      // every machine.
      TZ: 'UTC',
      LANG: 'en_US.UTF-8',
      LANGUAGE: 'en_US',
    },
  },
);
process.exit(run.status ?? 1);
