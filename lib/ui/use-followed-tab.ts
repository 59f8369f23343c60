/**
 * The side panel's (and Firefox sidebar's) view of the tab it follows: the tab's view and the
 * site its page is on, both kept current as the tab navigates, so the panel's controls act on
 * the site it shows. The panel's own requests are a follower's (ShowTabTrigger 'follow'): only
 * the user's Refresh and "Look up this site" ask as the user.
 */

import { pageOrigin } from '../tabs/popup-start';
import { useTabAddress } from './use-page-site';
import { type TabViewState, useTabView } from './use-tab-view';

export interface FollowedTab extends TabViewState {
  /** The origin of the page the tab shows now; null for a page with none. */
  site: string | null;
}

export function useFollowedTab(tabId: number | null): FollowedTab {
  const pageUrl = useTabAddress(tabId);
  const state = useTabView(tabId, { trigger: 'follow', pageUrl });
  return { ...state, site: pageOrigin(pageUrl) };
}
