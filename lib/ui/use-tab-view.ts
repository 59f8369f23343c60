/**
 * A page's live view of one tab: what the background stored, kept current as it changes. The
 * background is asked to bring the view up to date unless the stored state is a fresh answer
 * about the page the tab shows (lib/tabs/popup-start.ts, `isFreshState`): a cached report
 * shows without waking the worker.
 *
 * The popup hands in what it read before its first render (`start`), so it renders once, with
 * data; its opening is the user's request. The side panel, which follows tab switches and
 * navigations, reads here and asks as a follower (ShowTabTrigger): where automatic lookups are
 * not allowed it is told what is known, or "not asked", and only its "Look up this site"
 * sends a request.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { requestTabView } from '../events/protocol';
import { readSettings, serviceBaseUrlOf } from '../settings/settings';
import { isFreshState, type PopupStart } from '../tabs/popup-start';
import { createTabStateReader, type TabState } from '../tabs/tab-state-store';
import type { ShownView, ShowTabTrigger } from '../tabs/tab-view';

export interface TabViewState {
  view: ShownView | null;
  /** When the view last changed (epoch ms): relative times are computed against it. */
  now: number;
  /** A fresh lookup past the cache (the Refresh button). */
  refresh(): void;
  /** The lookup the user asks for where nothing was looked up yet ("Look up this site"). */
  lookUp(): void;
  /**
   * Asks the background again, as the page's own trigger says, after the tab navigated;
   * `otherSite`: "loading" shows until the answer, not the previous site's view.
   */
  navigated(change: { otherSite: boolean }): void;
}

const NO_TAB: ShownView = { status: 'not-looked-up', reason: 'no-url' };

/** What a page knows of its tab before it renders: see PopupStart. */
export type TabViewStart = Pick<PopupStart, 'pageUrl' | 'settings' | 'state'>;

export interface TabViewOptions {
  /** What the popup read before its first render. */
  start?: TabViewStart | undefined;
  /**
   * Who the page's own requests are for: 'user' (the popup), 'follow' (the side panel). A
   * follower also asks again when the tab's state is withdrawn (the tab shows a page nothing
   * is known of yet); the popup keeps what it shows.
   */
  trigger?: ShowTabTrigger;
}

export function useTabView(tabId: number | null, options: TabViewOptions = {}): TabViewState {
  const { start } = options;
  const trigger = options.trigger ?? 'user';
  const [view, setView] = useState<ShownView | null>(() =>
    tabId === null ? NO_TAB : (start?.state?.view ?? null),
  );
  const [now, setNow] = useState(() => Date.now());
  // Numbers the page's requests: only the newest one's answer is shown, so an answer about
  // the page the tab showed before a navigation never replaces one about the page after it.
  const newestRequest = useRef(0);

  const show = useCallback((next: ShownView | null) => {
    setView(next);
    setNow(Date.now());
  }, []);

  const ask = useCallback(
    (request: { force: boolean; trigger: ShowTabTrigger }) => {
      if (tabId === null) return;
      const number = ++newestRequest.current;
      requestTabView(tabId, request).then((fresh) => {
        // Null: the worker could not answer (it was stopped mid-way); the stored view stays.
        if (fresh && number === newestRequest.current) show(fresh);
      });
    },
    [tabId, show],
  );

  useEffect(() => {
    if (tabId === null) {
      show(NO_TAB);
      return;
    }
    let stopWatching = () => {};
    let unmounted = false;
    const askBackground = () => ask({ force: false, trigger });
    const watchStored = (baseUrl: string, shown: TabState | null): Promise<TabState | null> => {
      const tabStates = createTabStateReader(baseUrl);
      let changed = false;
      stopWatching = tabStates.watch(tabId, (state) => {
        changed = true;
        if (state) show(state.view);
        else if (trigger === 'follow') askBackground();
      });
      // Read again once watching: a change between the first read and now would be missed.
      // Unless a change came in meanwhile, which is newer than what the read found.
      return tabStates.get(tabId).then((state) => {
        if (state && !changed && state.updatedAt !== shown?.updatedAt) show(state.view);
        return state;
      });
    };
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
      // No answer to a request of this tab is shown any more.
      newestRequest.current++;
      stopWatching();
    };
    // `start` is read once, on mount: later changes come by watching.
  }, [tabId, show, ask]);

  const refresh = useCallback(() => ask({ force: true, trigger: 'user' }), [ask]);
  const lookUp = useCallback(() => ask({ force: false, trigger: 'user' }), [ask]);
  const navigated = useCallback(
    ({ otherSite }: { otherSite: boolean }) => {
      if (otherSite) show(null);
      ask({ force: false, trigger });
    },
    [ask, show, trigger],
  );

  return { view, now, refresh, lookUp, navigated };
}
