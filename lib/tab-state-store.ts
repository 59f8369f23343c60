/**
 * Each tab's current view, kept in session storage: it survives the worker being stopped,
 * is readable by the popup, and is gone when the browser closes.
 */
import { storage } from 'wxt/utils/storage';
import type { TabView } from './tab-view';

export interface TabState {
  /** The origin this view is about; null when the tab's site is not looked up. */
  target: string | null;
  view: TabView;
  updatedAt: number;
}

export const tabStateKey = (tabId: number) => `session:tab-state:${tabId}` as const;

export interface TabStateStore {
  get(tabId: number): Promise<TabState | null>;
  set(tabId: number, state: TabState): Promise<void>;
  remove(tabId: number): Promise<void>;
  /** Calls back with every change of one tab's state; returns the function that stops it. */
  watch(tabId: number, onChange: (state: TabState | null) => void): () => void;
}

export function createTabStateStore(): TabStateStore {
  return {
    get: (tabId) => storage.getItem<TabState>(tabStateKey(tabId)),
    set: (tabId, state) => storage.setItem(tabStateKey(tabId), state),
    remove: (tabId) => storage.removeItem(tabStateKey(tabId)),
    watch: (tabId, onChange) => storage.watch<TabState>(tabStateKey(tabId), onChange),
  };
}
