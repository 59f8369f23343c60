import { PopupView } from '../../components/popup/PopupView';
import { usePageSite } from '../../components/popup/use-followed-tab';
import { useTabView } from '../../components/popup/use-tab-view';
import type { PopupStart } from '../../lib/page/popup-start';

/**
 * Connects the popup's view to the tab it is about, starting from what was read before the
 * first render; `start` is null when those reads failed, and the hooks read for themselves.
 */
export function App({ tabId, start }: { tabId: number | null; start: PopupStart | null }) {
  const { view, now, refresh } = useTabView(tabId, { start: start ?? undefined });
  const site = usePageSite(tabId, start ? start.pageUrl : undefined);
  const page = { site, tabId, settings: start?.settings };
  return <PopupView view={view} now={now} onRefresh={refresh} page={page} />;
}
