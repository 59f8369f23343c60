/**
 * `npm run bench:ab -- --variant <git ref>`: figures 1, 1b, 2a, 2b and 4 (Chromium; 1, 1b and
 * 2a in Firefox) for two builds in one run, sample by sample: A is the working tree, B the
 * extension built from the ref (bench-world.ts builds it from the ref's files into
 * .output/<target>-bench-<ref>). Each build runs in a browser of its own, both against one
 * reference server; the two take turns for every sample, each pair in the other order than the
 * last, so a slow stretch of the machine lands on both.
 *
 * The noise of a figure is the larger of A's and B's own spread: the difference between the
 * medians of a build's even and odd samples. A difference within it is no difference. A ref
 * equal to the working tree (`--variant HEAD` with nothing uncommitted) is an A/A run.
 *
 * Options: `--browsers chromium,firefox` (the default), `--samples N` (every figure; else each
 * figure's count in the full bench). Writes .output/bench/ab-<ref>-<time>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import type { BrowserName } from '../../extension-browser/extension-browser';
import { measureCachedBadgeFromPage } from './badge-from-page';
import { measureCachedBadge, measureUncachedBadge } from './badge-timing';
import { type BenchWorld, FIXTURE_ORIGINS, startBenchWorld } from './bench-world';
import { textTable } from './figure-table';
import { measurePopup } from './popup-timing';
import { summarize } from './statistics';
import { measureToolbarPopup } from './toolbar-popup-timing';
import { measureColdStart } from './worker-cold-start';

interface Tab {
  page: Page;
  tabId: number;
}

/** One build's world, with the two cached sites' tabs open. */
interface Side {
  world: BenchWorld;
  tabs: [Tab, Tab];
  /** The first of the sites this side's uncached samples use, two per sample (figure 2b). */
  firstUncachedSite: number;
}

/** A figure: one sample of it in one side's world, in ms. `index` counts the samples. */
interface Figure {
  name: string;
  samples: number;
  browsers: BrowserName[];
  measure(side: Side, index: number): Promise<number>;
}

const log = (message: string) => process.stderr.write(`bench:ab: ${message}\n`);

/** The tab in front for sample `index`, and the other one. */
const turn = (side: Side, index: number): [Tab, Tab] =>
  index % 2 === 0 ? side.tabs : [side.tabs[1], side.tabs[0]];

const FIGURES: Figure[] = [
  {
    name: '1. Toolbar popup: openPopup() → report in a frame',
    samples: 20,
    browsers: ['chromium', 'firefox'],
    measure: async (side) =>
      (await measureToolbarPopup(side.world, side.tabs[0].page, 1)).popup[0] as number,
  },
  {
    name: '1b. Popup page: navigation → report visible',
    samples: 30,
    browsers: ['chromium', 'firefox'],
    measure: async (side) =>
      (await measurePopup(side.world, side.tabs[0].tabId, 1)).popup[0] as number,
  },
  {
    name: '2a. Badge: tab activation → badge set, cached',
    samples: 30,
    browsers: ['chromium', 'firefox'],
    async measure(side, index) {
      const [target, other] = turn(side, index);
      if (side.world.browserName === 'firefox') {
        return (await measureCachedBadgeFromPage(side.world, [target, other], 1))
          .measured[0] as number;
      }
      // The target must not be in front already, or activating it is no tab switch.
      await other.page.bringToFront();
      await side.world.browser.settledBadgeOf(other.tabId);
      return (await measureCachedBadge(side.world, [target], 1)).measured[0] as number;
    },
  },
  {
    name: '2b. Badge: tab activation → badge set, uncached',
    samples: 20,
    browsers: ['chromium'],
    measure: async (side, index) =>
      (
        await measureUncachedBadge(
          side.world,
          side.tabs[0].page,
          side.firstUncachedSite + 2 * index,
          1,
        )
      ).measured[0] as number,
  },
  {
    name: '4. Worker cold start: worker started → first badge',
    samples: 12,
    browsers: ['chromium'],
    measure: async (side, index) =>
      (await measureColdStart(side.world, turn(side, index), 1)).workerStartToBadge[0] as number,
  },
];

/** The medians of the even and of the odd samples, apart: what the figure varies by itself. */
function halvesSpread(samples: readonly number[]): number {
  const even = samples.filter((_, index) => index % 2 === 0);
  const odd = samples.filter((_, index) => index % 2 === 1);
  if (even.length === 0 || odd.length === 0) return Number.NaN;
  return Math.abs(summarize(even).median - summarize(odd).median);
}

interface FigureResult {
  figure: string;
  browser: BrowserName;
  a: number[];
  b: number[];
}

function row(result: FigureResult): string[] {
  const a = summarize(result.a);
  const b = summarize(result.b);
  const difference = b.median - a.median;
  const paired = summarize(result.b.map((value, index) => value - (result.a[index] ?? 0)));
  const noise = Math.max(halvesSpread(result.a), halvesSpread(result.b));
  const ms = (value: number) => value.toFixed(1);
  const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)}`;
  return [
    `${result.figure}${result.browser === 'firefox' ? ', Firefox' : ''}`,
    `${ms(a.median)} / ${ms(a.p75)}`,
    `${ms(b.median)} / ${ms(b.p75)}`,
    signed(difference),
    `${signed(paired.median)} [${signed(paired.p25)}…${signed(paired.p75)}]`,
    `±${ms(noise)}`,
    Math.abs(difference) <= noise ? 'within noise' : difference > 0 ? 'B slower' : 'B faster',
    String(a.n),
  ];
}

function table(results: FigureResult[]): string {
  const header = [
    'Figure',
    'A median / p75 (ms)',
    'B median / p75 (ms)',
    'B − A',
    'B − A paired [p25…p75]',
    'Noise',
    '',
    'n',
  ];
  return textTable(header, results.map(row));
}

async function openSide(world: BenchWorld, firstUncachedSite: number): Promise<Side> {
  const tabs: Tab[] = [];
  for (const origin of [FIXTURE_ORIGINS.high, FIXTURE_ORIGINS.mid]) {
    const tab = await world.browser.openTab(`${origin}/`);
    await world.browser.settledBadgeOf(tab.tabId);
    tabs.push(tab);
  }
  return { world, tabs: tabs as [Tab, Tab], firstUncachedSite };
}

async function measureIn(
  browserName: BrowserName,
  variant: string,
  samplesOverride: number | undefined,
): Promise<FigureResult[]> {
  log(`${browserName}: building A (working tree) and B (${variant}), starting a browser for each`);
  const worldA = await startBenchWorld(browserName);
  let worldB: BenchWorld | undefined;
  const results: FigureResult[] = [];
  try {
    worldB = await startBenchWorld(browserName, { variant, service: worldA.service });
    // Distinct uncached sites per side: each must be looked up exactly once.
    const sides = { a: await openSide(worldA, 0), b: await openSide(worldB, 1000) };
    for (const figure of FIGURES.filter((entry) => entry.browsers.includes(browserName))) {
      const count = samplesOverride ?? figure.samples;
      log(`${browserName}: ${figure.name}, ${count} samples each`);
      const result: FigureResult = { figure: figure.name, browser: browserName, a: [], b: [] };
      for (let index = 0; index < count; index++) {
        const order: ('a' | 'b')[] = index % 2 === 0 ? ['a', 'b'] : ['b', 'a'];
        for (const key of order) result[key].push(await figure.measure(sides[key], index));
      }
      results.push(result);
    }
  } finally {
    await worldB?.close();
    await worldA.close();
  }
  return results;
}

async function main() {
  const { values } = parseArgs({
    options: {
      variant: { type: 'string' },
      browsers: { type: 'string', default: 'chromium,firefox' },
      samples: { type: 'string' },
    },
  });
  const variant = values.variant;
  if (variant === undefined || variant === '') {
    throw new Error('Name the build to compare with: --variant <git ref>');
  }
  const samples = values.samples === undefined ? undefined : Number(values.samples);
  if (samples !== undefined && !(Number.isInteger(samples) && samples >= 2)) {
    throw new Error(`--samples must be a whole number from 2: ${values.samples}`);
  }
  const started = Date.now();
  const results: FigureResult[] = [];
  for (const browserName of values.browsers.split(',') as BrowserName[]) {
    results.push(...(await measureIn(browserName, variant, samples)));
  }
  process.stdout.write(`\nA: the working tree; B: ${variant}\n\n${table(results)}\n\n`);
  const outputDir = resolve('.output/bench');
  mkdirSync(outputDir, { recursive: true });
  const takenAt = new Date(started).toISOString();
  const file = join(
    outputDir,
    `ab-${variant.replace(/[^\w.-]+/g, '-')}-${takenAt.replace(/[:.]/g, '-')}.json`,
  );
  writeFileSync(
    file,
    `${JSON.stringify({ takenAt, variant, durationSeconds: Math.round((Date.now() - started) / 1000), results }, null, 2)}\n`,
  );
  process.stdout.write(`Written to ${file} in ${Math.round((Date.now() - started) / 1000)} s.\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
