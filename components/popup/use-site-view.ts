import { useCallback, useEffect, useState } from 'preact/hooks';
import { requestView } from '../../lib/messaging/protocol';
import type { SiteReportRequest } from '../../lib/messaging/site-report-address';
import { notLookedUp, type ShownView } from '../../lib/tabs/tab-view';

/** The site report window's view of one site: asked once, and again past the cache on Refresh. */
export function useSiteView(request: SiteReportRequest) {
  const site = request.kind === 'site' ? request.site : null;
  const [shown, setShown] = useState<{ view: ShownView; now: number }>(() => ({
    view:
      request.kind === 'site'
        ? { status: 'loading', origin: request.site }
        : notLookedUp(request.reason),
    now: Date.now(),
  }));

  const lookUp = useCallback(
    (force: boolean) => {
      if (site === null) return;
      requestView('showSite', { origin: site, force }).then((fresh) => {
        if (fresh !== null) setShown({ view: fresh, now: Date.now() });
      });
    },
    [site],
  );

  useEffect(() => lookUp(false), [lookUp]);
  const refresh = useCallback(() => lookUp(true), [lookUp]);
  return { ...shown, refresh };
}
