/**
 * What the lookup needs from the world and what it offers it. The worker wires the real
 * browser, cache and client in (entrypoints/background.ts); unit tests wire fakes
 * (tests/unit/support/tab-world.ts). Nothing in lib/lookup/ imports a browser API.
 */
import type { BadgeOptions } from '../badge/badge';
import type { ReportCache } from '../cache/report-cache';
import type { RetryGate } from '../cache/retry-gate';
import type { LookupOutcome } from '../service/lookup-outcome';
import type { ServiceAccess } from '../settings/service-base-url-choice';
import type { UserSettings } from '../settings/settings';
import type { Epoch } from '../storage/record-store';
import type { OpenTab } from '../tabs/open-tab';
import type { TabStateStore } from '../tabs/tab-state-store';
import type { ShownView, ShowTabTrigger, TabView } from '../tabs/tab-view';

export interface LookupServiceDeps {
  lookupReport(origin: string): Promise<LookupOutcome>;
  /**
   * Asked before every request: without the host permission nothing is sent (and no quota
   * spent), and the tab says why instead of showing a network problem.
   */
  serviceAccess(): Promise<ServiceAccess>;
  cache: ReportCache;
  retryGate: RetryGate;
  tabStates: TabStateStore;
  /** A tab as it is now, or null when it no longer exists. */
  readTab(tabId: number): Promise<OpenTab | null>;
  /** Every open tab, to reconcile stored states when the worker starts. */
  openTabs(): Promise<OpenTab[]>;
  showBadge(tabId: number, view: TabView, now: number, options: BadgeOptions): Promise<void>;
  /** The user's settings as they apply now (lookup mode, paused sites, badge). */
  readSettings(): Promise<UserSettings>;
  /** Takes a tab's badge back to the extension's default (nothing known about the site). */
  clearBadge(tabId: number): Promise<void>;
  now(): number;
  /**
   * The store's epoch (lib/storage/record-store.ts): taken as a request leaves, so what it
   * learns is not kept if the user clears local data before it is answered.
   */
  epoch(): Epoch;
  /**
   * Asks to be woken (lookUpWaitingTabs) at `time`, epoch ms: the service said it is busy
   * until then. An alarm in the worker, since the worker may be stopped long before.
   */
  wakeAt(time: number): void;
  /** Where failures of work nobody awaits go (a background refresh). */
  onError(error: unknown): void;
}

export interface LookupService {
  /**
   * Brings a tab's view up to date for the URL it shows, looking the site up if need be;
   * `force` (the popup's Refresh) skips the cache but still honours Retry-After. Resolves to
   * the view, or null when the tab is gone or a newer call took over.
   *
   * `trigger` 'follow' (default 'user', see ShowTabTrigger): when automatic lookups are not
   * allowed, nothing is sent; the answer is what is known (cache, a request under way, the
   * tab's kept state) or "not asked", and the tab's state and badge change as on a tab switch.
   */
  showTab(
    tabId: number,
    options?: { force?: boolean; trigger?: ShowTabTrigger },
  ): Promise<ShownView | null>;
  /**
   * After the user turned to a tab: looked up when automatic lookups are allowed, otherwise
   * shown from the cache only (nothing leaves the browser until the user asks).
   */
  tabActivated(tabId: number): Promise<void>;
  /** After the settings changed: every open tab shown again under the new settings. */
  settingsChanged(): Promise<void>;
  /**
   * After a tab's URL changed: the active tab is looked up when automatic lookups are
   * allowed; any other tab is shown from the cache only.
   */
  tabNavigated(tabId: number): Promise<void>;
  /** After a page finished loading (the browser clears the badge on a new document). */
  restoreBadge(tabId: number): Promise<void>;
  /** Drops what is kept about a closed tab. */
  forgetTab(tabId: number): Promise<void>;
  /** The view of the site a URL is on, for no tab (the link menu); `force` skips the cache. */
  showSite(url: string, options?: { force?: boolean }): Promise<TabView>;
  /** At worker start: finish what a stopped worker left half done, drop closed tabs' states. */
  reconcile(): Promise<void>;
  /**
   * Once the service's busy window has passed: every tab left showing "busy" is looked up,
   * one after another, so the gate can stop them at the quota again if need be.
   */
  lookUpWaitingTabs(): Promise<void>;
}
