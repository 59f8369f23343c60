/**
 * lib/ui/ — what the pages' components are given: Preact hooks over storage and messages, and
 * the text they format (fix list, issue groups, log lines). Imports any layer below it;
 * components/ import it, never the reverse.
 *
 * A page's live view of one tab: what the background stored, kept current as it changes. The
 * background is asked to bring the view up to date unless the stored state is a fresh answer
 * about the page the tab shows (lib/tabs/popup-start.ts, `isFreshState`): a cached report
 * shows without waking the worker.
 *
 * The popup hands in what it read before its first render (`start`), so it renders once, with
 * data; the side panel, which follows tab switches, reads here.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { requestTabView } from '../events/protocol';
import { readSettings, serviceBaseUrlOf } from '../settings/settings';
import { isFreshState, type PopupStart } from '../tabs/popup-start';
import { createTabStateReader, type TabState } from '../tabs/tab-state-store';
import type { TabView } from '../tabs/tab-view';

export interface TabViewState {
  view: TabView | null;
  /** When the view last changed (epoch ms): relative times are computed against it. */
  now: number;
  refresh(): void;
}

const NO_TAB: TabView = { status: 'not-looked-up', reason: 'no-url' };

/** What a page knows of its tab before it renders: see PopupStart. */
export type TabViewStart = Pick<PopupStart, 'pageUrl' | 'settings' | 'state'>;

export function useTabView(tabId: number | null, start?: TabViewStart): TabViewState {
  const [view, setView] = useState<TabView | null>(() =>
    tabId === null ? NO_TAB : (start?.state?.view ?? null),
  );
  const [now, setNow] = useState(() => Date.now());

  const show = useCallback((next: TabView | null) => {
    setView(next);
    setNow(Date.now());
  }, []);

  useEffect(() => {
    if (tabId === null) {
      show(NO_TAB);
      return;
    }
    let stopWatching = () => {};
    let unmounted = false;
    const watchStored = (baseUrl: string, shown: TabState | null): Promise<TabState | null> => {
      const tabStates = createTabStateReader(baseUrl);
      let changed = false;
      stopWatching = tabStates.watch(tabId, (state) => {
        changed = true;
        if (state) show(state.view);
      });
      // Read again once watching: a change between the first read and now would be missed.
      // Unless a change came in meanwhile, which is newer than what the read found.
      return tabStates.get(tabId).then((state) => {
        if (state && !changed && state.updatedAt !== shown?.updatedAt) show(state.view);
        return state;
      });
    };
    const askBackground = () =>
      requestTabView(tabId, false).then(
        (fresh) => {
          if (fresh && !unmounted) show(fresh);
        },
        // The worker could not answer (it was stopped mid-way): the stored view stays.
        () => undefined,
      );
    if (start) {
      // Tab states are kept per service base URL: the one in effect may be the user's own.
      watchStored(serviceBaseUrlOf(start.settings), start.state);
      if (!isFreshState(start.state, start.pageUrl, start.settings, Date.now())) askBackground();
    } else {
      readSettings().then((settings) => {
        if (!unmounted) watchStored(serviceBaseUrlOf(settings), null);
      });
      askBackground();
    }
    return () => {
      unmounted = true;
      stopWatching();
    };
    // `start` is read once, on mount: later changes come by watching.
  }, [tabId, show]);

  const refresh = useCallback(() => {
    if (tabId === null) return;
    requestTabView(tabId, true).then((fresh) => {
      if (fresh) show(fresh);
    });
  }, [tabId, show]);

  return { view, now, refresh };
}
