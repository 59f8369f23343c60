/**
 * `npm run test:e2e`: the e2e suite in each browser, Chromium and Firefox side by side (each
 * has a reference server of its own: scripts/e2e-settings.ts), or in one:
 * `npm run test:e2e -- --browser firefox` (or E2E_BROWSER=firefox). Other arguments go to
 * vitest, e.g. a spec file. Each browser's results go to .test-results/e2e-<browser>.json;
 * with both, each line of output is marked with its browser.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
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

/** Runs one browser's suite; resolves to whether it passed. */
function runSuite(browser: BrowserName, { marked }: { marked: boolean }): Promise<boolean> {
  const run = spawn('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...passOn], {
    stdio: ['ignore', marked ? 'pipe' : 'inherit', marked ? 'pipe' : 'inherit'],
    env: { ...process.env, E2E_BROWSER: browser },
  });
  if (marked) {
    for (const [stream, out] of [
      [run.stdout, process.stdout],
      [run.stderr, process.stderr],
    ] as const) {
      if (stream === null) continue;
      createInterface({ input: stream }).on('line', (line) => out.write(`[${browser}] ${line}\n`));
    }
  }
  return new Promise((resolve) => run.on('close', (code) => resolve(code === 0)));
}

const marked = browsers.length > 1;
if (!marked) console.log(`\n=== e2e in ${browsers[0]} ===`);
const passed = await Promise.all(browsers.map((browser) => runSuite(browser, { marked })));
process.exit(passed.every(Boolean) ? 0 : 1);
