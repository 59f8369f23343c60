import { PopupView } from '../../components/popup/PopupView';
import type { PopupStart } from '../../lib/tabs/popup-start';
import { usePageSite } from '../../lib/ui/use-followed-tab';
import { usePopupControls } from '../../lib/ui/use-popup-controls';
import { useTabView } from '../../lib/ui/use-tab-view';

/**
 * Connects the popup's view to the tab it is about, starting from what was read before the
 * first render; `start` is null when those reads failed, and the hooks read for themselves.
 */
export function App({ tabId, start }: { tabId: number | null; start: PopupStart | null }) {
  const { view, now, refresh } = useTabView(tabId, { start: start ?? undefined });
  const site = usePageSite(tabId, start ? start.pageUrl : undefined);
  const controls = usePopupControls(view, site, { tabId, settings: start?.settings });
  return <PopupView view={view} now={now} onRefresh={refresh} controls={controls} />;
}
