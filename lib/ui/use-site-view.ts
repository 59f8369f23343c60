/**
 * The site report page's view of one site: asked of the background once when the page
 * opens, and again, past the cache, on Refresh.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { requestSiteView } from '../events/protocol';
import type { SiteReportRequest } from '../events/site-report-address';
import type { TabViewState } from './use-tab-view';

export function useSiteView(
  request: SiteReportRequest,
): Pick<TabViewState, 'view' | 'now' | 'refresh'> {
  const [view, setView] = useState<TabViewState['view']>(() =>
    request.kind === 'site'
      ? { status: 'loading', target: request.site }
      : { status: 'not-looked-up', reason: request.reason },
  );
  const [now, setNow] = useState(() => Date.now());
  const site = request.kind === 'site' ? request.site : null;

  const lookUp = useCallback(
    (force: boolean) => {
      if (site === null) return;
      requestSiteView(site, force).then((fresh) => {
        if (fresh === null) return;
        setView(fresh);
        setNow(Date.now());
      });
    },
    [site],
  );

  useEffect(() => lookUp(false), [lookUp]);
  const refresh = useCallback(() => lookUp(true), [lookUp]);
  return { view, now, refresh };
}
