/**
 * `npm run bench:toolbar-popup`: figure 1 on the user's path on its own — the toolbar popup
 * opened by the action API against a floor popup opened the same way — in Chromium and then
 * Firefox. Loopback only.
 */
import type { BrowserName } from '../../extension-browser/extension-browser';
import { FIXTURE_ORIGINS, runInEachBrowser, startBenchWorld } from './bench-world';
import { formatTiming } from './figure-table';
import { pairedRatios, summarize } from './statistics';
import { measureToolbarPopup, phasesLine } from './toolbar-popup-timing';

async function measureIn(browserName: BrowserName) {
  const world = await startBenchWorld(browserName);
  try {
    const high = await world.browser.openTab(`${FIXTURE_ORIGINS.high}/`);
    await world.browser.settledBadgeOf(high.tabId);
    const result = await measureToolbarPopup(world, high.page, 20);
    const differences = result.popup.map((popup, index) => popup - (result.floor[index] ?? 0));
    process.stdout.write(
      `${browserName}: popup ${formatTiming(summarize(result.popup))}, floor ${formatTiming(summarize(result.floor))}, ` +
        `popup − floor ${formatTiming(summarize(differences))}, ratio ${pairedRatios(result.popup, result.floor).median.toFixed(2)}\n` +
        `  popup since the call: ${phasesLine(result.popupPhases)}\n` +
        `  floor since the call: ${phasesLine(result.floorPhases)}\n`,
    );
  } finally {
    await world.close();
  }
}

runInEachBrowser(measureIn);
