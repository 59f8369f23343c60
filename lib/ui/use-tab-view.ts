/**
 * lib/ui/ — what the pages' components are given: Preact hooks over storage and messages, and
 * the text they format (fix list, issue groups, log lines). Imports any layer below it;
 * components/ import it, never the reverse.
 *
 * The popup's live view of one tab: what the background stored, kept current as it changes,
 * after asking the background once to bring it up to date.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { requestTabView } from '../events/messages';
import { readSettings, serviceBaseUrlOf } from '../settings/settings';
import { createTabStateStore } from '../tabs/tab-state-store';
import type { TabView } from '../tabs/tab-view';

export interface TabViewState {
  view: TabView | null;
  /** When the view last changed (epoch ms): relative times are computed against it. */
  now: number;
  refresh(): void;
}

export function useTabView(tabId: number | null): TabViewState {
  const [view, setView] = useState<TabView | null>(null);
  const [now, setNow] = useState(() => Date.now());

  const show = useCallback((next: TabView | null) => {
    setView(next);
    setNow(Date.now());
  }, []);

  useEffect(() => {
    if (tabId === null) {
      show({ status: 'not-looked-up', reason: 'no-url' });
      return;
    }
    let stopWatching = () => {};
    let unmounted = false;
    // Tab states are kept per service base URL: the one in effect may be the user's own.
    readSettings().then((settings) => {
      if (unmounted) return;
      const tabStates = createTabStateStore(serviceBaseUrlOf(settings));
      let changed = false;
      stopWatching = tabStates.watch(tabId, (state) => {
        changed = true;
        if (state) show(state.view);
      });
      // Stored state first, so a cached report shows without waiting for the worker to wake;
      // unless a change came in meanwhile, which is newer than what the read found.
      tabStates.get(tabId).then((state) => {
        if (state && !changed) show(state.view);
      });
    });
    requestTabView(tabId, false).then((fresh) => {
      if (fresh) show(fresh);
    });
    return () => {
      unmounted = true;
      stopWatching();
    };
  }, [tabId, show]);

  const refresh = useCallback(() => {
    if (tabId === null) return;
    requestTabView(tabId, true).then((fresh) => {
      if (fresh) show(fresh);
    });
  }, [tabId, show]);

  return { view, now, refresh };
}
