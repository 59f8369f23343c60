/**
 * Everything the popup's first frame needs, read at once when its script starts: the tab it is
 * about (with the page it shows), the settings in effect, and the tab's stored state. The
 * reads run side by side, not one after another, and the popup renders once, with their
 * answers (docs/performance.md, "The speed machinery").
 *
 * It also says whether the stored state may be shown without asking the background
 * (`isFreshState`): a cached report must not wake the worker, but a state that is missing,
 * about another page, not a settled answer, or past its freshness must still be looked up.
 */
import { browser } from 'wxt/browser';
import { httpOriginOf } from '../contract/http-origin';
import { isSitePausedBy } from '../privacy/paused-domains';
import { type EffectiveSettings, readSettings, serviceBaseUrlOf } from '../settings/settings';
import { tabIdFromQuery } from './popup-tab';
import { type TabState, tabStateKey, tabStateOf } from './tab-state-store';

export interface PopupStart {
  /** The tab the popup is about; null when there is none. */
  tabId: number | null;
  /** The address the tab shows, when the browser told it. */
  pageUrl: string | null;
  settings: EffectiveSettings;
  /** The tab's stored state, of the service in effect; null when there is none. */
  state: TabState | null;
}

interface TabFacts {
  tabId: number | null;
  pageUrl: string | null;
}

/** `popup.html?tabId=N` names the tab; otherwise the active tab of the popup's window. */
async function readTab(search: string): Promise<TabFacts> {
  const named = tabIdFromQuery(search);
  if (named !== null) {
    // A tab that is gone keeps its id: the background answers for it as for any other.
    const tab = await browser.tabs.get(named).catch(() => null);
    return { tabId: named, pageUrl: tab?.url ?? null };
  }
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return { tabId: tab?.id ?? null, pageUrl: tab?.url ?? null };
}

async function readStoredState(tabId: number | null): Promise<unknown> {
  if (tabId === null) return undefined;
  const key = tabStateKey(tabId);
  return (await browser.storage.session.get(key))[key];
}

export async function readPopupStart(search: string): Promise<PopupStart> {
  const named = tabIdFromQuery(search);
  const tab = readTab(search);
  // With a named tab the state read need not wait for the tab's; without, it follows it.
  const stored = readStoredState(named ?? (await tab).tabId);
  const [{ tabId, pageUrl }, settings, value] = await Promise.all([tab, readSettings(), stored]);
  return { tabId, pageUrl, settings, state: tabStateOf(value, serviceBaseUrlOf(settings)) };
}

/** The origin of an http(s) page; null for any other address. */
export function pageOrigin(url: string | null | undefined): string | null {
  return httpOriginOf(url);
}

/**
 * True when the stored state is what the background would answer now, so the popup need not
 * wake it: a report or "no report" that the background published from a fresh copy, still
 * within that copy's freshness (`freshUntil`), about the origin the tab shows now, on a site
 * the settings do not pause. Anything else (no state, loading, a failure, a stale copy, a state
 * written without a freshness, another page, a paused site) is looked up as before.
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
    state.target === origin &&
    view.target === origin &&
    !isSitePausedBy(settings.pausedDomains, origin)
  );
}
