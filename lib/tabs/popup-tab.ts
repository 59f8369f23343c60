/**
 * Which tab the popup is about: `popup.html?tabId=N` names one (tests, screenshots, the side
 * panel later); otherwise the active tab of the window the popup was opened from.
 */
import { browser } from 'wxt/browser';

export function tabIdFromQuery(search: string): number | null {
  const raw = new URLSearchParams(search).get('tabId');
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const tabId = Number(raw);
  return Number.isSafeInteger(tabId) ? tabId : null;
}

export async function resolvePopupTabId(search: string): Promise<number | null> {
  const named = tabIdFromQuery(search);
  if (named !== null) return named;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}
