/// <reference types="chrome" />
/**
 * Real Chromium with the built extension loaded, for the e2e tests and `npm start`.
 *
 * Every host name resolves to the local sample-site server, so no page, link or subresource
 * can reach another machine; only 127.0.0.1 itself (the reference server) is left unmapped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  /** The extension's service worker, for reading badges and tabs as the extension sees them. */
  worker(): Promise<Worker>;
  /** Opens a page and returns it with the id the extension knows its tab by. */
  openTab(url: string): Promise<{ page: Page; tabId: number }>;
  /** The badge text and title of a tab, read inside the extension. */
  badgeOf(tabId: number): Promise<{ text: string; title: string }>;
  /** Waits until a tab's badge has left the loading state (or the time runs out). */
  settledBadgeOf(tabId: number, timeoutMs?: number): Promise<{ text: string; title: string }>;
  popupUrl(tabId: number): string;
  close(): Promise<void>;
}

export interface LaunchOptions {
  chromiumPath: string;
  extensionDir: string;
  sitesPort: number;
  headless: boolean;
}

/** Flags for a closed network: no background calls home, no QUIC, no first-run UI. */
const QUIET_NETWORK_FLAGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
];

export async function launchExtensionBrowser(options: LaunchOptions): Promise<ExtensionBrowser> {
  const profileDir = mkdtempSync(join(tmpdir(), 'arb-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: options.chromiumPath,
    headless: options.headless,
    viewport: { width: 1100, height: 800 },
    args: [
      `--disable-extensions-except=${options.extensionDir}`,
      `--load-extension=${options.extensionDir}`,
      // EXCLUDE keeps the reference server's own address (127.0.0.1:port) as it is: without
      // it Chromium rewrites even IP literals to the sample-site port.
      `--host-resolver-rules=MAP * 127.0.0.1:${options.sitesPort}, EXCLUDE 127.0.0.1`,
      ...QUIET_NETWORK_FLAGS,
    ],
  });

  const worker = async (): Promise<Worker> => {
    const running = context
      .serviceWorkers()
      .find((sw) => sw.url().startsWith('chrome-extension://'));
    const sw = running ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
    // Evaluating waits for the worker's first run, which is when it registers its listeners:
    // tab events fired before that would be lost.
    await sw.evaluate(() => true);
    return sw;
  };
  const extensionId = new URL((await worker()).url()).host;

  const badgeOf = async (tabId: number) =>
    (await worker()).evaluate(async (id) => {
      const text = await chrome.action.getBadgeText({ tabId: id });
      const title = await chrome.action.getTitle({ tabId: id });
      return { text, title };
    }, tabId);

  return {
    context,
    extensionId,
    worker,
    badgeOf,
    async openTab(url) {
      const page = await context.newPage();
      await page.goto(url);
      const tabId = await (await worker()).evaluate(async (pageUrl) => {
        const tabs = await chrome.tabs.query({});
        const tab = tabs.find((candidate) => candidate.url === pageUrl);
        if (tab?.id === undefined) throw new Error(`No tab shows ${pageUrl}`);
        return tab.id;
      }, page.url());
      return { page, tabId };
    },
    async settledBadgeOf(tabId, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const badge = await badgeOf(tabId);
        const settled = badge.text !== '…' && badge.title !== 'Agent Readiness Badge';
        if (settled || Date.now() > deadline) return badge;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    popupUrl: (tabId) => `chrome-extension://${extensionId}/popup.html?tabId=${tabId}`,
    async close() {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}
