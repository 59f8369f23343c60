/**
 * `npm run bench:check-judge`: figure 10 — the slowest judgement of one 1 MB hostile answer.
 * Check now runs in the popup on each heavy sample site (reference-server/heavy-sites.ts:
 * answers built against what each rule does with a site's text); each judgement is a
 * `performance.measure` the run names `check <id>` (lib/checks/run-checks.ts). The figure is
 * the slowest of them over every site, in Chromium and then Firefox; beside it, each site's
 * slowest check and the time from the click until every verdict is shown.
 *
 * `-- chromium,firefox <git ref>` measures the build of that ref instead (a build without the
 * measures reports only the time to every verdict).
 */
import type { BrowserName } from '../../extension-browser/extension-browser';
import { HEAVY_SITES, HEAVY_START_PATH, type HeavyKind } from '../../reference-server/heavy-sites';
import { runInEachBrowser, startBenchWorld } from './bench-world';
import { textTable } from './figure-table';

export const CHECK_JUDGE_GOAL_MS = 50;
/** A run that has not shown every verdict by then never ends: the old parser's fate. */
const GIVE_UP_MS = 120_000;

interface KindResult {
  kind: HeavyKind;
  slowest: { check: string; ms: number } | null;
  /** Click → every verdict shown; null when it did not end within GIVE_UP_MS. */
  allShownMs: number | null;
}

async function measureIn(browserName: BrowserName) {
  const variant = process.argv[3];
  const start = () => startBenchWorld(browserName, variant ? { variant } : {});
  let world = await start();
  const results: KindResult[] = [];
  try {
    for (const kind of Object.keys(HEAVY_SITES) as HeavyKind[]) {
      const { tabId } = await world.browser.openTab(`${HEAVY_SITES[kind]}${HEAVY_START_PATH}`);
      await world.browser.settledBadgeOf(tabId);
      const page = await world.browser.context.newPage();
      await page.goto(world.extensionUrl(`popup.html?tabId=${tabId}`));
      const button = page.getByRole('button', { name: 'Check now', exact: true });
      await button.waitFor();
      const clicked = Date.now();
      await button.click();
      const ended = await page
        .locator('.check-summary')
        .waitFor({ timeout: GIVE_UP_MS })
        .then(
          () => true,
          () => false,
        );
      const allShownMs = ended ? Date.now() - clicked : null;
      const measures = ended
        ? await page.evaluate(() =>
            performance
              .getEntriesByType('measure')
              .filter((entry) => entry.name.startsWith('check '))
              .map((entry) => ({ check: entry.name.slice(6), ms: entry.duration })),
          )
        : [];
      const slowest = measures.reduce<KindResult['slowest']>(
        (worst, entry) => (worst === null || entry.ms > worst.ms ? entry : worst),
        null,
      );
      results.push({ kind, slowest, allShownMs });
      if (ended) await page.close();
      else {
        // A run that never ends holds the renderer every extension page shares: a new browser.
        await world.close();
        world = await start();
      }
    }
  } finally {
    await world.close();
  }
  const worst = results.reduce<KindResult['slowest']>(
    (max, { slowest }) =>
      slowest !== null && (max === null || slowest.ms > max.ms) ? slowest : max,
    null,
  );
  const cells = results.map(({ kind, slowest, allShownMs }) => [
    kind,
    slowest ? `${slowest.ms.toFixed(1)} ms (${slowest.check})` : '–',
    allShownMs === null ? `not in ${GIVE_UP_MS / 1000} s` : `${allShownMs} ms`,
  ]);
  process.stdout.write(
    `${browserName}${variant ? ` (${variant})` : ''}: 10. Slowest judgement of one 1 MB hostile answer: ` +
      `${worst ? `${worst.ms.toFixed(1)} ms (${worst.check})` : 'not measured'}; ` +
      `goal ≤ ${CHECK_JUDGE_GOAL_MS} ms: ${worst !== null && worst.ms <= CHECK_JUDGE_GOAL_MS ? 'met' : 'not met'}\n` +
      `${textTable(['site', 'slowest judgement', 'click → every verdict'], cells)}\n`,
  );
}

runInEachBrowser(measureIn);
