/**
 * `npm run bench:full-store -- [chromium,firefox] [--variant <git ref>]`: figure 2c of the bench
 * on its own — the uncached badge and the worker's throughput of new sites with the store at its
 * bounds (full-store.ts); with `--variant`, of the extension built from that ref. Loopback only.
 */
import { parseArgs } from 'node:util';
import type { BrowserName } from '../../extension-browser/extension-browser';
import { FIXTURE_ORIGINS, startBenchWorld } from './bench-world';
import { formatBytes, formatTiming } from './figure-table';
import { measureFullStore } from './full-store';
import { summarize } from './statistics';

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
    const badge =
      result.uncached === null
        ? ''
        : `uncached badge ${formatTiming(summarize(result.uncached.measured))}, round trip ` +
          `${formatTiming(summarize(result.uncached.floor))}; `;
    process.stdout.write(
      `${browserName}${values.variant ? ` (${values.variant})` : ''}, store at its bounds ` +
        `(${result.bytesInUse === null ? 'size not counted' : formatBytes(result.bytesInUse)}): ${badge}` +
        `${result.sites} new sites in ${result.seconds.toFixed(1)} s, ` +
        `${(result.sites / result.seconds).toFixed(1)} a second\n`,
    );
  } finally {
    await world.close();
  }
}

(async () => {
  for (const browserName of browsers) await measureIn(browserName);
})().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
