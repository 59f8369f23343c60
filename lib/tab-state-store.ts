/**
 * Each tab's current view, kept in session storage: it survives the worker being stopped,
 * is readable by the popup, and is gone when the browser closes.
 *
 * A state records the service base URL it came from, and a store only ever returns states of
 * its own base URL: after the base URL changes, a view from the old service is never shown.
 */
import { storage } from 'wxt/utils/storage';
import type { TabView } from './tab-view';

export interface TabState {
  /** The origin this view is about; null when the tab's site is not looked up. */
  target: string | null;
  view: TabView;
  updatedAt: number;
  /** The service base URL the view came from. */
  service: string;
}

const TAB_STATE_PREFIX = 'tab-state:';
export const tabStateKey = (tabId: number) => `session:${TAB_STATE_PREFIX}${tabId}` as const;

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

export function createTabStateStore(baseUrl: string): TabStateStore {
  const ours = (value: unknown): TabState | null =>
    isTabState(value) && value.service === baseUrl ? value : null;

  return {
    get: async (tabId) => ours(await storage.getItem<unknown>(tabStateKey(tabId))),
    set: (tabId, state) => storage.setItem(tabStateKey(tabId), { ...state, service: baseUrl }),
    remove: (tabId) => storage.removeItem(tabStateKey(tabId)),
    async all() {
      const states = new Map<number, TabState>();
      for (const [key, value] of Object.entries(await storage.snapshot('session'))) {
        if (!key.startsWith(TAB_STATE_PREFIX)) continue;
        const tabId = Number(key.slice(TAB_STATE_PREFIX.length));
        const state = ours(value);
        if (Number.isSafeInteger(tabId) && state !== null) states.set(tabId, state);
      }
      return states;
    },
    watch: (tabId, onChange) =>
      storage.watch<unknown>(tabStateKey(tabId), (value) => onChange(ours(value))),
  };
}
