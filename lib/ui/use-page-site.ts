/**
 * The address and origin of the page a tab shows, for Pause and Resume (a paused site's view
 * names no site). Only http(s) pages have an origin; it is never sent anywhere. A page that
 * read the tab before its first render (the popup) hands in its address; otherwise the address
 * is followed as the tab navigates (the side panel stays open across navigations).
 */
import { useEffect, useState } from 'preact/hooks';
import { pageOrigin } from '../tabs/popup-start';
import { watchTabAddress } from '../tabs/tab-address';

export { pageOrigin };

/** undefined until read; null when the tab is gone or shows no readable address. */
export function useTabAddress(
  tabId: number | null,
  pageUrl?: string | null,
): string | null | undefined {
  const [address, setAddress] = useState<string | null | undefined>(pageUrl);
  useEffect(() => {
    if (pageUrl !== undefined) return;
    if (tabId === null) {
      setAddress(null);
      return;
    }
    return watchTabAddress(tabId, setAddress);
  }, [tabId, pageUrl]);
  return pageUrl === undefined ? address : pageUrl;
}

export function usePageSite(tabId: number | null, pageUrl?: string | null): string | null {
  return pageOrigin(useTabAddress(tabId, pageUrl));
}
