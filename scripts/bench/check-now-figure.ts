/**
 * `npm run bench:check-now`: figure 9 — a click on "Check now" in the popup until every
 * verdict is shown, for the sample site whose stored report lists nine findings
 * (reference-server/check-sites.ts), on loopback, in Chromium and then Firefox. The first
 * click loads the probes and their parsers; every click is a full run of real requests.
 */
import type { BrowserName } from '../../extension-browser/extension-browser';
import { CHECK_SITES } from '../../reference-server/check-sites';
import { runInEachBrowser, startBenchWorld } from './bench-world';
import { formatTiming } from './figure-table';
import { summarize } from './statistics';

const SAMPLES = 15;
export const CHECK_NOW_GOAL_MS = 1500;

async function measureIn(browserName: BrowserName) {
  const world = await startBenchWorld(browserName);
  try {
    const { tabId } = await world.browser.openTab(`${CHECK_SITES.fixed}/`);
    await world.browser.settledBadgeOf(tabId);
    const page = await world.browser.context.newPage();
    await page.goto(world.extensionUrl(`popup.html?tabId=${tabId}`));
    const button = page.getByRole('button', { name: 'Check now', exact: true });
    const samples: number[] = [];
    for (let index = 0; index < SAMPLES; index++) {
      await button.waitFor();
      // From the click's own event to the frame in which the run's verdicts are all shown.
      await page.evaluate(() => {
        const timing = new Promise<number>((resolve) => {
          let start = 0;
          let busy = false;
          document.addEventListener(
            'click',
            () => {
              start = performance.now();
            },
            { capture: true, once: true },
          );
          const observer = new MutationObserver(() => {
            const state = document.querySelector('.check-state');
            if (state?.getAttribute('aria-busy') === 'true') busy = true;
            else if (busy && start > 0 && document.querySelector('.check-summary')) {
              observer.disconnect();
              requestAnimationFrame(() => resolve(performance.now() - start));
            }
          });
          observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        });
        (window as unknown as { checkTiming: Promise<number> }).checkTiming = timing;
      });
      await button.click();
      samples.push(
        await page.evaluate(
          () => (window as unknown as { checkTiming: Promise<number> }).checkTiming,
        ),
      );
    }
    const summary = summarize(samples);
    process.stdout.write(
      `${browserName}: 9. Check now, click → every verdict shown (loopback, ${SAMPLES} runs): ` +
        `${formatTiming(summary)}; first click (loads the probes) ${samples[0]?.toFixed(0)} ms; ` +
        `goal median ≤ ${CHECK_NOW_GOAL_MS} ms: ${summary.median <= CHECK_NOW_GOAL_MS ? 'met' : 'not met'}\n`,
    );
  } finally {
    await world.close();
  }
}

runInEachBrowser(measureIn);
