/// <reference types="chrome" />
/**
 * The Chromium driver: real Chromium with the built MV3 extension loaded, for the e2e tests,
 * `npm start` and the bench.
 *
 * Every host name resolves to the local sample-site server, so no page, link or subresource
 * can reach another machine; only 127.0.0.1 itself (the reference server) is left unmapped.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page, type Worker } from 'playwright-core';
import type { ExtensionBrowser, LaunchOptions } from './extension-browser-contract';
import { createExtensionStateReads } from './extension-state-reads';
import { writeChromiumPolicy } from './managed-policy';

/** The part of chrome://extensions's private API that its switches use. */
interface DeveloperPrivate {
  updateProfileConfiguration(update: { inDeveloperMode: boolean }): Promise<void>;
  updateExtensionConfiguration(update: {
    extensionId: string;
    incognitoAccess: boolean;
  }): Promise<void>;
  /** The reload button of an unpacked extension: loads it again from its folder. */
  reload(extensionId: string, options: { failQuietly: boolean }): Promise<void>;
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

/** The `webmcp` launch option: the feature on, and its sample origins taken as secure. */
function webMcpFlags({ webmcp }: LaunchOptions): string[] {
  if (webmcp === undefined) return [];
  return [
    '--enable-features=WebMCP',
    `--unsafely-treat-insecure-origin-as-secure=${webmcp.secureOrigins.join(',')}`,
  ];
}

export async function launchChromiumExtensionBrowser(
  options: LaunchOptions,
): Promise<ExtensionBrowser> {
  const profileDir = mkdtempSync(join(tmpdir(), 'arb-profile-'));
  // A replaceable extension is loaded from a folder of the driver's own: replaceExtension
  // swaps the files there, and the folder (hence the extension id) stays the same. So is one
  // under a policy: the policy names its id, which no other browser's copy has.
  const ownCopy = options.replaceable === true || options.policy !== undefined;
  const loadedDir = ownCopy
    ? join(mkdtempSync(join(tmpdir(), 'arb-extension-')), 'extension')
    : options.extensionDir;
  if (ownCopy) cpSync(options.extensionDir, loadedDir, { recursive: true });
  const removePolicy =
    options.policy === undefined ? () => {} : writeChromiumPolicy(loadedDir, options.policy);
  const launch = () =>
    chromium.launchPersistentContext(profileDir, {
      executablePath: options.executablePath ?? options.chromiumPath,
      headless: options.headless,
      viewport: { width: 1100, height: 800 },
      args: [
        `--disable-extensions-except=${loadedDir}`,
        `--load-extension=${loadedDir}`,
        // EXCLUDE keeps the reference server's own address (127.0.0.1:port) as it is: without
        // it Chromium rewrites even IP literals to the sample-site port.
        `--host-resolver-rules=MAP * 127.0.0.1:${options.sitesPort}, EXCLUDE 127.0.0.1`,
        ...QUIET_NETWORK_FLAGS,
        ...webMcpFlags(options),
      ],
    });
  // A new one when replaceExtension relaunches the browser on the same profile.
  let context = await launch();

  /** Workers of a build that was replaced: closed, though Playwright may still list them. */
  const replaced = new Set<Worker>();
  const worker = async (): Promise<Worker> => {
    const running = context
      .serviceWorkers()
      .find((sw) => sw.url().startsWith('chrome-extension://') && !replaced.has(sw));
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

  const reads = createExtensionStateReads(
    // Playwright types an evaluated function by its serialised argument; ours are plain.
    async <R, A>(fn: (arg: A) => Promise<R>, arg: A): Promise<R> =>
      (await worker()).evaluate(fn as (arg: unknown) => Promise<R>, arg as unknown),
    () => welcomePage(),
  );

  const welcomePage = async (): Promise<Page> => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const page = context.pages().find((candidate) => candidate.url().endsWith('/welcome.html'));
      if (page) return page;
      if (Date.now() > deadline) throw new Error('The first-run page did not open');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  /** Puts the build in `extensionDir` into the folder the extension is loaded from. */
  const swapFiles = (extensionDir: string) => {
    for (const entry of readdirSync(loadedDir)) {
      rmSync(join(loadedDir, entry), { recursive: true, force: true });
    }
    cpSync(extensionDir, loadedDir, { recursive: true });
  };

  /** The worker that came back after a replacement, checked to be the same extension's. */
  const sameExtension = async (sw: Worker) => {
    if (new URL(sw.url()).host !== extensionId) {
      throw new Error(`The replaced extension came back as ${sw.url()}, not ${extensionId}`);
    }
    await sw.evaluate(() => true);
  };

  return {
    get context() {
      return context;
    },
    extensionId,
    worker,
    ...reads,
    welcomePage,
    optionsUrl: () => `chrome-extension://${extensionId}/options.html`,
    pageUrl: (path) => `chrome-extension://${extensionId}/${path}`,
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
    async fileDownloadedBy(page, action) {
      const [download] = await Promise.all([page.waitForEvent('download'), action()]);
      // path() waits for the download to finish, and throws if it failed.
      return download.path();
    },
    async replaceExtension(extensionDir, { relaunch = false } = {}) {
      if (!options.replaceable) {
        throw new Error('replaceExtension: launch with `replaceable: true` to replace the build');
      }
      if (relaunch) {
        // The browser closed, the files swapped, the browser started again on the profile.
        await context.close();
        swapFiles(extensionDir);
        context = await launch();
        await sameExtension(await worker());
        return;
      }
      const old = await worker();
      const gone = new Promise<void>((resolve) => old.once('close', () => resolve()));
      const next = context.waitForEvent('serviceworker', {
        predicate: (sw) => sw.url().startsWith(`chrome-extension://${extensionId}/`) && sw !== old,
        timeout: 15_000,
      });
      // The running build is in memory: its folder can change under it until the reload.
      swapFiles(extensionDir);
      replaced.add(old);
      // The reload button of chrome://extensions, in developer mode as that button is: an
      // unpacked extension reloaded outside developer mode comes back disabled.
      const settingsPage = await context.newPage();
      try {
        await settingsPage.goto('chrome://extensions/');
        await settingsPage.evaluate(async (id) => {
          const api = (globalThis as unknown as { chrome: { developerPrivate: DeveloperPrivate } })
            .chrome.developerPrivate;
          await api.updateProfileConfiguration({ inDeveloperMode: true });
          await api.reload(id, { failQuietly: false });
        }, extensionId);
      } finally {
        await settingsPage.close();
      }
      await gone;
      await sameExtension(await next);
    },
    async close() {
      await context.close();
      removePolicy();
      rmSync(profileDir, { recursive: true, force: true });
      if (ownCopy) rmSync(join(loadedDir, '..'), { recursive: true, force: true });
    },
  };
}
