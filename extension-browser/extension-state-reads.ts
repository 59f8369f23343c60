/**
 * What both browser drivers read and write of the extension's own state — a tab's badge, its
 * stored view and when it was written, the stored settings — and the waits built on them. A driver only says how to run a
 * function inside the extension (Chromium's service worker, Firefox's extension page); the
 * function uses the `chrome` API, which both browsers offer there.
 */

import { deriveLookupTarget } from '../lib/privacy/lookup-target';
import type { UserSettings } from '../lib/settings/settings';
import type { BadgeMode } from '../lib/settings/settings-record';
import { badgeTextFor, DEFAULT_BADGE_TITLE } from '../lib/tabs/badge';
import type { TabState } from '../lib/tabs/tab-state';

/** Runs `fn(arg)` inside the extension and resolves to its result. */
export type InExtension = <R, A>(fn: (arg: A) => Promise<R>, arg: A) => Promise<R>;

export interface Badge {
  text: string;
  title: string;
}

/**
 * `welcomePage` finds the first-run page the extension opened, the one part that differs by
 * browser here.
 */
export function createExtensionStateReads(
  inExtension: InExtension,
  welcomePage: () => Promise<{ close(): Promise<void> }>,
) {
  const badgeOf = (tabId: number): Promise<Badge> =>
    inExtension(async (id: number) => {
      const text = await chrome.action.getBadgeText({ tabId: id });
      const title = await chrome.action.getTitle({ tabId: id });
      return { text, title };
    }, tabId);

  /**
   * True when the extension's stored state for a tab is about the page the tab shows now, and
   * the badge shows that state: a new tab's first state, about its blank page, does not count
   * as the answer for the site it then loads.
   */
  const showsStateOfCurrentPage = async (tabId: number, badge: { text: string }) => {
    const { url, state, pausedDomains, badgeMode } = await inExtension(async (id: number) => {
      const key = `tab-state:${id}`;
      const tab = await chrome.tabs.get(id);
      const stored = (await chrome.storage.local.get(['settings', 'managed-policy'])) as {
        settings?: { pausedDomains?: string[]; badgeMode?: BadgeMode };
        'managed-policy'?: { badgeMode?: BadgeMode | null; neverLookUpDomains?: string[] };
      };
      return {
        url: tab.url,
        state: (await chrome.storage.session.get(key))[key] as TabState,
        // The policy's domains never looked up are paused too (lib/settings/settings.ts).
        pausedDomains: [
          ...(stored.settings?.pausedDomains ?? []),
          ...(stored['managed-policy']?.neverLookUpDomains ?? []),
        ],
        // The policy's mode, where it sets one, is the one in effect.
        badgeMode: (stored['managed-policy']?.badgeMode ??
          stored.settings?.badgeMode ??
          'all') as BadgeMode,
      };
    }, tabId);
    if (!state || state.view.status === 'loading') return false;
    const target = deriveLookupTarget(url, { pausedDomains });
    // The previous release (the update test) names the state's origin `target`.
    const origin = 'origin' in state ? state.origin : (state as { target?: string }).target;
    const about =
      target.kind === 'target'
        ? origin === target.origin
        : state.view.status === 'not-looked-up' && state.view.reason === target.reason;
    return about && badgeTextFor(state.view, { badgeMode }) === badge.text;
  };

  /** When the extension last wrote a tab's state, and whether that state is "loading". */
  const tabStateStamp = (tabId: number) =>
    inExtension(async (id: number) => {
      const key = `tab-state:${id}`;
      const stored = (await chrome.storage.session.get(key))[key] as TabState | undefined;
      return stored
        ? { updatedAt: stored.updatedAt, loading: stored.view.status === 'loading' }
        : null;
    }, tabId);

  const tabStateUpdatedAt = async (tabId: number) =>
    (await tabStateStamp(tabId))?.updatedAt ?? null;

  /**
   * The tab's badge once it shows a settled state about the page the tab shows now; throws
   * when it has not within `timeoutMs`.
   */
  async function settledBadgeOf(tabId: number, timeoutMs = 10_000): Promise<Badge> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const badge = await badgeOf(tabId);
      // The loading title can outlive the loading mark: the browser clears a tab's badge
      // text when the page commits, while the title set a moment earlier stays.
      const settled =
        badge.text !== '…' &&
        badge.title !== DEFAULT_BADGE_TITLE &&
        !badge.title.startsWith('Looking up ');
      // An empty badge where the state calls for text (a page between the commit that clears
      // it and the load that puts it back) does not match the stored state below; under the
      // badge settings "scores only" and "nothing" many states call for none.
      if (settled && (await showsStateOfCurrentPage(tabId, badge))) return badge;
      // A badge that never settles is a failure to see, not a badge to go on with.
      if (Date.now() > deadline) {
        throw new Error(
          `The badge of tab ${tabId} did not settle within ${timeoutMs} ms: ` +
            `it shows "${badge.text}", titled "${badge.title}"`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Runs `action`, then waits until the extension wrote the tab's state anew (not loading). */
  async function untilTabStateWritten(tabId: number, action: () => Promise<unknown>) {
    const before = (await tabStateUpdatedAt(tabId)) ?? 0;
    await action();
    const deadline = Date.now() + 10_000;
    for (;;) {
      const after = await tabStateStamp(tabId);
      if (after !== null && after.updatedAt > before && !after.loading) return;
      if (Date.now() > deadline) throw new Error(`The state of tab ${tabId} was not written`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const saveSettings = async (change: Partial<UserSettings>) =>
    inExtension(async (patch: Partial<UserSettings>) => {
      const stored = (await chrome.storage.local.get('settings')).settings ?? {};
      await chrome.storage.local.set({ settings: { ...stored, ...patch } });
    }, change);

  const storedSettings = async (): Promise<Partial<UserSettings>> =>
    inExtension(
      async () => ((await chrome.storage.local.get('settings')).settings ?? {}) as object,
      undefined,
    );

  /**
   * Chooses automatic lookups, as the first-run page would, and closes that page. The page is
   * awaited first: the background opens it only while the choice is unmade, and under load a
   * choice saved before the background read the settings left it nothing to open.
   */
  async function acceptAutomaticLookups() {
    const welcome = await welcomePage();
    await saveSettings({ lookupMode: 'automatic', lookupModeChosen: true });
    await welcome.close();
  }

  return {
    badgeOf,
    tabStateUpdatedAt,
    settledBadgeOf,
    untilTabStateWritten,
    saveSettings,
    storedSettings,
    acceptAutomaticLookups,
  };
}
