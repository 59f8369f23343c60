/**
 * Deciding what a tab is about, as far as lookups go: the origin that may be sent, or why
 * nothing may. Two views of one tab are about the same thing when their decision keys match.
 */
import { deriveLookupTarget, type LookupDecision } from '../privacy/lookup-target';
import type { UserSettings } from '../settings/settings';
import type { OpenTab } from '../tabs/open-tab';
import type { TabState } from '../tabs/tab-state-store';

/** What may be sent for a tab under the user's settings: its origin, or why nothing. */
export function decisionForTab(tab: OpenTab, settings: UserSettings): LookupDecision {
  return deriveLookupTarget(tab.url, {
    incognito: tab.incognito === true,
    pausedDomains: settings.pausedDomains,
  });
}

/** A decision as a string, so two decisions compare with ===: the origin, or the refusal. */
export function decisionKey(decision: LookupDecision): string {
  return decision.kind === 'target' ? decision.origin : `refused:${decision.reason}`;
}

/** The decision key a stored state was about. */
export function decisionKeyOfState(state: TabState): string {
  if (state.target !== null) return state.target;
  return state.view.status === 'not-looked-up' ? `refused:${state.view.reason}` : 'unknown';
}

/** The origin a decision lets be sent; null for a refusal. */
export function originOf(decision: LookupDecision): string | null {
  return decision.kind === 'target' ? decision.origin : null;
}

/** Whether the tab shows an answer (not "loading", not "not looked up") under this key. */
export function showsAnswerFor(state: TabState | null, key: string): boolean {
  return (
    !!state &&
    decisionKeyOfState(state) === key &&
    state.view.status !== 'loading' &&
    state.view.status !== 'not-looked-up'
  );
}

/**
 * An answer the extension could not use (a 400, or one that broke the contract) is never
 * cached, but asking again for the same site would only get it again: a tab switch or the
 * popup opening keeps it, and only Refresh (`force`) asks anew.
 */
export function keepsUnusableAnswer(state: TabState | null, key: string): state is TabState {
  return (
    !!state &&
    decisionKeyOfState(state) === key &&
    (state.view.status === 'invalid-response' || state.view.status === 'rejected')
  );
}
