import { useEffect } from 'preact/hooks';
import { PopupView } from '../../components/popup/PopupView';
import { useSiteView } from '../../components/popup/use-site-view';
import type { SiteReportRequest } from '../../lib/messaging/site-report-address';

/** Connects the popup's view to one site, for the link menu's window. */
export function App({ request }: { request: SiteReportRequest }) {
  const { view, now, refresh } = useSiteView(request);
  const site = request.kind === 'site' ? request.site : null;
  useEffect(() => {
    // The window's title bar names the site, as the popup's heading does.
    if (site) document.title = `Agent readiness of ${new URL(site).host}`;
  }, [site]);
  return (
    <PopupView
      view={view}
      now={now}
      onRefresh={site ? refresh : undefined}
      page={{ site, tabId: null }}
    />
  );
}
