/**
 * A browser's tabs as the lookup service sees them, in memory: tabs with URLs, one active tab,
 * per-tab badges, and the extension's service worker, which can be stopped and started again
 * over the same storage. Shared by the lookup service's example tests and its property test.
 */

import { createReportCache } from '../../../lib/cache/report-cache';
import { createRetryGate } from '../../../lib/cache/retry-gate';
import { createLookupLog } from '../../../lib/history/lookup-log';
import { createScoreHistory } from '../../../lib/history/score-history';
import { createLookups, type LookupParts, type Lookups } from '../../../lib/lookup/lookups';
import { createDeprecationNotices } from '../../../lib/service/deprecation-notice';
import type { LookupOutcome } from '../../../lib/service/lookup-outcome';
import {
  type BadgeMode,
  DEFAULT_SETTINGS,
  type UserSettings,
} from '../../../lib/settings/settings';
import { createStore, type Store } from '../../../lib/storage/store';
import type { BadgeOptions } from '../../../lib/tabs/badge';
import type { OpenTab } from '../../../lib/tabs/browser-tabs';
import { createTabStates } from '../../../lib/tabs/tab-state';
import type { TabView } from '../../../lib/tabs/tab-view';
import { ALL_RECORDS } from '../../../lib/worker/stored-records';
import { createTabEventHandlers, type TabEventHandlers } from '../../../lib/worker/tab-listeners';

export const SERVICE_BASE_URL = 'http://service.test';

/** The settings after the user said yes to automatic lookups. */
export const AUTOMATIC_SETTINGS: UserSettings = {
  ...DEFAULT_SETTINGS,
  lookupMode: 'automatic',
  lookupModeChosen: true,
  serviceBaseUrl: SERVICE_BASE_URL,
};

/**
 * How the browser applies a badge change: at once by default; a test can hold the changes back
 * and apply them later, in the order they were made, as the browser does with API calls.
 */
export type ApplyInOrder = (apply: () => void) => Promise<void>;

export class TabWorld {
  readonly tabs = new Map<number, string | undefined>();
  readonly badges = new Map<number, TabView>();
  activeTabId: number | null = null;
  #nextTabId = 1;
  readonly #applyInOrder: ApplyInOrder;
  readonly #answerLater: <T>(answer: Promise<T>) => Promise<T>;

  /**
   * `applyInOrder` holds badge changes back (see ApplyInOrder); `answerLater` delays the
   * answer to a tab read, which a test may release in any order.
   */
  constructor(
    options: {
      applyInOrder?: ApplyInOrder;
      answerLater?: <T>(answer: Promise<T>) => Promise<T>;
    } = {},
  ) {
    this.#applyInOrder = options.applyInOrder ?? (async (apply) => apply());
    this.#answerLater = options.answerLater ?? ((answer) => answer);
  }

  /** The tab as it is when asked; the answer may arrive later. */
  readTab = (tabId: number): Promise<OpenTab | null> => {
    const tab = this.tabs.has(tabId)
      ? { id: tabId, url: this.tabs.get(tabId), active: this.activeTabId === tabId }
      : null;
    return this.#answerLater(Promise.resolve(tab));
  };

  openTabs = async (): Promise<OpenTab[]> =>
    [...this.tabs].map(([id, url]) => ({ id, url, active: this.activeTabId === id }));

  /** The badge mode each tab's badge was last shown with. */
  readonly badgeModes = new Map<number, BadgeMode>();

  /** Like the browser: setting the badge of a tab that is gone rejects. */
  showBadge = (
    tabId: number,
    view: TabView,
    _now?: number,
    options: BadgeOptions = DEFAULT_SETTINGS,
  ): Promise<void> =>
    this.#applyInOrder(() => {
      if (!this.tabs.has(tabId)) throw new Error(`No tab with id: ${tabId}.`);
      this.badges.set(tabId, view);
      this.badgeModes.set(tabId, options.badgeMode);
    });

  clearBadge = (tabId: number): Promise<void> =>
    this.#applyInOrder(() => {
      if (!this.tabs.has(tabId)) throw new Error(`No tab with id: ${tabId}.`);
      this.badges.delete(tabId);
    });

  open(url: string | undefined, options: { active?: boolean } = {}): number {
    const tabId = this.#nextTabId++;
    this.tabs.set(tabId, url);
    if (options.active ?? true) this.activeTabId = tabId;
    return tabId;
  }

  /** A new URL; a full load also clears the badge, as the browser does on a new document. */
  navigate(tabId: number, url: string, kind: 'full' | 'in-page' = 'full'): void {
    this.tabs.set(tabId, url);
    if (kind === 'full') this.badges.delete(tabId);
  }

  activate(tabId: number): void {
    this.activeTabId = tabId;
  }

  close(tabId: number): void {
    this.tabs.delete(tabId);
    this.badges.delete(tabId);
    if (this.activeTabId === tabId) this.activeTabId = null;
  }

  /** A prerendered page swapped in: a new tab id takes the old one's place. */
  replace(tabId: number, url: string): number {
    const wasActive = this.activeTabId === tabId;
    this.close(tabId);
    return this.open(url, { active: wasActive });
  }
}

/** A running service worker: its lookup service and the tab event handlers it registered. */
export interface Worker {
  service: Lookups;
  handlers: TabEventHandlers;
  /** Stops the worker: from now on every call it makes into the browser never returns. */
  stop(): void;
}

export interface WorkerOptions {
  world: TabWorld;
  lookupReport: (target: string) => Promise<LookupOutcome>;
  now: () => number;
  onError: (error: unknown) => void;
  random?: () => number;
  /** Where the service's wake-up requests go; by default nowhere. */
  wakeAt?: (time: number) => void;
  /** The user's settings; by default automatic lookups, as after the user said yes. */
  readSettings?: () => Promise<UserSettings>;
  overrides?: Partial<LookupParts>;
  /** The worker's store; a new one (as a new worker has) by default. */
  store?: Store;
}

/**
 * Starts a worker over the shared (fake browser) storage. Everything it keeps in memory is
 * new; a stopped worker's pending work hangs forever, as a stopped worker's would.
 */
export function startWorker(options: WorkerOptions): Worker {
  let running = true;
  const gate =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      running ? call(...args) : new Promise<R>(() => {});
  const gateAll = <T extends object>(target: T): T => {
    const gated = {} as Record<string, unknown>;
    for (const [name, value] of Object.entries(target)) {
      gated[name] = typeof value === 'function' ? gate(value as () => Promise<unknown>) : value;
    }
    return gated as T;
  };

  const { world } = options;
  const store = options.store ?? createStore({ records: ALL_RECORDS, warn: () => {} });
  const now = options.now;
  const cache = gateAll(createReportCache({ store, now }));
  const retryGate = gateAll(createRetryGate({ store, random: options.random ?? (() => 0.5) }));
  const service = createLookups({
    lookupReport: gate((_baseUrl: string, origin: string) => options.lookupReport(origin)),
    access: async () => ({ permitted: true }),
    records: {
      cache,
      retryGate,
      log: gateAll(createLookupLog({ store, now })),
      notices: gateAll(createDeprecationNotices({ store, now })),
      history: gateAll(createScoreHistory({ store, now })),
    },
    tabStates: gateAll(createTabStates(store)),
    // Through the world at each call: a test may replace one of its methods.
    tabs: gateAll({
      read: (tabId: number) => world.readTab(tabId),
      all: () => world.openTabs(),
      showBadge: (...args: Parameters<TabWorld['showBadge']>) => world.showBadge(...args),
      // What the popup is handed is the publisher's tests' concern (lookup-parts.test.ts).
      handToPopup: async () => {},
      clearBadge: (tabId: number) => world.clearBadge(tabId),
    }),
    readSettings: gate(options.readSettings ?? (async () => AUTOMATIC_SETTINGS)),
    now,
    epoch: () => store.epoch(),
    wakeAt: options.wakeAt ?? (() => {}),
    onError: options.onError,
    warn: () => {},
    ...options.overrides,
  });
  return {
    service,
    handlers: createTabEventHandlers(service, options.onError),
    stop() {
      running = false;
    },
  };
}
