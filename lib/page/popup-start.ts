/**
 * Everything the popup's first frame needs, read side by side when its script starts: the tab
 * it is about (with the page it shows), the settings in effect, and the tab's stored state; and
 * whether that state may be shown without waking the worker (`isFreshState`).
 */
import { browser } from 'wxt/browser';
import { httpOriginOf } from '../contract/http-origin';
import { isSitePausedBy } from '../privacy/paused-domains';
import { type EffectiveSettings, readSettings, serviceBaseUrlOf } from '../settings/settings';
import { readRecord } from '../storage/record';
import { ofService, TAB_STATE_RECORD, type TabState } from '../tabs/tab-state';

export interface PopupStart {
  /** The tab the popup is about; null when there is none. */
  tabId: number | null;
  /** The address the tab shows, when the browser told it. */
  pageUrl: string | null;
  settings: EffectiveSettings;
  /** The tab's stored state, of the service in effect; null when there is none. */
  state: TabState | null;
}

const activeTab = async () => (await browser.tabs.query({ active: true, currentWindow: true }))[0];

/** `popup.html?tabId=N` names the tab; otherwise the active tab of the popup's window. */
async function readTab(search: string): Promise<Pick<PopupStart, 'tabId' | 'pageUrl'>> {
  const named = tabIdFromQuery(search);
  // A tab that is gone keeps its id: the background answers for it as for any other.
  const tab = named === null ? await activeTab() : await browser.tabs.get(named).catch(() => null);
  return { tabId: named ?? tab?.id ?? null, pageUrl: tab?.url ?? null };
}

export async function readPopupStart(search: string): Promise<PopupStart> {
  const tab = readTab(search);
  // With a named tab the state read need not wait for the tab's; without, it follows it.
  const tabId = tabIdFromQuery(search) ?? (await tab).tabId;
  const stored = tabId === null ? null : readRecord(TAB_STATE_RECORD, String(tabId));
  const [{ pageUrl }, settings, state] = await Promise.all([tab, readSettings(), stored]);
  return { tabId, pageUrl, settings, state: ofService(state, serviceBaseUrlOf(settings)) };
}

/** The origin of an http(s) page; null for any other address. */
export const pageOrigin = (url: string | null | undefined) => httpOriginOf(url);

/**
 * True when the stored state is what the background would answer now: a fresh report or "no
 * report" about the origin the tab shows, on a site not paused. Anything else is looked up.
 */
export function isFreshState(
  state: TabState | null,
  pageUrl: string | null,
  settings: Pick<EffectiveSettings, 'pausedDomains'>,
  now: number,
): boolean {
  if (state === null || state.freshUntil === undefined || now >= state.freshUntil) return false;
  const { view } = state;
  if (view.status !== 'report' && view.status !== 'no-report') return false;
  if (view.status === 'report' && view.stale) return false;
  const origin = pageOrigin(pageUrl);
  return (
    origin !== null &&
    state.origin === origin &&
    view.origin === origin &&
    !isSitePausedBy(settings.pausedDomains, origin)
  );
}

function tabIdFromQuery(search: string): number | null {
  const raw = new URLSearchParams(search).get('tabId');
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const tabId = Number(raw);
  return Number.isSafeInteger(tabId) ? tabId : null;
}

export async function resolvePopupTabId(search: string): Promise<number | null> {
  return tabIdFromQuery(search) ?? (await activeTab())?.id ?? null;
}
