/**
 * `npm run bench:sites -- [chromium,firefox] [--variant <git ref>]`: figure 8 of the bench on
 * its own — the sites page with 2,000 sites, in Chromium and then Firefox; with `--variant`, of
 * the extension built from that ref. Loopback only.
 */
import { parseArgs } from 'node:util';
import type { BrowserName } from '../../extension-browser/extension-browser';
import { runInEachBrowser, startBenchWorld } from './bench-world';
import { formatTiming } from './figure-table';
import { measureSitesPageAtScale, SITES_PAGE_SAMPLES, SITES_PAGE_SITES } from './sites-page-scale';
import { summarize } from './statistics';

const { values, positionals } = parseArgs({
  options: { variant: { type: 'string' } },
  allowPositionals: true,
});
const browsers = (positionals[0]?.split(',') ?? ['chromium', 'firefox']) as BrowserName[];

async function measureIn(browserName: BrowserName) {
  const world = await startBenchWorld(browserName, { variant: values.variant });
  try {
    const result = await measureSitesPageAtScale(world, {
      sites: SITES_PAGE_SITES,
      samples: SITES_PAGE_SAMPLES,
    });
    const line = (name: string, samples: number[]) =>
      `  ${name.padEnd(8)} ${formatTiming(summarize(samples))}`;
    process.stdout.write(
      `${browserName}${values.variant ? ` (${values.variant})` : ''}: "${result.listed}" (seeded in ${result.seedSeconds.toFixed(0)} s), ` +
        `heap ${result.heapBytes === null ? 'not readable' : `${(result.heapBytes / 1e6).toFixed(1)} MB`}, ` +
        `${result.openMissed} opens not timed\n` +
        [
          line('open', result.open),
          line('sort', result.sort),
          line('filter', result.filter),
          line('select', result.select),
        ].join('\n') +
        '\n',
    );
  } finally {
    await world.close();
  }
}

runInEachBrowser(measureIn, browsers);
