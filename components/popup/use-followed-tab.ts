import { useEffect, useRef, useState } from 'preact/hooks';
import { pageOrigin } from '../../lib/page/popup-start';
import { readTab, watchActiveTab, watchTabAddress } from '../../lib/tabs/browser-tabs';
import { useTabView } from './use-tab-view';

/** What `watch` tells of `id`: undefined until known, null when there is no `id` or nothing. */
function useWatched<T>(
  id: number | null,
  watch: (id: number, onChange: (value: T | null) => void) => () => void,
): T | null | undefined {
  const [value, setValue] = useState<T | null | undefined>(undefined);
  useEffect(() => {
    if (id === null) setValue(null);
    else return watch(id, setValue);
  }, [id]);
  return value;
}

/** The active tab of a window, for a page that stays open while the user browses. */
export const useActiveTab = (windowId: number | null) => useWatched(windowId, watchActiveTab);

/** The origin of the page a tab shows: read once, or handed in when read before first render. */
export function usePageSite(tabId: number | null, pageUrl?: string | null): string | null {
  const [readSite, setReadSite] = useState<string | null>(null);
  useEffect(() => {
    if (tabId === null || pageUrl !== undefined) return;
    let current = true;
    readTab(tabId).then((tab) => {
      if (current) setReadSite(pageOrigin(tab?.url));
    });
    return () => {
      current = false;
    };
  }, [tabId, pageUrl]);
  return pageUrl === undefined ? readSite : pageOrigin(pageUrl);
}

/**
 * The tab's view and site, kept current as it navigates. The page's own requests are a
 * follower's: only Refresh and "Look up this site" ask as the user.
 */
export function useFollowedTab(tabId: number | null) {
  const pageUrl = useWatched(tabId, watchTabAddress);
  const state = useTabView(tabId, { trigger: 'follow' });
  const { navigated } = state;

  const shownAddress = useRef(pageUrl);
  useEffect(() => {
    const previous = shownAddress.current;
    shownAddress.current = pageUrl;
    // The first address known is the one the panel's first request was about.
    if (pageUrl === undefined || previous === undefined || previous === pageUrl) return;
    // Another site: nothing of the previous one stays on show meanwhile.
    navigated({ otherSite: pageOrigin(previous) !== pageOrigin(pageUrl) });
  }, [pageUrl, navigated]);

  return { ...state, site: pageOrigin(pageUrl) };
}
