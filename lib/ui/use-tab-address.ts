/**
 * The address a tab shows, followed as it navigates, for a page that stays open meanwhile (the
 * side panel): what its controls act on must be the site the tab shows now. The popup, which
 * closes when the user leaves, reads it once (use-page-site.ts).
 */
import { useEffect, useState } from 'preact/hooks';
import { watchTabAddress } from '../tabs/tab-address';

/** undefined until read; null when the tab is gone or shows no readable address. */
export function useTabAddress(tabId: number | null): string | null | undefined {
  const [address, setAddress] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (tabId === null) {
      setAddress(null);
      return;
    }
    return watchTabAddress(tabId, setAddress);
  }, [tabId]);
  return address;
}
