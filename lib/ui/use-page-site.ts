/**
 * The origin of the page a tab shows, for the popup's Resume on a paused site (whose view
 * names no site). Only http(s) pages have one; the popup never sends it anywhere.
 */
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';

export function pageOrigin(url: string | undefined): string | null {
  if (url === undefined) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

export function usePageSite(tabId: number | null): string | null {
  const [site, setSite] = useState<string | null>(null);
  useEffect(() => {
    if (tabId === null) return;
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
  }, [tabId]);
  return site;
}
