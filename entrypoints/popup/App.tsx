import { PopupView } from '../../components/popup/PopupView';
import { usePageSite } from '../../lib/ui/use-page-site';
import { usePopupControls } from '../../lib/ui/use-popup-controls';
import { useTabView } from '../../lib/ui/use-tab-view';

/** Connects the popup's view to the tab it is about. */
export function App({ tabId }: { tabId: number | null }) {
  const { view, now, refresh } = useTabView(tabId);
  const controls = usePopupControls(view, usePageSite(tabId));
  return <PopupView view={view} now={now} onRefresh={refresh} controls={controls} />;
}
