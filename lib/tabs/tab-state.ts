/** Each tab's view in session storage: it outlives the worker and goes when the browser closes. */
import { browser } from 'wxt/browser';
import { isObject, readRecord, type StoredRecord, watchRecord } from '../storage/record';
import type { Store } from '../storage/store';
import { isViewStatus } from './status-traits';
import type { TabView } from './tab-view';

export interface TabState {
  /** The origin the view is about; null when the tab's site is not looked up. */
  origin: string | null;
  view: TabView;
  updatedAt: number;
  /** Until when a view from a fresh answer is what a lookup would answer: the popup shows it. */
  freshUntil?: number;
  service: string;
}

/**
 * Checked by hand, and the view only for its status: the popup reads it before its first
 * frame, and the worker wrote it from an answer it had checked.
 */
export const TAB_STATE_RECORD: StoredRecord<TabState | null> = {
  name: 'tab-state',
  area: 'session',
  key: 'tab-state:',
  family: true,
  version: 1,
  parse: (raw) =>
    raw === null
      ? null
      : isObject(raw) &&
          (raw.origin === null || typeof raw.origin === 'string') &&
          isObject(raw.view) &&
          isViewStatus(raw.view.status) &&
          typeof raw.updatedAt === 'number' &&
          (raw.freshUntil === undefined || typeof raw.freshUntil === 'number') &&
          typeof raw.service === 'string'
        ? (raw as unknown as TabState)
        : undefined,
  fallback: () => null,
};

/** The tab's toolbar popup, opening on its state: its first frame needs no storage call. */
export const popupPageFor = (tabId: number, state: TabState | null) =>
  state === null
    ? 'popup.html'
    : `popup.html?tabId=${tabId}&state=${encodeURIComponent(JSON.stringify(state))}`;

/** The state a popup page was opened on; null without one, or with one that does not read. */
export function handedState(search: string): TabState | null {
  const text = new URLSearchParams(search).get('state');
  if (text === null) return null;
  try {
    return TAB_STATE_RECORD.parse(JSON.parse(text)) ?? null;
  } catch {
    return null;
  }
}

export const ofService = (state: TabState | null, baseUrl: string): TabState | null =>
  state?.service === baseUrl ? state : null;

/** A fresh answer about `origin`: what a lookup would answer now, known without the cache. */
export function isFreshAnswer(
  state: TabState | null,
  origin: string | null,
  now: number,
): state is TabState {
  if (state === null || state.freshUntil === undefined || now >= state.freshUntil) return false;
  const { view } = state;
  const answer = (view.status === 'report' && !view.stale) || view.status === 'no-report';
  return answer && origin !== null && state.origin === origin && view.origin === origin;
}

export const readTabState = async (tabId: number, baseUrl: string) =>
  ofService(await readRecord(TAB_STATE_RECORD, String(tabId)), baseUrl);

export const watchTabState = (
  tabId: number,
  baseUrl: string,
  onChange: (state: TabState | null) => void,
) => watchRecord(TAB_STATE_RECORD, (state) => onChange(ofService(state, baseUrl)), String(tabId));

/** The worker's tab states, written through to session storage and remembered (README). */
export function createTabStates(store: Store) {
  const written = new Map<number, TabState | null>();
  let epoch = store.epoch();
  const remembered = () => {
    if (epoch !== store.epoch()) {
      written.clear();
      epoch = store.epoch();
    }
    return written;
  };
  return {
    async read(tabId: number, baseUrl: string): Promise<TabState | null> {
      const known = remembered();
      if (known.has(tabId)) return ofService(known.get(tabId) ?? null, baseUrl);
      return readTabState(tabId, baseUrl);
    },
    async readAll(baseUrl: string): Promise<Map<number, TabState>> {
      const states = new Map<number, TabState>();
      for (const [key, value] of Object.entries(await browser.storage.session.get(null))) {
        if (!key.startsWith(TAB_STATE_RECORD.key)) continue;
        const tabId = Number(key.slice(TAB_STATE_RECORD.key.length));
        const state = ofService(TAB_STATE_RECORD.parse(value) ?? null, baseUrl);
        if (Number.isSafeInteger(tabId) && state !== null) states.set(tabId, state);
      }
      return states;
    },
    async set(tabId: number, state: TabState): Promise<boolean> {
      const since = store.epoch();
      const kept = await store.write(TAB_STATE_RECORD, state, { id: String(tabId), since });
      if (kept && since === store.epoch()) remembered().set(tabId, state);
      return kept;
    },
    async remove(tabId: number): Promise<void> {
      await store.remove(TAB_STATE_RECORD, [String(tabId)]);
      // Remembered as none: a tab loaded in the background is activated without a read.
      remembered().set(tabId, null);
    },
  };
}
