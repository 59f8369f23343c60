import { useEffect, useState } from 'preact/hooks';
import { hostOf } from '../../lib/contract/http-origin';
import { t } from '../../lib/locale/i18n';
import { requestView } from '../../lib/messaging/protocol';
import { logError } from '../../lib/page/page-actions';
import { type EffectiveSettings, isSitePaused } from '../../lib/settings/settings';
import type { TabView } from '../../lib/tabs/tab-view';
import { ReportView } from '../report/ReportView';
import { StatusView } from './StatusView';

/**
 * The registrable domain offered under the "no report" of `of` (the public suffix rules load
 * only now), never a paused one; its view is kept in the page, never as the tab's.
 */
export function useParentSite(of: string, settings: EffectiveSettings) {
  const [parent, setParent] = useState<{ of: string; site: string; view: TabView | null } | null>(
    null,
  );
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

/** Under a subdomain's "no report" (`of`): its registrable domain's report, once asked for. */
export function ParentSite(props: { of: string; settings: EffectiveSettings; now: number }) {
  const { now } = props;
  const { parent, show } = useParentSite(props.of, props.settings);
  if (parent === null) return null;
  const { site, view } = parent;
  const host = hostOf(site);
  if (view === null) {
    return (
      <div class="actions parent-site">
        <button type="button" class="button" onClick={() => show(site)}>
          {t('popupParentShow', host)}
        </button>
      </div>
    );
  }
  return (
    <section class="parent-site" aria-labelledby="parent-site-title" aria-live="polite">
      <h2 id="parent-site-title">{t('popupParentTitle', host)}</h2>
      {view.status === 'loading' ? (
        <p class="muted">{t('popupLoadingSite', host)}</p>
      ) : view.status === 'report' ? (
        <ReportView
          report={view.report}
          stale={view.stale}
          receivedAt={view.receivedAt}
          now={now}
          oldReportDays={props.settings.oldReportDays}
          nested
        />
      ) : (
        <StatusView view={view} now={now} nested />
      )}
    </section>
  );
}
