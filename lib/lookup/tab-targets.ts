/**
 * Deciding what a tab is about, as far as lookups go: the origin that may be sent, or why
 * nothing may. Two views of one tab are about the same thing when their target keys match.
 */
import { deriveLookupTarget, type LookupTarget } from '../privacy/lookup-target';
import type { UserSettings } from '../settings/settings';
import type { OpenTab } from '../tabs/open-tab';
import type { TabState } from '../tabs/tab-state-store';

/** What may be sent for a tab under the user's settings: its origin, or why nothing. */
export function targetOfTab(tab: OpenTab, settings: UserSettings): LookupTarget {
  return deriveLookupTarget(tab.url, {
    incognito: tab.incognito === true,
    pausedDomains: settings.pausedDomains,
  });
}

/** What a tab shows, as far as lookups go: the origin, or why it is not looked up. */
export function targetKeyOf(target: LookupTarget): string {
  return target.kind === 'target' ? target.origin : `refused:${target.reason}`;
}

/** The target key a stored state was about. */
export function targetKeyOfState(state: TabState): string {
  if (state.target !== null) return state.target;
  return state.view.status === 'not-looked-up' ? `refused:${state.view.reason}` : 'unknown';
}
