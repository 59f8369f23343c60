/**
 * Each tab's current view, kept in session storage: it survives the worker being stopped,
 * is readable by the popup, and is gone when the browser closes.
 *
 * A state records the service base URL it came from, and a store only ever returns states of
 * its own base URL: after the base URL changes, a view from the old service is never shown.
 *
 * Pages read tab states (`createTabStateReader`); only the worker writes them, through its
 * record store (`createTabStateStore`).
 */
import { browser } from 'wxt/browser';
import type { RecordStore } from '../storage/record-store';
import { TAB_STATE_RECORD } from '../storage/records';
import { parseRecord } from '../storage/stored-record';
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

const TAB_STATE_PREFIX = TAB_STATE_RECORD.key;
/** The key of a tab's state in session storage. */
export const tabStateKey = (tabId: number) => `${TAB_STATE_PREFIX}${tabId}`;

export interface TabStateReader {
  get(tabId: number): Promise<TabState | null>;
  /** Every stored tab state of this service, by tab id. */
  all(): Promise<Map<number, TabState>>;
  /** Calls back with every change of one tab's state; returns the function that stops it. */
  watch(tabId: number, onChange: (state: TabState | null) => void): () => void;
}

export interface TabStateStore extends TabStateReader {
  set(tabId: number, state: Omit<TabState, 'service'>): Promise<void>;
  remove(tabId: number): Promise<void>;
}

/** A stored value as a tab state of the service at `baseUrl`; null when it is not one. */
export function tabStateOf(value: unknown, baseUrl: string): TabState | null {
  // The record's schema checks the state and its view's status (lib/storage/records.ts).
  const state = parseRecord(TAB_STATE_RECORD, value).value as TabState | null;
  return state !== null && state.service === baseUrl ? state : null;
}

/** The worker's: reads, and writes through its record store. */
export function createTabStateStore(baseUrl: string, store: RecordStore): TabStateStore {
  return {
    ...createTabStateReader(baseUrl),
    set: async (tabId, state) => {
      await store.writeKeys('session', { [tabStateKey(tabId)]: { ...state, service: baseUrl } });
    },
    remove: (tabId) => store.removeKeys('session', [tabStateKey(tabId)]),
  };
}

/** A page's: reads only. */
export function createTabStateReader(baseUrl: string): TabStateReader {
  const ours = (value: unknown): TabState | null => tabStateOf(value, baseUrl);
  const session = browser.storage.session;

  return {
    async get(tabId) {
      const key = tabStateKey(tabId);
      return ours((await session.get(key))[key]);
    },
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
