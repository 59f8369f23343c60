import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { requestView } from '../../lib/messaging/protocol';
import { isFreshState, type PopupStart } from '../../lib/page/popup-start';
import { readSettings, serviceBaseUrlOf } from '../../lib/settings/settings';
import { readTabState, type TabState, watchTabState } from '../../lib/tabs/tab-state';
import type { ShownView, ShowTabTrigger } from '../../lib/tabs/tab-view';

const NO_TAB: ShownView = { status: 'not-looked-up', reason: 'no-url' };

/**
 * A page's live view of one tab: what the worker stored, kept current, and brought up to date
 * unless it is a fresh answer (lib/page/README.md). The popup hands in what it read before its
 * first render (`start`); its opening is the user's request. The side panel asks as a follower
 * (`trigger: 'follow'`), told only what is known where automatic lookups are not allowed, and
 * asks again when the tab's state is withdrawn.
 */
export function useTabView(
  tabId: number | null,
  {
    start,
    handed = null,
    reading = false,
    trigger = 'user',
  }: {
    start?: Pick<PopupStart, 'pageUrl' | 'settings' | 'state'>;
    /** The state the popup was opened on, shown until `start` is read (`reading`). */
    handed?: TabState | null;
    reading?: boolean;
    trigger?: ShowTabTrigger;
  } = {},
) {
  // `now`: when the view last changed (epoch ms), which relative times are computed against.
  const [shown, setShown] = useState<{ view: ShownView | null; now: number }>(() => ({
    view: reading ? (handed?.view ?? null) : tabId === null ? NO_TAB : (start?.state?.view ?? null),
    now: Date.now(),
  }));
  // Numbers the page's requests: only the newest one's answer is shown, so an answer about
  // the page the tab showed before a navigation never replaces one about the page after it.
  const newestRequest = useRef(0);

  const show = useCallback((view: ShownView | null) => setShown({ view, now: Date.now() }), []);

  const ask = useCallback(
    (request: { force: boolean; trigger: ShowTabTrigger }) => {
      if (tabId === null) return;
      const number = ++newestRequest.current;
      requestView('showTab', { tabId, ...request }).then((fresh) => {
        // Null: the worker could not answer (it was stopped mid-way); the stored view stays.
        if (fresh && number === newestRequest.current) show(fresh);
      });
    },
    [tabId, show],
  );

  useEffect(() => {
    // The handed view stays on show until what the popup reads is in.
    if (reading) return;
    if (tabId === null) {
      show(NO_TAB);
      return;
    }
    let stopWatching = () => {};
    let unmounted = false;
    const askBackground = () => ask({ force: false, trigger });
    const watchStored = (baseUrl: string, known: TabState | null) => {
      let changed = false;
      stopWatching = watchTabState(tabId, baseUrl, (state) => {
        changed = true;
        if (state) show(state.view);
        else if (trigger === 'follow') askBackground();
      });
      // Read again once watching: a change between the first read and now would be missed.
      // Unless a change came in meanwhile, which is newer than what the read found.
      readTabState(tabId, baseUrl).then((state) => {
        if (state && !changed && state.updatedAt !== known?.updatedAt) show(state.view);
      });
    };
    if (start) {
      // What was read replaces the handed view, should the state have changed meanwhile.
      if (handed !== null && start.state?.updatedAt !== handed.updatedAt) {
        show(start.state?.view ?? null);
      }
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
    // `start` is read once, when it is in: later changes come by watching.
  }, [tabId, show, ask, reading]);

  // Refresh: past the cache. "Look up this site": where nothing was looked up yet.
  const refresh = useCallback(() => ask({ force: true, trigger: 'user' }), [ask]);
  const lookUp = useCallback(() => ask({ force: false, trigger: 'user' }), [ask]);
  // `otherSite`: "loading" shows, not the previous site's view.
  const navigated = useCallback(
    ({ otherSite }: { otherSite: boolean }) => {
      if (otherSite) show(null);
      ask({ force: false, trigger });
    },
    [ask, show, trigger],
  );

  return { ...shown, refresh, lookUp, navigated };
}
