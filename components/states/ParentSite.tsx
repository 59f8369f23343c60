import { hostOf } from '../../lib/contract/http-origin';
import { t } from '../../lib/locale/i18n';
import type { OldReportDays } from '../../lib/settings/settings';
import type { ParentSite as Parent } from '../popup/use-popup-controls';
import { ReportView } from '../report/ReportView';
import { StateView } from './StateView';

/**
 * Under a subdomain's "no report": the offer of its registrable domain's report, and once asked
 * for, that report (or whatever the lookup ended in) under a heading naming the other site.
 */
export function ParentSite(props: {
  parent: Parent;
  now: number;
  oldReportDays?: OldReportDays | undefined;
  onShow(site: string): void;
}) {
  const { parent, now, oldReportDays } = props;
  const { site, view } = parent;
  const host = hostOf(site);
  if (view === null) {
    return (
      <div class="actions parent-site">
        <button type="button" class="button" onClick={() => props.onShow(site)}>
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
          oldReportDays={oldReportDays}
          nested
        />
      ) : (
        <StateView view={view} now={now} nested />
      )}
    </section>
  );
}
