import { PopupView } from '../../components/popup/PopupView';
import { usePageSite } from '../../components/popup/use-followed-tab';
import { useTabView } from '../../components/popup/use-tab-view';
import type { PopupStart } from '../../lib/page/popup-start';
import type { TabState } from '../../lib/tabs/tab-state';

/**
 * Connects the popup's view to the tab it is about, starting from what was read before the
 * first render; `start` is null when those reads failed, and the hooks read for themselves.
 * While they are still "reading", the state the worker handed to the popup is drawn.
 */
export function App({
  tabId,
  start,
  handed,
}: {
  tabId: number | null;
  start: PopupStart | null | 'reading';
  handed: TabState | null;
}) {
  const reading = start === 'reading';
  const known = reading ? null : start;
  const { view, now, refresh } = useTabView(tabId, { start: known ?? undefined, handed, reading });
  const site = usePageSite(tabId, reading ? (handed?.origin ?? undefined) : known?.pageUrl);
  const page = { site, tabId, settings: known?.settings };
  return <PopupView view={view} now={now} onRefresh={refresh} page={page} />;
}
