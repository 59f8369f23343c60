/// <reference types="chrome" />
/**
 * The Chromium driver: real Chromium with the built MV3 extension loaded, for the e2e tests,
 * `npm start` and the bench.
 *
 * Every host name resolves to the local sample-site server, so no page, link or subresource
 * can reach another machine; only 127.0.0.1 itself (the reference server) is left unmapped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';
import { badgeLook, DEFAULT_BADGE_TITLE } from '../../lib/badge/badge';
import { deriveLookupTarget } from '../../lib/privacy/lookup-target';
import type { UserSettings } from '../../lib/settings/settings';
import type { TabState } from '../../lib/tabs/tab-state-store';
import type { ExtensionBrowser, LaunchOptions } from './extension-browser-contract';

/** The part of chrome://extensions's private API that its switches use. */
interface DeveloperPrivate {
  updateProfileConfiguration(update: { inDeveloperMode: boolean }): Promise<void>;
  updateExtensionConfiguration(update: {
    extensionId: string;
    incognitoAccess: boolean;
  }): Promise<void>;
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

export async function launchChromiumExtensionBrowser(
  options: LaunchOptions,
): Promise<ExtensionBrowser> {
  const profileDir = mkdtempSync(join(tmpdir(), 'arb-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: options.executablePath ?? options.chromiumPath,
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
  // A fresh Chromium answers its first read of an extension's managed storage (the enterprise
  // policy, lib/settings/settings.ts) only after about 2.4 s, and every lookup waits for the policy.
  // Tests that time how soon a badge appears start once that one-off wait is over.
  await (await worker()).evaluate(() => chrome.storage.managed.get());

  const badgeOf = async (tabId: number) =>
    (await worker()).evaluate(async (id) => {
      const text = await chrome.action.getBadgeText({ tabId: id });
      const title = await chrome.action.getTitle({ tabId: id });
      return { text, title };
    }, tabId);

  /**
   * True when the extension's stored state for a tab is about the page the tab shows now, and
   * the badge shows that state: a new tab's first state, about its blank page, does not count
   * as the answer for the site it then loads.
   */
  const showsStateOfCurrentPage = async (tabId: number, badge: { text: string }) => {
    const { url, state, pausedSites } = await (await worker()).evaluate(async (id) => {
      const key = `tab-state:${id}`;
      const tab = await chrome.tabs.get(id);
      const { settings } = (await chrome.storage.local.get('settings')) as {
        settings?: { pausedSites?: string[] };
      };
      return {
        url: tab.url,
        state: (await chrome.storage.session.get(key))[key] as TabState,
        pausedSites: (settings?.pausedSites ?? []) as string[],
      };
    }, tabId);
    if (!state || state.view.status === 'loading') return false;
    const target = deriveLookupTarget(url, { pausedSites });
    const about =
      target.kind === 'target'
        ? state.target === target.origin
        : state.view.status === 'not-looked-up' && state.view.reason === target.reason;
    return about && badgeLook(state.view).text === badge.text;
  };

  /** When the extension last wrote a tab's state, and whether that state is "loading". */
  const tabStateStamp = async (tabId: number) =>
    (await worker()).evaluate(async (id) => {
      const key = `tab-state:${id}`;
      const stored = (await chrome.storage.session.get(key))[key] as TabState | undefined;
      return stored
        ? { updatedAt: stored.updatedAt, loading: stored.view.status === 'loading' }
        : null;
    }, tabId);
  const tabStateUpdatedAt = async (tabId: number) =>
    (await tabStateStamp(tabId))?.updatedAt ?? null;

  const welcomePage = async (): Promise<Page> => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const page = context.pages().find((candidate) => candidate.url().endsWith('/welcome.html'));
      if (page) return page;
      if (Date.now() > deadline) throw new Error('The first-run page did not open');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const saveSettings = async (change: Partial<UserSettings>) =>
    (await worker()).evaluate(async (patch) => {
      const stored = (await chrome.storage.local.get('settings')).settings ?? {};
      await chrome.storage.local.set({ settings: { ...stored, ...patch } });
    }, change);

  const storedSettings = async (): Promise<Partial<UserSettings>> =>
    (await worker()).evaluate(
      async () => ((await chrome.storage.local.get('settings')).settings ?? {}) as object,
    );

  return {
    context,
    extensionId,
    worker,
    badgeOf,
    storedSettings,
    saveSettings,
    welcomePage,
    async acceptAutomaticLookups() {
      await saveSettings({ lookupMode: 'automatic', lookupModeChosen: true });
      await (await welcomePage()).close();
    },
    optionsUrl: () => `chrome-extension://${extensionId}/options.html`,
    async allowInPrivateWindows() {
      const settingsPage = await context.newPage();
      await settingsPage.goto('chrome://extensions/');
      // chrome://extensions's own API, what its switches call. Developer mode keeps the
      // unpacked extension enabled through the reload the change causes.
      await settingsPage.evaluate(async (id) => {
        const api = (globalThis as unknown as { chrome: { developerPrivate: DeveloperPrivate } })
          .chrome.developerPrivate;
        await api.updateProfileConfiguration({ inDeveloperMode: true });
        await api.updateExtensionConfiguration({ extensionId: id, incognitoAccess: true });
      }, extensionId);
      await settingsPage.close();
      const page = await context.newPage();
      const deadline = Date.now() + 10_000;
      for (;;) {
        await page.goto(`chrome-extension://${extensionId}/options.html`).catch(() => undefined);
        if (page.url().startsWith('chrome-extension://')) return page;
        if (Date.now() > deadline) throw new Error('The extension did not come back');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async openTab(url) {
      const page = await context.newPage();
      // As a person opens a site: in a tab in front. A new page is not always the active tab
      // by the time it navigates, and the extension looks up only the active tab.
      await page.bringToFront();
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
        // The loading title can outlive the loading mark: the browser clears a tab's badge
        // text when the page commits, while the title set a moment earlier stays.
        const settled =
          badge.text !== '…' &&
          badge.title !== DEFAULT_BADGE_TITLE &&
          !badge.title.startsWith('Looking up ') &&
          // Only "not looked up" has no mark; otherwise an empty badge is a page between the
          // commit that clears it and the load that puts it back.
          (badge.text !== '' || badge.title.startsWith('Not looked up'));
        if ((settled && (await showsStateOfCurrentPage(tabId, badge))) || Date.now() > deadline) {
          return badge;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    tabStateUpdatedAt,
    async untilTabStateWritten(tabId, action) {
      const before = (await tabStateUpdatedAt(tabId)) ?? 0;
      await action();
      const deadline = Date.now() + 10_000;
      for (;;) {
        const after = await tabStateStamp(tabId);
        if (after !== null && after.updatedAt > before && !after.loading) return;
        if (Date.now() > deadline) throw new Error(`The state of tab ${tabId} was not written`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    activateTab: (page) => page.bringToFront(),
    async stopWorker() {
      // Any page will do for a CDP session; the Target domain sees the whole browser.
      const page = context.pages()[0] ?? (await context.newPage());
      const session = await context.newCDPSession(page);
      try {
        const workerTargets = async () => {
          const { targetInfos } = await session.send('Target.getTargets');
          return targetInfos.filter(
            (target) =>
              target.type === 'service_worker' &&
              target.url.startsWith(`chrome-extension://${extensionId}/`),
          );
        };
        for (const target of await workerTargets()) {
          await session.send('Target.closeTarget', { targetId: target.targetId });
        }
        const deadline = Date.now() + 10_000;
        while ((await workerTargets()).length > 0) {
          if (Date.now() > deadline) throw new Error('The service worker did not stop');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        await session.detach();
      }
    },
    popupUrl: (tabId) => `chrome-extension://${extensionId}/popup.html?tabId=${tabId}`,
    async close() {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}
