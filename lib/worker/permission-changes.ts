/**
 * Permissions granted or taken back (the options page, the browser's own settings, a policy):
 * the report service may have become reachable or not, so open tabs are shown afresh; and
 * access a check asked for, once taken back, is no longer listed. Registered synchronously when the worker starts, like every listener that may wake it.
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
