import { useEffect, useState } from 'preact/hooks';
import { requestView } from '../../lib/messaging/protocol';
import { logError } from '../../lib/page/page-actions';
import { type EffectiveSettings, isSitePaused } from '../../lib/settings/settings';
import type { TabView } from '../../lib/tabs/tab-view';

/** The site a no-report view of `of` offers instead, and its view once asked for. */
interface Parent {
  of: string;
  site: string;
  view: TabView | null;
}

/**
 * The registrable domain offered under the "no report" of `of` (the public suffix rules load
 * only now), never a paused one; its view is kept in the page, never as the tab's.
 */
export function useParentSite(of: string, settings: EffectiveSettings) {
  const [parent, setParent] = useState<Parent | null>(null);
  useEffect(() => {
    setParent(null);
    let current = true;
    import('../../lib/privacy/registrable-domain').then(({ parentSiteOf }) => {
      const site = parentSiteOf(of);
      if (current && site !== null) setParent({ of, site, view: null });
    }, logError);
    return () => {
      current = false;
    };
  }, [of]);
  return {
    parent: parent?.of === of && !isSitePaused(settings, parent.site) ? parent : null,
    /** One lookup of the other site, as the link menu's window makes one; never automatic. */
    show(site: string) {
      const showing = (view: TabView | null) =>
        setParent((shown) => (shown?.site === site ? { ...shown, view } : shown));
      showing({ status: 'loading', origin: site });
      // A page that could not reach the worker offers the site again.
      requestView('showSite', { origin: site, force: false }).then(showing);
    },
  };
}
