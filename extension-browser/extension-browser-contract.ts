/**
 * What the e2e specs, `npm start` and the bench drive: a real browser with the built extension
 * loaded, whichever browser it is. One set of scenarios runs against this; each browser has
 * its driver (chromium-extension-browser.ts, firefox-extension-browser.ts) and
 * `launchExtensionBrowser` (launch-extension-browser.ts) picks one by name.
 *
 * Pages are Playwright's `Page`: Chromium's are real ones; Firefox's driver presents its pages
 * through the part of that API the specs use (firefox-page.ts).
 */
import type { BrowserContext, Page, Worker } from 'playwright-core';
import type { UserSettings } from '../lib/settings/settings';
import type { ManagedPolicyData } from './managed-policy';

/** The browsers the e2e suite runs in. */
export const BROWSER_NAMES = ['chromium', 'firefox'] as const;
export type BrowserName = (typeof BROWSER_NAMES)[number];

export interface LaunchOptions {
  /** Which browser; Chromium when not given. */
  browserName?: BrowserName;
  /** The browser's executable (Chromium's or Firefox's). */
  executablePath?: string;
  /** @deprecated The Chromium executable; `executablePath` names either browser's. */
  chromiumPath?: string;
  /** The unpacked extension built for that browser. */
  extensionDir: string;
  sitesPort: number;
  headless: boolean;
  /**
   * Loads the extension so that `replaceExtension` can put another build in its place:
   * Chromium then loads a copy of `extensionDir` (an unpacked extension's id comes from its
   * folder, so the copy's folder keeps it). Firefox needs nothing for it.
   */
  replaceable?: boolean;
  /**
   * The administrator's policy (what `storage.managed` answers), set as an enterprise would and
   * seen by this browser only (managed-policy.ts). In Chromium it needs root, as CI has.
   */
  policy?: ManagedPolicyData;
  /**
   * Turns WebMCP on, so pages can offer tools (`document.modelContext` in Chromium,
   * `navigator.modelContext` in Firefox), and treats `secureOrigins` (e.g.
   * `http://tools-script.readiness-fixtures.com`, as the tab sees them: no port when the URL
   * has none) as secure contexts, which WebMCP needs and plain http sample sites are not.
   */
  webmcp?: { secureOrigins: string[] };
}

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  /**
   * The extension's background, for reading badges and tabs as the extension sees them: the
   * service worker in Chromium; in Firefox a page of the extension with the same APIs
   * (`chrome.action` included), since the MV2 event page is out of the driver's reach.
   */
  worker(): Promise<Worker>;
  /** Opens a page and returns it with the id the extension knows its tab by. */
  openTab(url: string): Promise<{ page: Page; tabId: number }>;
  /** The badge text and title of a tab, read inside the extension. */
  badgeOf(tabId: number): Promise<{ text: string; title: string }>;
  /**
   * Waits until a tab's badge has left the loading state and shows the extension's answer for
   * the page the tab shows now; throws, naming what it shows, when the time runs out.
   */
  settledBadgeOf(tabId: number, timeoutMs?: number): Promise<{ text: string; title: string }>;
  /** When the extension last wrote a tab's state (epoch ms), or null when it has none. */
  tabStateUpdatedAt(tabId: number): Promise<number | null>;
  /**
   * Runs `action` (a tab switch, an in-page navigation...) and waits until the extension has
   * written the tab's state since, and not as "loading", so the next step starts after this
   * one was handled, lookup included.
   */
  untilTabStateWritten(tabId: number, action: () => Promise<unknown>): Promise<void>;
  /** Makes a page's tab the active one, as a click on its tab would. */
  activateTab(page: Page): Promise<void>;
  /**
   * Stops the extension's background (Chromium's service worker, Firefox's event page), as the
   * browser does when it is idle, and waits until it is gone. The next event or message
   * starts it again.
   */
  stopWorker(): Promise<void>;
  popupUrl(tabId: number): string;
  /**
   * Runs `action` (a click on `page` that starts a download) and resolves to the path of the
   * file the browser saved, once the download has finished: Playwright's download in
   * Chromium, the file in the profile's download folder in Firefox. The file is gone after
   * `close()`.
   */
  fileDownloadedBy(page: Page, action: () => Promise<unknown>): Promise<string>;
  /** The user's settings as stored (lib/settings/settings.ts), without the policy. */
  storedSettings(): Promise<Partial<UserSettings>>;
  /** Stores a change to the user's settings (lib/settings/settings.ts), as the options page would. */
  saveSettings(change: Partial<UserSettings>): Promise<void>;
  /** The first-run page the extension opens when it is installed (a fresh profile is one). */
  welcomePage(): Promise<Page>;
  /**
   * Stores the user's yes to automatic lookups, as the first-run page would, and closes that
   * page: for tests and demos about something other than consent.
   */
  acceptAutomaticLookups(): Promise<void>;
  optionsUrl(): string;
  /** The address of one of the extension's pages, e.g. `sidepanel.html?windowId=1`. */
  pageUrl(path: string): string;
  /**
   * Lets the extension run in private windows, as the user can on chrome://extensions, and
   * returns a page of the extension to drive the browser from: Chromium reloads the extension
   * for the change, and the reloaded worker is out of this driver's sight.
   */
  allowInPrivateWindows(): Promise<Page>;
  /**
   * Replaces the installed extension with the build in `extensionDir`, in place, as an update
   * does: same extension id, same profile, same stored data. Resolves once the new build's
   * background runs and `worker()` reaches it; pages of the old build are gone.
   *
   * Chromium needs the launch option `replaceable`. By default it swaps the files in the
   * folder it loaded the extension from and reloads it as chrome://extensions's reload button
   * does (runtime.onInstalled then says "update"); with `relaunch` it closes the browser, swaps
   * the files and starts the browser again on the same profile (a command-line extension is
   * then reported as an "install", at every start). Firefox installs the new build over the old
   * (same add-on id: an "update"); it cannot relaunch, since a temporary add-on does not
   * outlive the browser.
   */
  replaceExtension(extensionDir: string, options?: { relaunch?: boolean }): Promise<void>;
  close(): Promise<void>;
}
