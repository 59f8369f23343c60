/** What the popup is about, and what its first frame needs (README). */
import { browser } from 'wxt/browser';
import { httpOriginOf } from '../contract/http-origin';
import { isSitePausedBy } from '../privacy/paused-domains';
import { type EffectiveSettings, readSettings, serviceBaseUrlOf } from '../settings/settings';
import { readRecord } from '../storage/record';
import { isFreshAnswer, ofService, TAB_STATE_RECORD, type TabState } from '../tabs/tab-state';
import { isNotLookedUp, type ShownView } from '../tabs/tab-view';

const activeTab = async () => (await browser.tabs.query({ active: true, currentWindow: true }))[0];

/** `popup.html?tabId=N` names the tab; otherwise the active tab of the popup's window. */
async function popupTab(search: string) {
  const named = namedTabId(search);
  // A tab that is gone keeps its id: the background answers for it as for any other.
  const tab = named === null ? await activeTab() : await browser.tabs.get(named).catch(() => null);
  return { tabId: named ?? tab?.id ?? null, pageUrl: tab?.url ?? null };
}

/** `state`: the tab's stored state, of the service in effect; null when there is none. */
export async function readPopupStart(search: string) {
  const tab = popupTab(search);
  // With a named tab the state read need not wait for the tab's; without, it follows it.
  const tabId = namedTabId(search) ?? (await tab).tabId;
  const stored = tabId === null ? null : readRecord(TAB_STATE_RECORD, String(tabId));
  const [{ pageUrl }, settings, state] = await Promise.all([tab, readSettings(), stored]);
  return { tabId, pageUrl, settings, state: ofService(state, serviceBaseUrlOf(settings)) };
}

export type PopupStart = Awaited<ReturnType<typeof readPopupStart>>;

export const pageOrigin = (url: string | null | undefined) => httpOriginOf(url);

/** The stored state is what the worker would answer now: a fresh answer about the page's site. */
export function isFreshState(
  state: TabState | null,
  pageUrl: string | null,
  settings: Pick<EffectiveSettings, 'pausedDomains'>,
  now: number,
): boolean {
  const origin = pageOrigin(pageUrl);
  return (
    origin !== null &&
    isFreshAnswer(state, origin, now) &&
    !isSitePausedBy(settings.pausedDomains, origin)
  );
}

/** The origin a view is about; for a paused site's, the page's own (README). */
export function siteOfView(view: ShownView | null, pageSite: string | null): string | null {
  if (view === null) return null;
  if (isNotLookedUp(view)) return view.reason === 'paused' ? pageSite : null;
  return httpOriginOf(view.origin);
}

const NO_CHECK = new Set(['no-url', 'not-http', 'invalid-url', 'incognito']);

/** What Check now checks: the site of any view but loading, no site or a private window. */
export function checkTargetOf(
  view: ShownView | null,
  pageSite: string | null,
  tabId: number | null,
) {
  if (view === null || view.status === 'loading' || view.status === 'not-asked') return null;
  if (isNotLookedUp(view)) {
    return NO_CHECK.has(view.reason) || pageSite === null ? null : { origin: pageSite, tabId };
  }
  // Where the tab is: the page may have come from "example.com." (README).
  const sameSite = pageSite !== null && pageSite.replace(/\.(:\d+)?$/, '$1') === view.origin;
  return { origin: sameSite ? pageSite : view.origin, tabId };
}

export type CheckTarget = NonNullable<ReturnType<typeof checkTargetOf>>;

/** `popup.html?tabId=N`: the tab the page is about; null when it names none. */
export function namedTabId(search: string): number | null {
  const raw = new URLSearchParams(search).get('tabId');
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const tabId = Number(raw);
  return Number.isSafeInteger(tabId) ? tabId : null;
}

export async function resolvePopupTabId(search: string): Promise<number | null> {
  return namedTabId(search) ?? (await activeTab())?.id ?? null;
}
