/**
 * `npm run screenshots`: the pictures of docs/user-guide.md (and the README's one) of the
 * popup, the sites page, its comparison of sites (compare-light.png, compare-dark.png) and a
 * site's timeline (site-timeline-*.png), and every page at a small phone's 320 px
 * (<page>-320-light.png), in docs/screenshots/, the only writer of that folder. It runs the
 * popup-views e2e spec, the sites page's listing case, the narrow-pages spec, the comparison's
 * first case and the timeline's spec, in Chromium with the pages', the worker's and the
 * reference server's clock fixed (tests/e2e/support/screenshot-clock.ts), so a report's age,
 * a busy service's next try and when a site was checked, and with them every byte of every
 * picture, are the same on each run. Needs the e2e build (`npm run build:e2e`).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * The pictures' "now", for the extension and the reference server alike: the fixtures' scans
 * are ages before it, so what the pictures say is the same on every run.
 * fixed date: the clock every pictured spec is given explicitly (SCREENSHOT_CLOCK)
 */
const CLOCK = '2026-11-22T12:00:00Z';

const RUNS = [
  ['tests/e2e/popup-views.spec.ts'],
  // The listing case only: the watch list's case waits for time to pass, which a fixed clock
  // never lets happen.
  ['tests/e2e/sites-page.spec.ts', '-t', 'lists the sites browsed'],
  ['tests/e2e/narrow-pages.spec.ts'],
  // The comparison's pictures, light and dark, from its first case.
  ['tests/e2e/compare.spec.ts', '-t', 'compares three ticked sites'],
  ['tests/e2e/site-timeline.spec.ts'],
];

for (const args of RUNS) {
  const run = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...args], {
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
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
