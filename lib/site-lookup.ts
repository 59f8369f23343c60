/**
 * Looks up one site on the user's request, for no tab in particular: the context menu's
 * "Agent readiness of this site" on a link. The same rules as for tabs: the address goes
 * through lookup-target.ts (only an origin is ever sent, local and private sites never),
 * answers come from the same cache and client, and every answer is cached the same way.
 */
import type { LookupOutcome } from './lookup-outcome';
import { deriveLookupTarget } from './lookup-target';
import type { ReportCache } from './report-cache';
import type { TabView } from './tab-view';
import { viewFromOutcome } from './view-from-outcome';

export interface SiteLookupDeps {
  lookupReport(target: string): Promise<LookupOutcome>;
  cache: ReportCache;
  now(): number;
}

export interface SiteLookup {
  /** The view of the site a URL is on; `force` skips the cache (the page's Refresh). */
  showSite(url: string, options?: { force?: boolean }): Promise<TabView>;
}

export function createSiteLookup(deps: SiteLookupDeps): SiteLookup {
  // One request per site at a time, however often the menu is clicked meanwhile.
  const lookupsInFlight = new Map<string, Promise<LookupOutcome>>();

  function lookupShared(target: string): Promise<LookupOutcome> {
    const pending = lookupsInFlight.get(target);
    if (pending) return pending;
    const lookup = deps
      .lookupReport(target)
      .then(async (outcome) => {
        await deps.cache.put(target, outcome, deps.now());
        return outcome;
      })
      .finally(() => lookupsInFlight.delete(target));
    lookupsInFlight.set(target, lookup);
    return lookup;
  }

  return {
    async showSite(url, options = {}) {
      const target = deriveLookupTarget(url);
      if (target.kind === 'refused') return { status: 'not-looked-up', reason: target.reason };
      const { origin } = target;
      if (!options.force) {
        const cached = await deps.cache.getFresh(origin);
        if (cached) return viewFromOutcome(origin, cached.outcome, cached.receivedAt);
      }
      const outcome = await lookupShared(origin);
      return viewFromOutcome(origin, outcome, deps.now());
    },
  };
}
