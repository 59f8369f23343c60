/**
 * Each tab's current view, kept in session storage: it survives the worker being stopped,
 * is readable by the popup, and is gone when the browser closes.
 *
 * A state records the service base URL it came from, and a store only ever returns states of
 * its own base URL: after the base URL changes, a view from the old service is never shown.
 *
 * The browser's storage API directly, not WXT's storage helper: the popup and side panel read
 * tab states, and the helper (with its lock library) was about a fifth of the popup's
 * JavaScript (README, "Performance"). Five calls need no wrapper.
 */
import { browser } from 'wxt/browser';
import type { TabView } from './tab-view';

export interface TabState {
  /** The origin this view is about; null when the tab's site is not looked up. */
  target: string | null;
  view: TabView;
  updatedAt: number;
  /**
   * Until when (epoch ms) the view is what a lookup would answer: set when it came from a
   * fresh answer, absent otherwise. Until then the popup shows it without waking the background.
   */
  freshUntil?: number;
  /** The service base URL the view came from. */
  service: string;
}

const TAB_STATE_PREFIX = 'tab-state:';
/** The key of a tab's state in session storage. */
export const tabStateKey = (tabId: number) => `${TAB_STATE_PREFIX}${tabId}`;

export interface TabStateStore {
  get(tabId: number): Promise<TabState | null>;
  set(tabId: number, state: Omit<TabState, 'service'>): Promise<void>;
  remove(tabId: number): Promise<void>;
  /** Every stored tab state of this service, by tab id. */
  all(): Promise<Map<number, TabState>>;
  /** Calls back with every change of one tab's state; returns the function that stops it. */
  watch(tabId: number, onChange: (state: TabState | null) => void): () => void;
}

function isTabState(value: unknown): value is TabState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Partial<TabState>;
  return typeof state.service === 'string' && typeof state.view?.status === 'string';
}

/** A stored value as a tab state of the service at `baseUrl`; null when it is not one. */
export function tabStateOf(value: unknown, baseUrl: string): TabState | null {
  return isTabState(value) && value.service === baseUrl ? value : null;
}

export function createTabStateStore(baseUrl: string): TabStateStore {
  const ours = (value: unknown): TabState | null => tabStateOf(value, baseUrl);

  const session = browser.storage.session;

  return {
    async get(tabId) {
      const key = tabStateKey(tabId);
      return ours((await session.get(key))[key]);
    },
    set: (tabId, state) => session.set({ [tabStateKey(tabId)]: { ...state, service: baseUrl } }),
    remove: (tabId) => session.remove(tabStateKey(tabId)),
    async all() {
      const states = new Map<number, TabState>();
      for (const [key, value] of Object.entries(await session.get(null))) {
        if (!key.startsWith(TAB_STATE_PREFIX)) continue;
        const tabId = Number(key.slice(TAB_STATE_PREFIX.length));
        const state = ours(value);
        if (Number.isSafeInteger(tabId) && state !== null) states.set(tabId, state);
      }
      return states;
    },
    watch(tabId, onChange) {
      const key = tabStateKey(tabId);
      const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
        const change = changes[key];
        if (area === 'session' && change !== undefined) onChange(ours(change.newValue));
      };
      browser.storage.onChanged.addListener(listener);
      return () => browser.storage.onChanged.removeListener(listener);
    },
  };
}
