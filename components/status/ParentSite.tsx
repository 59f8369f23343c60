import { hostOf } from '../../lib/contract/http-origin';
import { t } from '../../lib/locale/i18n';
import type { EffectiveSettings } from '../../lib/settings/settings';
import { ReportView } from '../report/ReportView';
import { StatusView } from './StatusView';
import { useParentSite } from './use-parent-site';

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
