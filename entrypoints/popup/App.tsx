import { PopupView } from '../../components/PopupView';
import { useTabView } from '../../lib/use-tab-view';

/** Connects the popup's view to the tab it is about. */
export function App({ tabId }: { tabId: number | null }) {
  const { view, now, refresh } = useTabView(tabId);
  return <PopupView view={view} now={now} onRefresh={refresh} />;
}
