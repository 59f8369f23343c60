/**
 * What the lookup needs from the world and what it offers it. The worker wires the real
 * browser, stores and client in (entrypoints/background.ts); unit tests wire fakes
 * (tests/unit/support/tab-world.ts). Nothing in lib/lookup/ imports a browser API.
 */

import type { ReportCache } from '../cache/report-cache';
import type { RetryGate } from '../cache/retry-gate';
import type { LookupOutcome } from '../service/lookup-outcome';
import type { ServiceAccess } from '../settings/service-base-url-choice';
import type { UserSettings } from '../settings/settings';
import type { Epoch } from '../storage/store';
import type { BadgeOptions } from '../tabs/badge';
import type { OpenTab } from '../tabs/open-tab';
import type { TabState } from '../tabs/tab-state';
import type { ShownView, ShowTabTrigger, TabView } from '../tabs/tab-view';
import type { AnswerHandler } from './answer-handlers';

export interface BrowserTabs {
  /** Null when the tab no longer exists. */
  read(tabId: number): Promise<OpenTab | null>;
  all(): Promise<OpenTab[]>;
  showBadge(tabId: number, view: TabView, now: number, options: BadgeOptions): Promise<void>;
  /** Back to the extension's default badge: nothing known about the tab's site. */
  clearBadge(tabId: number): Promise<void>;
}

/** Each tab's stored view, per service base URL (lib/tabs/tab-state.ts). */
export interface TabStates {
  read(tabId: number, baseUrl: string): Promise<TabState | null>;
  readAll(baseUrl: string): Promise<Map<number, TabState>>;
  set(tabId: number, state: TabState): Promise<unknown>;
  remove(tabId: number): Promise<void>;
}

export interface LookupDeps {
  /** The service's answer for an origin (the report client of that base URL). */
  ask(baseUrl: string, origin: string): Promise<LookupOutcome>;
  /** Before every request: without the host permission nothing is sent, and the tab says why. */
  access(baseUrl: string): Promise<ServiceAccess>;
  /** What follows a request, in order (answer-handlers.ts). */
  handlers: readonly AnswerHandler[];
  cache: ReportCache;
  retryGate: RetryGate;
  tabStates: TabStates;
  tabs: BrowserTabs;
  readSettings(): Promise<UserSettings>;
  now(): number;
  /** The store's epoch, taken as a request leaves (lib/storage/store.ts). */
  epoch(): Epoch;
  /** Asks to be woken (lookUpWaitingTabs) at `time`: the service said it is busy until then. */
  wakeAt(time: number): void;
  /** Where failures of work nobody awaits go. */
  onError(error: unknown): void;
}

export interface LookupService {
  /**
   * Brings a tab's view up to date; `force` (Refresh) skips the cache but honours Retry-After.
   * `trigger` 'follow': where automatic lookups are not allowed nothing is sent, and the answer
   * is what is known or "not asked". Null when the tab is gone.
   */
  showTab(
    tabId: number,
    options?: { force?: boolean; trigger?: ShowTabTrigger },
  ): Promise<ShownView | null>;
  /** Looked up when automatic lookups are allowed, else shown from what is known. */
  tabActivated(tabId: number): Promise<void>;
  /** The active tab as on activation; any other from what is known only. */
  tabNavigated(tabId: number): Promise<void>;
  /** A page finished loading: the browser cleared its badge. */
  restoreBadge(tabId: number): Promise<void>;
  forgetTab(tabId: number): Promise<void>;
  settingsChanged(): Promise<void>;
  /** The view of the site a URL is on, for no tab (the site report window, the watch list). */
  showSite(url: string, options?: { force?: boolean }): Promise<TabView>;
  /** At worker start: finish what a stopped worker left half done. */
  reconcile(): Promise<void>;
  /** Once the service's busy window has passed: every tab left "busy", one by one. */
  lookUpWaitingTabs(): Promise<void>;
  /** Drops expired cache entries and past retry pauses of the service in effect. */
  purgeExpired(): Promise<void>;
}
