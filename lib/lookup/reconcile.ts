/**
 * Reconciling after a worker restart. The browser stops the worker when idle, and with it every
 * call, queue and request in flight; storage survives. At every start this finishes what a
 * stopped worker left half done: closed tabs' states go, settled tabs get their badge back, and
 * tabs left "loading" are looked at again.
 */
import { serviceBaseUrlOf } from '../settings/settings';
import type { LookupDeps } from './ports';
import type { Publisher } from './publisher';
import { decideTab, settledFor } from './tab-decision';

export async function reconcileTabs(
  deps: LookupDeps,
  publisher: Pick<Publisher, 'forgetTab' | 'reapplyBadge'>,
  tabNavigated: (tabId: number) => Promise<void>,
): Promise<void> {
  const settings = await deps.readSettings();
  // States first, then tabs: a tab opened in between has no state to be mistaken for a
  // closed tab's.
  const states = await deps.tabStates.readAll(serviceBaseUrlOf(settings));
  const tabs = await deps.tabs.all();
  const open = new Set(tabs.map((tab) => tab.id));
  await Promise.all([
    ...[...states.keys()].filter((tabId) => !open.has(tabId)).map(publisher.forgetTab),
    ...tabs.map(async (tab) => {
      const state = states.get(tab.id) ?? null;
      // The badge is the browser's, not storage's: a worker stopped between writing a state
      // and its badge would leave the old badge up. Putting it back costs no request.
      if (settledFor(state, decideTab(tab, settings))) await publisher.reapplyBadge(tab.id);
      else if (state !== null || tab.active) await tabNavigated(tab.id);
    }),
  ]);
}
