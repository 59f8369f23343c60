/// <reference types="chrome" />
/**
 * The Firefox driver: real Firefox (Debian's firefox-esr) with the built MV2 extension
 * installed as a temporary add-on, driven by puppeteer-core over WebDriver BiDi, behind the
 * same `ExtensionBrowser` as Chromium's driver.
 *
 * Rules it keeps:
 * - Loopback only. MOZ_DISABLE_NONLOCAL_CONNECTIONS=1 makes Firefox abort any connection off
 *   this machine; every host name goes to the sample-site server through Firefox's proxy
 *   setting (the server answers proxy requests), while 127.0.0.1 (the reference server) is
 *   not proxied; update, telemetry, safe browsing, captive portal and connectivity checks
 *   are off.
 * - The extension's host is fixed (`extensions.webextensions.uuids`), so its pages have
 *   known addresses, and `--remote-allow-system-access` lets the driver open them.
 * - The MV2 event page is out of BiDi's reach: the driver reads badges, tabs and storage from
 *   a page of the extension (the same APIs; `chrome.action` stands for `browserAction`).
 * - The event page unloads after `EVENT_PAGE_IDLE_MS` idle instead of Firefox's 30 s, so
 *   `stopWorker()` can wait for a real unload, and every run sees unloads happen.
 * - An optional permission the extension asks for in a click is granted without the prompt a
 *   person would answer (`extensions.webextOptionalPermissionPrompts`); asked outside a user
 *   gesture it is still refused, as for users.
 * - Notifications show in Firefox's own alert window, so `notifications.getAll()` holds
 *   them while they are shown.
 * - Downloads go without a dialog into a folder of the run's own (firefox-downloads.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import puppeteer, { type Page as PuppeteerPage } from 'puppeteer-core';
import { FIREFOX_ADDON_ID } from '../lib/extension-manifest';
import type { ExtensionBrowser, LaunchOptions } from './extension-browser-contract';
import { createExtensionStateReads } from './extension-state-reads';
import { FirefoxDownloadFolder } from './firefox-downloads';
import { FirefoxPage } from './firefox-page';
import { startedProfileCopy } from './firefox-started-profile';
import { writeFirefoxPolicy } from './managed-policy';

/** The extension's fixed moz-extension:// host in the test profile. */
export const FIREFOX_EXTENSION_UUID = '5c1f1a2e-7d2b-4c57-9a35-0e2f8e6b4d10';

/** How long Firefox lets the event page idle before unloading it, in the test profile. */
export const EVENT_PAGE_IDLE_MS = 4_000;

/** Prefs that keep Firefox on this machine and quiet. */
function closedNetworkPrefs(sitesPort: number): Record<string, unknown> {
  return {
    // Every host to the sample-site server, localhost included, as Chromium's host resolver
    // rules do; 127.0.0.1 (the reference server) is reached directly, as there.
    'network.proxy.type': 1,
    'network.proxy.http': '127.0.0.1',
    'network.proxy.http_port': sitesPort,
    'network.proxy.share_proxy_settings': false,
    'network.proxy.allow_hijacking_localhost': true,
    'network.proxy.no_proxies_on': '127.0.0.1',
    'network.dns.disablePrefetch': true,
    'network.prefetch-next': false,
    'network.http.speculative-parallel-limit': 0,
    'network.captive-portal-service.enabled': false,
    'network.connectivity-service.enabled': false,
    'app.update.enabled': false,
    'app.update.auto': false,
    'browser.safebrowsing.malware.enabled': false,
    'browser.safebrowsing.phishing.enabled': false,
    'browser.safebrowsing.downloads.enabled': false,
    'browser.safebrowsing.blockedURIs.enabled': false,
    'toolkit.telemetry.enabled': false,
    'toolkit.telemetry.unified': false,
    'datareporting.healthreport.uploadEnabled': false,
    'datareporting.policy.dataSubmissionEnabled': false,
    'browser.ping-centre.telemetry': false,
    'extensions.update.enabled': false,
    'extensions.getAddons.cache.enabled': false,
    'browser.newtabpage.enabled': false,
    'browser.startup.homepage': 'about:blank',
    'services.settings.server': 'http://127.0.0.1:9/remote-settings',
    'browser.aboutConfig.showWarning': false,
    // Sites are plain http on the sample server: no https-first upgrade.
    'dom.security.https_first': false,
    'dom.security.https_only_mode': false,
    // Popups a click opens (the site report window) are the extension's own.
    'dom.disable_open_during_load': false,
  };
}

/** What every launch sets beside the closed network: the same for every spec. */
const DRIVER_PREFS: Record<string, unknown> = {
  'extensions.webextensions.uuids': JSON.stringify({
    [FIREFOX_ADDON_ID]: FIREFOX_EXTENSION_UUID,
  }),
  'extensions.background.idle.timeout': EVENT_PAGE_IDLE_MS,
  // Headless Firefox shows the permission prompt where no automation can answer it.
  'extensions.webextOptionalPermissionPrompts': false,
  // Notifications in Firefox's own alert window: the desktop's notification service is
  // missing on a headless machine, and through it Firefox would close each at once.
  'alerts.useSystemBackend': false,
  // browserAction.openPopup() without a click: the bench opens the toolbar popup as a
  // user does (scripts/bench/toolbar-popup-timing.ts); nothing else calls it.
  'extensions.openPopupWithoutUserGesture.enabled': true,
  // A page in a background tab runs its timers and frames as a shown one, as Chromium's
  // driver runs (Playwright starts it without background throttling). A spec keeps several
  // pages open at once, a popup and a settings page say, and a person acts on each as they
  // see it. Throttled, a page behind another ran a timer or a frame once a second at most.
  'dom.min_background_timeout_value': 4,
  'dom.min_background_timeout_value_without_budget_throttling': 4,
  'dom.timeout.enable_budget_timer_throttling': false,
  'layout.throttled_frame_rate': 60,
};

/**
 * The `webmcp` launch option: `navigator.modelContext` on (its `getTools` needs the testing
 * pref too), and the origins' hosts taken as secure contexts. Set at launch only: the started
 * profile is shared with launches without it.
 */
function webMcpPrefs({ webmcp }: LaunchOptions): Record<string, unknown> {
  if (webmcp === undefined) return {};
  return {
    'dom.modelcontext.enabled': true,
    'dom.modelcontext.testing.enabled': true,
    'dom.securecontext.allowlist': webmcp.secureOrigins
      .map((origin) => new URL(origin).hostname)
      .join(','),
  };
}

/** The port the started profile's one start proxies to: nothing listens, nothing is loaded. */
const NO_SITES_PORT = 9;

interface FirefoxLaunch {
  executablePath: string;
  headless: boolean;
  profileDir: string;
  prefs: Record<string, unknown>;
  env?: Record<string, string>;
}

function launchFirefox({ executablePath, headless, profileDir, prefs, env = {} }: FirefoxLaunch) {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless,
    userDataDir: profileDir,
    defaultViewport: { width: 1100, height: 800 },
    args: ['--remote-allow-system-access'],
    env: { ...process.env, MOZ_DISABLE_NONLOCAL_CONNECTIONS: '1', ...env },
    extraPrefsFirefox: { ...DRIVER_PREFS, ...prefs },
  });
}

export async function launchFirefoxExtensionBrowser(
  options: LaunchOptions,
): Promise<ExtensionBrowser> {
  const executablePath = options.executablePath ?? '/usr/bin/firefox-esr';
  const profileDir = await startedProfileCopy({
    executablePath,
    prefs: { ...DRIVER_PREFS, ...closedNetworkPrefs(NO_SITES_PORT) },
    async startOnce(startingDir) {
      const starting = await launchFirefox({
        executablePath,
        headless: true,
        profileDir: startingDir,
        prefs: closedNetworkPrefs(NO_SITES_PORT),
      });
      try {
        await starting.newPage();
      } finally {
        await starting.close();
      }
    },
  });
  const downloads = new FirefoxDownloadFolder();
  // A home folder of this browser's own, holding the policy's managed-storage manifest.
  const policyHome =
    options.policy === undefined ? null : mkdtempSync(join(tmpdir(), 'arb-firefox-home-'));
  if (policyHome !== null && options.policy !== undefined) {
    writeFirefoxPolicy(policyHome, FIREFOX_ADDON_ID, options.policy);
  }
  const browser = await launchFirefox({
    executablePath,
    headless: options.headless,
    profileDir,
    prefs: {
      ...closedNetworkPrefs(options.sitesPort),
      ...downloads.prefs(),
      ...webMcpPrefs(options),
    },
    ...(policyHome === null ? {} : { env: { HOME: policyHome } }),
  });
  const extensionId = FIREFOX_EXTENSION_UUID;
  const base = `moz-extension://${extensionId}`;

  const wrappers = new WeakMap<PuppeteerPage, FirefoxPage>();
  const wrap = (raw: PuppeteerPage): FirefoxPage => {
    let page = wrappers.get(raw);
    if (!page) {
      page = FirefoxPage.create(raw);
      wrappers.set(raw, page);
    }
    return page;
  };
  const asPage = (page: FirefoxPage) => page as unknown as Page;

  await browser.installExtension(options.extensionDir);

  /**
   * The page the driver reads the extension through. It is the options page, which only
   * renders settings: no lookup starts from it. A new one after `replaceExtension`: Firefox
   * closes the old build's pages.
   */
  const openDriverPage = async (): Promise<FirefoxPage> => {
    const page = wrap(await browser.newPage());
    await page.goto(`${base}/options.html`);
    // The specs read the extension as Chromium's worker does, through promise-returning
    // `chrome.*` and `chrome.action`; Firefox's promise API is `browser.*` with `browserAction`.
    await page.evaluate(() => {
      const scope = globalThis as unknown as { browser: Record<string, unknown> };
      const api = new Proxy(scope.browser, {
        get: (target, name) => (name === 'action' ? target.browserAction : target[name as string]),
      });
      Object.defineProperty(globalThis, 'chrome', { value: api, configurable: true });
    });
    return page;
  };
  let driverPage = await openDriverPage();

  const inExtension = async <R, A>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> =>
    driverPage.evaluate<R>(fn, arg);

  /** Stands for Chromium's service worker: evaluates in the driver's extension page. */
  const background = {
    url: () => `${base}/_generated_background_page.html`,
    evaluate: <R, A>(fn: (arg: A) => R | Promise<R>, arg?: A) => inExtension(fn, arg),
    // What the specs' evaluations log goes through that page's console. The event page's own
    // console is out of BiDi's reach here: Firefox's fault watch covers extension pages only.
    on: (event: string, listener: (message: never) => void) => {
      if (event === 'console') driverPage.on('console', listener);
      return background;
    },
  };
  const worker = async () => background as unknown as Worker;

  const context = {
    async newPage() {
      return asPage(wrap(await browser.newPage()));
    },
    pages() {
      return [] as Page[];
    },
    on(event: string, listener: (value: unknown) => void) {
      if (event === 'page') {
        browser.on('targetcreated', async (target) => {
          const raw = await target.page().catch(() => null);
          if (raw) listener(asPage(wrap(raw)));
        });
      } else if (event === 'close') {
        browser.on('disconnected', () => listener(undefined));
      }
      return context;
    },
    async waitForEvent(
      event: string,
      options: { predicate?: (page: Page) => boolean | Promise<boolean>; timeout?: number } = {},
    ) {
      if (event !== 'page')
        throw new Error(`The Firefox driver waits for pages only, not ${event}`);
      const target = await browser.waitForTarget(
        async (candidate) => {
          const raw = await candidate.page().catch(() => null);
          if (!raw) return false;
          return options.predicate ? options.predicate(asPage(wrap(raw))) : true;
        },
        { timeout: options.timeout ?? 30_000 },
      );
      const raw = await target.page();
      if (!raw) throw new Error('The new target has no page');
      await wrap(raw).waitForLoadState();
      return asPage(wrap(raw));
    },
    async grantPermissions() {
      // Firefox lets pages write to the clipboard after a click without a prompt.
    },
    close: () => browser.close(),
  };
  const allPages = async () => (await browser.pages()).map(wrap);
  // Playwright lists pages at once; puppeteer asks the browser. The driver keeps the list.
  const openPages = new Set<FirefoxPage>(await allPages());
  browser.on('targetcreated', async (target) => {
    const raw = await target.page().catch(() => null);
    if (raw) openPages.add(wrap(raw));
  });
  browser.on('targetdestroyed', async (target) => {
    const raw = await target.page().catch(() => null);
    if (raw) openPages.delete(wrap(raw));
  });
  context.pages = () =>
    [...openPages].filter((page) => page !== driverPage && !page.isClosed()).map(asPage);

  const reads = createExtensionStateReads(inExtension, () => welcomePage());

  const welcomePage = async (): Promise<Page> => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const seen: string[] = [];
      for (const page of await allPages()) {
        if (page === driverPage) continue;
        const href = await page.href();
        if (href.endsWith('/welcome.html')) return asPage(page);
        seen.push(href);
      }
      // Rare under load: the pages seen then say whether the tab never opened or never loaded.
      if (Date.now() > deadline) {
        throw new Error(
          `The first-run page did not open; pages open: ${seen.join(', ') || 'none'}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  /**
   * Whether the event page is loaded now, as the extension's own pages see it: the
   * synchronous getBackgroundPage() answers without waking it.
   */
  const backgroundRunning = () =>
    inExtension(
      () =>
        (
          globalThis as unknown as { browser: { extension: { getBackgroundPage(): unknown } } }
        ).browser.extension.getBackgroundPage() !== null,
    );

  return {
    context: context as unknown as BrowserContext,
    extensionId,
    worker,
    ...reads,
    welcomePage,
    optionsUrl: () => `${base}/options.html`,
    pageUrl: (path) => `${base}/${path}`,
    async allowInPrivateWindows() {
      // Firefox keeps "Run in private windows" among an add-on's permissions, which only
      // about:addons (privileged code) can grant; WebDriver BiDi reaches no such code here.
      throw new Error(
        "allowInPrivateWindows: Firefox grants private windows only from about:addons, out of the driver's reach",
      );
    },
    async openTab(url) {
      const page = wrap(await browser.newPage());
      await page.bringToFront();
      await page.goto(url);
      const pageUrl = await page.href();
      const tabId = await inExtension(async (address: string) => {
        const tabs = await chrome.tabs.query({});
        const tab = tabs.find((candidate) => candidate.url === address);
        if (tab?.id === undefined) throw new Error(`No tab shows ${address}`);
        return tab.id;
      }, pageUrl);
      return { page: asPage(page), tabId };
    },
    activateTab: (page) => page.bringToFront(),
    async stopWorker() {
      // Nothing stops an event page on demand: wait for Firefox to unload it when idle, as it
      // does for users (after EVENT_PAGE_IDLE_MS here, 30 s by default).
      const deadline = Date.now() + EVENT_PAGE_IDLE_MS * 5;
      while (await backgroundRunning()) {
        if (Date.now() > deadline) throw new Error('The event page did not unload');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    popupUrl: (tabId) => `${base}/popup.html?tabId=${tabId}`,
    // Firefox's downloads are the browser's, not a page's: any page's download lands there.
    fileDownloadedBy: (_page, action) => downloads.fileSavedBy(action),
    async replaceExtension(extensionDir, { relaunch = false } = {}) {
      if (relaunch) {
        throw new Error(
          'replaceExtension: Firefox cannot relaunch with the extension, a temporary add-on',
        );
      }
      const old = driverPage;
      // Installed again with the same add-on id, it is an update of the installed one.
      await browser.installExtension(extensionDir);
      // The old build's pages close with it; wait until the driver's has, so the new page
      // cannot be one the old build still serves.
      const deadline = Date.now() + 15_000;
      while (!old.isClosed() && (await old.href().catch(() => '')).startsWith(base)) {
        if (Date.now() > deadline) throw new Error("The old build's page did not close");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      driverPage = await openDriverPage();
    },
    async close() {
      await browser.close();
      rmSync(profileDir, { recursive: true, force: true });
      if (policyHome !== null) rmSync(policyHome, { recursive: true, force: true });
      downloads.remove();
    },
  };
}
