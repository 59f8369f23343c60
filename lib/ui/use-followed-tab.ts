/**
 * The side panel's (and Firefox sidebar's) view of the tab it follows: the tab's view and the
 * site its page is on, both kept current as the tab navigates, so the panel's controls act on
 * the site it shows. The panel's own requests are a follower's (ShowTabTrigger 'follow'): only
 * the user's Refresh and "Look up this site" ask as the user.
 */
import { useEffect, useRef } from 'preact/hooks';
import { pageOrigin } from '../tabs/popup-start';
import { useTabAddress } from './use-tab-address';
import { type TabViewState, useTabView } from './use-tab-view';

export interface FollowedTab extends TabViewState {
  /** The origin of the page the tab shows now; null for a page with none. */
  site: string | null;
}

export function useFollowedTab(tabId: number | null): FollowedTab {
  const pageUrl = useTabAddress(tabId);
  const state = useTabView(tabId, { trigger: 'follow' });
  const { navigated } = state;

  // A navigation under the open panel: the new address is asked about.
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
