/**
 * The origin of the page a tab shows, for the popup's Resume on a paused site (whose view
 * names no site). Only http(s) pages have one; the popup never sends it anywhere. A page that
 * read the tab before its first render (the popup) hands in its address.
 */
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { pageOrigin } from '../tabs/popup-start';

export { pageOrigin };

export function usePageSite(tabId: number | null, pageUrl?: string | null): string | null {
  const [site, setSite] = useState<string | null>(() =>
    pageUrl === undefined ? null : pageOrigin(pageUrl),
  );
  useEffect(() => {
    if (tabId === null || pageUrl !== undefined) return;
    let current = true;
    browser.tabs.get(tabId).then(
      (tab) => {
        if (current) setSite(pageOrigin(tab.url));
      },
      // The tab is gone: there is no page to resume.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [tabId, pageUrl]);
  return site;
}
