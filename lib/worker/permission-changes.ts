/**
 * Permissions granted or taken back (the options page, the browser's settings, a policy): the
 * service may have become reachable or not, and access a check asked for may be gone.
 */
import { browser } from 'wxt/browser';

export function registerPermissionChanges(
  onChange: () => void,
  onHostsRemoved: (permissions: string[]) => void,
): void {
  // A browser without the events has nothing to report.
  if (!browser.permissions?.onAdded) return;
  browser.permissions.onAdded.addListener(() => onChange());
  browser.permissions.onRemoved.addListener((removed) => {
    onChange();
    if (removed.origins?.length) onHostsRemoved(removed.origins);
  });
}
