import { PopupShell } from '../../components/popup/PopupShell';
import { TabViewBody } from '../../components/popup/TabViewBody';
import { serviceBaseUrlOf } from '../../lib/settings/settings';
import type { PopupStart } from '../../lib/tabs/popup-start';
import { usePageSite } from '../../lib/ui/use-followed-tab';
import { useLazyComponent } from '../../lib/ui/use-lazy-component';
import { useTabView } from '../../lib/ui/use-tab-view';

/**
 * Connects the popup's view to the tab it is about, starting from what was read before the
 * first render; `start` is null when those reads failed, and the hooks read for themselves.
 * The first frame shows the tab's view alone; the controls (consent, pause, copy, history,
 * Check now) come with their own chunk, which takes its place once it has arrived.
 */
export function App({ tabId, start }: { tabId: number | null; start: PopupStart | null }) {
  const { view, now, refresh } = useTabView(tabId, { start: start ?? undefined });
  const site = usePageSite(tabId, start ? start.pageUrl : undefined);
  const WithControls = useLazyComponent(() =>
    import('./WithControls').then((module) => module.WithControls),
  );
  const settings = start?.settings;
  if (WithControls !== null) {
    return (
      <WithControls view={view} now={now} onRefresh={refresh} site={site} settings={settings} />
    );
  }
  return (
    <PopupShell serviceBaseUrl={settings && serviceBaseUrlOf(settings)}>
      <TabViewBody
        view={view}
        now={now}
        onRefresh={refresh}
        oldReportDays={settings?.oldReportDays}
      />
    </PopupShell>
  );
}
