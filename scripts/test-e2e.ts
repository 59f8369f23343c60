/**
 * `npm run test:e2e`: the e2e suite in each browser in turn, Chromium then Firefox, or in
 * one: `npm run test:e2e -- --browser firefox` (or E2E_BROWSER=firefox). Other arguments go
 * to vitest, e.g. a spec file. Each browser's results go to .test-results/e2e-<browser>.json.
 */
import { spawnSync } from 'node:child_process';
import { BROWSER_NAMES, type BrowserName } from '../extension-browser/extension-browser';
import { browserNameFrom } from '../extension-browser/launch-extension-browser';

const args = process.argv.slice(2);
const chosen: BrowserName[] = [];
const passOn: string[] = [];
for (let index = 0; index < args.length; index += 1) {
  const arg = args[index] ?? '';
  if (arg === '--browser') chosen.push(browserNameFrom(args[++index]));
  else if (arg.startsWith('--browser='))
    chosen.push(browserNameFrom(arg.slice('--browser='.length)));
  else passOn.push(arg);
}
if (chosen.length === 0 && process.env.E2E_BROWSER)
  chosen.push(browserNameFrom(process.env.E2E_BROWSER));
const browsers = chosen.length > 0 ? chosen : [...BROWSER_NAMES];

let failed = false;
for (const browser of browsers) {
  console.log(`\n=== e2e in ${browser} ===`);
  const run = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...passOn], {
    stdio: 'inherit',
    env: { ...process.env, E2E_BROWSER: browser },
  });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
