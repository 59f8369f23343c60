/** What a tab is about: the origin that may be sent and its service, or why nothing may be. */
import { deriveLookupTarget, type NotLookedUpReason } from '../privacy/lookup-target';
import { serviceBaseUrlOf, type UserSettings } from '../settings/settings';
import type { OpenTab } from '../tabs/browser-tabs';
import { STATUS_TRAITS } from '../tabs/status-traits';
import type { TabState } from '../tabs/tab-state';
import { reasonOf } from '../tabs/tab-view';

export interface TabDecision {
  /** The origin that may be sent; null when it may not. */
  origin: string | null;
  /** Why nothing may be sent; null when the origin may be. */
  refused: NotLookedUpReason | null;
  baseUrl: string;
  settings: UserSettings;
}

export function decideUrl(
  url: string | undefined,
  settings: UserSettings,
  { incognito = false }: { incognito?: boolean } = {},
): TabDecision {
  const decision = deriveLookupTarget(url, { incognito, pausedDomains: settings.pausedDomains });
  const baseUrl = serviceBaseUrlOf(settings);
  if (decision.kind === 'target')
    return { origin: decision.origin, refused: null, baseUrl, settings };
  return { origin: null, refused: decision.reason, baseUrl, settings };
}

export const decideTab = (tab: OpenTab, settings: UserSettings): TabDecision =>
  decideUrl(tab.url, settings, { incognito: tab.incognito === true });

/** Whether the stored state is about the origin and settled (not "loading"). */
export const settledFor = (state: TabState | null, decision: TabDecision): boolean =>
  state !== null &&
  STATUS_TRAITS[state.view.status].settled &&
  state.origin === decision.origin &&
  (decision.refused === null || reasonOf(state.view) === decision.refused);
