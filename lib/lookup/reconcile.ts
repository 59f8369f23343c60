/**
 * Reconciling after a worker restart. The browser stops the worker when idle, and with it
 * every call, queue and request in flight; storage (tab states, cache, retry gate) survives.
 * At every start, this finishes what a stopped worker left half done: closed tabs' states go,
 * settled tabs get their badge back, and tabs left "loading" are looked at again.
 */
import type { LookupServiceDeps } from './ports';
import type { TabPublisher } from './tab-publisher';
import { decisionForTab, decisionKey, decisionKeyOfState } from './tab-targets';

type ReconcileDeps = Pick<LookupServiceDeps, 'tabStates' | 'openTabs' | 'readSettings'>;

export async function reconcileTabs(
  deps: ReconcileDeps,
  publisher: Pick<TabPublisher, 'forgetTab' | 'reapplyBadge'>,
  tabNavigated: (tabId: number) => Promise<void>,
): Promise<void> {
  // States first, then tabs: a tab opened in between has no state to be mistaken for a
  // closed tab's.
  const states = await deps.tabStates.all();
  const [tabs, settings] = await Promise.all([deps.openTabs(), deps.readSettings()]);
  const open = new Set(tabs.map((tab) => tab.id));
  const closed = [...states.keys()].filter((tabId) => !open.has(tabId));
  await Promise.all([
    ...closed.map(publisher.forgetTab),
    ...tabs.map(async (tab) => {
      const state = states.get(tab.id);
      const settled =
        state !== undefined &&
        state.view.status !== 'loading' &&
        decisionKeyOfState(state) === decisionKey(decisionForTab(tab, settings));
      // The badge is the browser's, not storage's: a worker stopped between writing a state
      // and its badge would leave the old badge up. Putting it back costs no request.
      if (settled) await publisher.reapplyBadge(tab.id);
      else if (state !== undefined || tab.active) await tabNavigated(tab.id);
    }),
  ]);
}
