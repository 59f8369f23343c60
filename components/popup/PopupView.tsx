import './popup.css';
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ScanReport } from '../../lib/contract/report-schema';
import { configuredServiceBaseUrl } from '../../lib/contract/service-base-url';
import type { CheckDiff } from '../../lib/history/check-diff';
import type { ScoreChange } from '../../lib/history/score-history';
import { t } from '../../lib/locale/i18n';
import { copyText, openOptionsPageFromClick } from '../../lib/page/page-actions';
import { type CheckTarget, checkTargetOf, siteOfView } from '../../lib/page/popup-start';
import { type EffectiveSettings, serviceBaseUrlOf } from '../../lib/settings/settings';
import { isViewStatus, STATUS_TRAITS } from '../../lib/tabs/status-traits';
import type { ShownView } from '../../lib/tabs/tab-view';
import { CheckNowSlot } from '../checks/CheckNowSlot';
import { IssueList } from '../report/IssueList';
import { ReportView, type ReportViewProps } from '../report/ReportView';
import { ServiceBaseUrlContext } from '../shared/service-base-url-context';
import { useSettings } from '../shared/use-settings';
import { ConsentNotice } from '../status/ConsentNotice';
import { ParentSite } from '../status/ParentSite';
import { LoadingView, StatusFrame, StatusView, type StatusViewProps } from '../status/StatusView';
import { SiteControls } from './SiteControls';

export interface PopupViewProps {
  /** What is known about the tab; null while not even that is known (shown as loading). */
  view: ShownView | null;
  /** The current time (epoch ms), for "scanned 3 days ago" and "next try after". */
  now: number;
  /** Asks for a fresh lookup; without it no Refresh button is shown. */
  onRefresh?: (() => void) | undefined;
  /** "Not asked", only from the side panel: opening the popup is itself the request. */
  notAsked?: ((origin: string) => ComponentChildren) | undefined;
  /** The page the view is about; without it the popup shows the view alone. */
  page?: PopupPage | undefined;
}

export interface PopupPage {
  /** The origin of the page shown, when known: it names a paused site (`siteOfView`). */
  site: string | null;
  /** None in the site report window. */
  tabId: number | null;
  /** The settings, when the page read them before its first render. */
  settings?: EffectiveSettings | undefined;
}

/** The whole popup: one designed view for every state a tab can be in. */
export function PopupView(props: PopupViewProps) {
  if (props.page) return <PageView {...props} page={props.page} />;
  return <main class="popup">{viewFor(props, {})}</main>;
}

async function copyFixList(report: ScanReport, serviceBaseUrl: string): Promise<boolean> {
  const { fixListMarkdown } = await import('../../lib/markdown/fix-list');
  return copyText(fixListMarkdown(report, { serviceBaseUrl }));
}

/** The view and what the page offers around it: consent, history, copy, pause, Check now. */
function PageView({ page, ...props }: PopupViewProps & { page: PopupPage }) {
  const { view, now } = props;
  const settings = useSettings(page.settings);
  // Links from the service's data are judged by the service lookups go to.
  const serviceBaseUrl = settings ? serviceBaseUrlOf(settings) : configuredServiceBaseUrl();
  const site = siteOfView(view, page.site);
  const check = checkTargetOf(view, page.site, page.tabId);
  const changes = useScanChanges(site, view?.status === 'report' ? view.report : null);
  return (
    <ServiceBaseUrlContext.Provider value={serviceBaseUrl}>
      <main class="popup">
        {settings?.lookupModeChosen === false ? <ConsentNotice /> : null}
        {viewFor(props, {
          report: {
            ...changes,
            check,
            oldReportDays: settings?.oldReportDays,
            onCopyFixList: (report) => copyFixList(report, serviceBaseUrl),
          },
          state: {
            serviceSetByPolicy: settings?.locked.serviceBaseUrl ?? false,
            onOpenOptions: openOptionsPageFromClick,
          },
        })}
        {view?.status === 'no-report' && settings ? (
          <ParentSite of={view.origin} settings={settings} now={now} />
        ) : null}
        {check && view?.status !== 'report' ? (
          <CheckNowSlot target={check} report={null} now={now} />
        ) : null}
        <SiteControls site={site} settings={settings} />
      </main>
    </ServiceBaseUrlContext.Provider>
  );
}

type ScanChanges = { change: ScoreChange | null; checkDiff: CheckDiff | null };
const UNKNOWN: ScanChanges = { change: null, checkDiff: null };

/**
 * How the score and the checks changed since the site's previous scan, for the report shown;
 * null until read. The score history is loaded after the first frame.
 */
function useScanChanges(site: string | null, report: ScanReport | null): ScanChanges {
  const [changes, setChanges] = useState(UNKNOWN);
  useEffect(() => {
    setChanges(UNKNOWN);
    if (site === null || report === null) return;
    let current = true;
    Promise.all([
      import('../../lib/history/score-history'),
      import('../../lib/history/check-diff'),
    ]).then(([{ readAllScans, scoreChangeFor }, { checkDiffFor, otherSites }]) =>
      readAllScans().then((history) => {
        if (!current) return;
        const scans = history[site] ?? [];
        const checkDiff = checkDiffFor(scans, report, otherSites(history, site));
        setChanges({ change: scoreChangeFor(scans, report), checkDiff });
      }),
    );
    return () => {
      current = false;
    };
  }, [site, report]);
  return changes;
}

/** What a page adds to a report's view and to a state's. */
interface Extras {
  report?: Pick<ReportViewProps, 'change' | 'checkDiff' | 'oldReportDays' | 'onCopyFixList'> & {
    /** The site Check now re-checks; without it there is no such button. */
    check: CheckTarget | null;
  };
  state?: Pick<StatusViewProps, 'serviceSetByPolicy' | 'onOpenOptions'>;
}

function viewFor({ view, now, onRefresh, notAsked }: PopupViewProps, extras: Extras) {
  if (view === null || view.status === 'loading') {
    return <LoadingView origin={view?.origin ?? null} />;
  }
  if (view.status === 'not-asked') {
    // Only a page that supplies the view is ever told "not asked".
    return notAsked?.(view.origin) ?? <LoadingView origin={view.origin} />;
  }
  if (view.status === 'report') {
    const { report, stale, receivedAt } = view;
    const { check = null, ...shown } = extras.report ?? {};
    const findings = check ? (
      <CheckNowSlot
        target={check}
        report={report}
        now={now}
        fallback={<IssueList issues={report.issues} />}
      />
    ) : undefined;
    return <ReportView {...{ report, stale, receivedAt, now, onRefresh, findings }} {...shown} />;
  }
  if (!isViewStatus(view.status)) {
    // A state written by another version of the extension still gets a view, not a blank popup.
    return (
      <StatusFrame
        status="unknown"
        mark={STATUS_TRAITS.loading.mark}
        title={t('popupUnknownTitle')}
        onRefresh={onRefresh}
      >
        <p>{t('popupUnknownBody')}</p>
      </StatusFrame>
    );
  }
  return <StatusView view={view} now={now} onRefresh={onRefresh} {...extras.state} />;
}
