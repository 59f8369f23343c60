import { PopupView } from '../../components/popup/PopupView';
import { useActiveTab, useFollowedTab } from '../../components/popup/use-followed-tab';
import { NotAskedView } from '../../components/status/NotAskedView';

/** The side panel: the popup's view of whichever tab is active in the panel's window. */
export function App({ windowId }: { windowId: number | null }) {
  const tabId = useActiveTab(windowId);
  if (tabId === undefined) return <PopupView view={null} now={Date.now()} />;
  // Keyed by tab, so a switch starts from "loading" rather than the previous tab's report.
  return <ActiveTabReport key={tabId ?? 'none'} tabId={tabId} />;
}

function ActiveTabReport({ tabId }: { tabId: number | null }) {
  const { view, now, refresh, lookUp, site } = useFollowedTab(tabId);
  return (
    <PopupView
      view={view}
      now={now}
      onRefresh={refresh}
      page={{ site, tabId }}
      notAsked={(origin) => <NotAskedView origin={origin} onLookUp={lookUp} />}
    />
  );
}
