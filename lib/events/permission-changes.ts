/**
 * Permissions granted or taken back (the options page, the browser's own settings, a policy):
 * the report service may have become reachable or not, so open tabs are shown afresh.
 * Registered synchronously when the worker starts, like every listener that may wake it.
 */
import { browser } from 'wxt/browser';

export function registerPermissionChanges(onChange: () => void): void {
  // A browser without the events has nothing to report.
  if (!browser.permissions?.onAdded) return;
  browser.permissions.onAdded.addListener(() => onChange());
  browser.permissions.onRemoved.addListener(() => onChange());
}
