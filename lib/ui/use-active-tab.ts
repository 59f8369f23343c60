/** The side panel's tab: the active tab of its window, kept current as the user switches. */
import { useEffect, useState } from 'preact/hooks';
import { watchActiveTab } from '../tabs/active-tab';

/** undefined until the window's active tab is known; null when there is none. */
export function useActiveTab(windowId: number | null): number | null | undefined {
  const [tabId, setTabId] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    if (windowId === null) {
      setTabId(null);
      return;
    }
    return watchActiveTab(windowId, setTabId);
  }, [windowId]);
  return tabId;
}
