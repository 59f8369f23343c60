/**
 * `npm run bench:full-store -- [chromium,firefox] [--variant <git ref>]`: figure 2c of the bench
 * on its own — the uncached badge and the worker's throughput of new sites with the store at its
 * bounds (full-store.ts); with `--variant`, of the extension built from that ref. Loopback only.
 */
import { parseArgs } from 'node:util';
import type { BrowserName } from '../../extension-browser/extension-browser';
import { FIXTURE_ORIGINS, runInEachBrowser, startBenchWorld } from './bench-world';
import { renderTable } from './figure-table';
import { fullStoreRows, measureFullStore } from './full-store';

const UNCACHED_SAMPLES = 20;

const { values, positionals } = parseArgs({
  options: { variant: { type: 'string' } },
  allowPositionals: true,
});
const browsers = (positionals[0]?.split(',') ?? ['chromium', 'firefox']) as BrowserName[];

async function measureIn(browserName: BrowserName) {
  const world = await startBenchWorld(browserName, { variant: values.variant });
  try {
    const anchor = await world.browser.openTab(`${FIXTURE_ORIGINS.high}/`);
    await world.browser.settledBadgeOf(anchor.tabId);
    const result = await measureFullStore(world, {
      uncachedSamples: UNCACHED_SAMPLES,
      anchor: anchor.page,
    });
    const suffix = `, ${browserName}${values.variant ? ` (${values.variant})` : ''}`;
    process.stdout.write(`${renderTable(fullStoreRows(result, suffix))}\n`);
  } finally {
    await world.close();
  }
}

runInEachBrowser(measureIn, browsers);
