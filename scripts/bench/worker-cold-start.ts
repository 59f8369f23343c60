/// <reference types="chrome" />
/**
 * Figure 4: a stopped service worker woken by a tab activation, from the worker's start (its
 * global scope's time origin) to the tab's first badge set.
 *
 * A wrapper installed from outside would come too late in a starting worker, so the badge is
 * watched from a blank extension page instead: it clears the tab's badge, then asks for it in
 * a loop until the woken worker has set it again. Each ask is one round trip to the browser,
 * well under a millisecond. The floor is the warm worker's time for the same tab switch
 * (figure 2, cached), so the ratio says what starting the worker adds; `measureColdStartFloor`
 * says what starting any extension's worker costs.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchExtensionBrowser } from '../../extension-browser/launch-extension-browser';
import { FIXTURE_ORIGINS } from '../../reference-server/fixtures/reports';
import { type BenchWorld, BLANK_PAGE } from './bench-world';

export interface ColdStartSamples {
  /** Worker start → badge set (ms). */
  workerStartToBadge: number[];
  /** Tab activation (as an extension page hears it) → badge set (ms). */
  activationToBadge: number[];
}

type Tab = { page: Page; tabId: number };

export async function measureColdStart(
  world: Pick<BenchWorld, 'browser' | 'extensionUrl'>,
  tabs: Tab[],
  samples: number,
  // How to wait for the tab switched to before the worker is stopped.
  { settle = (tabId: number): Promise<unknown> => world.browser.settledBadgeOf(tabId) } = {},
): Promise<ColdStartSamples> {
  const { browser } = world;
  const watcher = await browser.context.newPage();
  await watcher.goto(world.extensionUrl(BLANK_PAGE));
  const result: ColdStartSamples = { workerStartToBadge: [], activationToBadge: [] };
  for (let index = 0; index < samples; index++) {
    const target = tabs[index % tabs.length] as Tab;
    const other = tabs[(index + 1) % tabs.length] as Tab;
    await other.page.bringToFront();
    await settle(other.tabId);
    await browser.stopWorker();
    const watching = watcher.evaluate(async (tabId) => {
      let activatedAt = Number.NaN;
      chrome.tabs.onActivated.addListener((info) => {
        if (info.tabId === tabId) activatedAt = performance.timeOrigin + performance.now();
      });
      await chrome.action.setBadgeText({ tabId, text: '' });
      const deadline = Date.now() + 10_000;
      for (;;) {
        const text = await chrome.action.getBadgeText({ tabId });
        if (text !== '' && text !== '…') {
          return { activatedAt, badgeAt: performance.timeOrigin + performance.now() };
        }
        if (Date.now() > deadline) throw new Error(`Tab ${tabId} got no badge`);
      }
    }, target.tabId);
    // The watcher has cleared the badge before the tab is activated.
    await watcher.waitForTimeout(50);
    await target.page.bringToFront();
    const { activatedAt, badgeAt } = await watching;
    const worker = await browser.worker();
    const workerStart = await worker.evaluate(() => performance.timeOrigin);
    result.workerStartToBadge.push(badgeAt - workerStart);
    result.activationToBadge.push(badgeAt - activatedAt);
  }
  await watcher.close();
  return result;
}

/** A worker that does nothing but set the activated tab's badge: the least a badge can cost. */
const FLOOR_WORKER =
  "chrome.tabs.onActivated.addListener(({ tabId }) => chrome.action.setBadgeText({ tabId, text: '92' }));\n";

/**
 * Figure 4's floor: the same cold start, timed the same way, for an extension whose worker is
 * one listener, in a Chromium of its own beside the bench's (same flags, same sample sites).
 */
export async function measureColdStartFloor(
  world: BenchWorld,
  samples: number,
): Promise<ColdStartSamples> {
  const dir = mkdtempSync(join(tmpdir(), 'arb-bench-worker-floor-'));
  const manifest = {
    manifest_version: 3,
    name: 'Worker floor',
    version: '1.0.0',
    // `storage` because the driver reads managed storage at launch; `tabs` to find its tabs.
    permissions: ['storage', 'tabs'],
    background: { service_worker: 'worker.js' },
    action: {},
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, 'worker.js'), FLOOR_WORKER);
  writeFileSync(join(dir, BLANK_PAGE), '<!doctype html><title>Blank</title>\n');
  const browser = await launchExtensionBrowser({
    browserName: 'chromium',
    executablePath: world.browserPath,
    extensionDir: dir,
    sitesPort: world.sites.port,
    headless: true,
  });
  try {
    const tabs = [
      await browser.openTab(`${FIXTURE_ORIGINS.high}/`),
      await browser.openTab(`${FIXTURE_ORIGINS.mid}/`),
    ];
    const floorWorld = {
      browser,
      extensionUrl: (path: string) => `chrome-extension://${browser.extensionId}/${path}`,
    };
    // The floor's badge is set by the activation alone: nothing to wait for.
    return await measureColdStart(floorWorld, tabs, samples, { settle: async () => {} });
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
