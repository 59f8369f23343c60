import './popup.css';
import type { ComponentChildren } from 'preact';
import { configuredServiceBaseUrl } from '../../lib/contract/service-base-url';
import { t } from '../../lib/locale/i18n';
import { STATE_COLORS } from '../../lib/tabs/score-band';
import type { ShownView } from '../../lib/tabs/tab-view';
import { isViewStatus, VIEW_STATES } from '../../lib/tabs/view-states';
import { CheckNowSlot } from '../checks/CheckNowSlot';
import { ReportView } from '../report/ReportView';
import { ServiceBaseUrlContext } from '../shared/service-base-url-context';
import { ConsentNotice } from '../states/ConsentNotice';
import { LoadingView } from '../states/LoadingView';
import { ParentSite } from '../states/ParentSite';
import { StateFrame, StateView } from '../states/StateView';
import { SiteControls } from './SiteControls';
import type { PopupControls } from './use-popup-controls';

export interface PopupViewProps {
  /** What is known about the tab; null while not even that is known (shown as loading). */
  view: ShownView | null;
  /** The current time (epoch ms), for "scanned 3 days ago" and "next try after". */
  now: number;
  /** Asks for a fresh lookup; without it no Refresh button is shown. */
  onRefresh?: (() => void) | undefined;
  /** "Not asked", only from the side panel: opening the popup is itself the request. */
  notAsked?: ((origin: string) => ComponentChildren) | undefined;
  /** Consent, pause, copy and history; without them the popup shows the view alone. */
  controls?: PopupControls | undefined;
}

/** The whole popup: one designed view for every state a tab can be in. */
export function PopupView(props: PopupViewProps) {
  const { controls } = props;
  return (
    <ServiceBaseUrlContext.Provider value={controls?.serviceBaseUrl ?? configuredServiceBaseUrl()}>
      <main class="popup">
        {controls?.settings && !controls.settings.lookupModeChosen ? (
          <ConsentNotice serviceHost={controls.serviceHost} onChoose={controls.chooseLookupMode} />
        ) : null}
        {viewFor(props)}
        {controls?.parent ? (
          <ParentSite
            parent={controls.parent}
            now={props.now}
            oldReportDays={controls.settings?.oldReportDays}
            onShow={controls.showParent}
          />
        ) : null}
        {controls?.check && props.view?.status !== 'report' ? (
          <CheckNowSlot target={controls.check} report={null} now={props.now} />
        ) : null}
        {controls ? <SiteControls controls={controls} /> : null}
      </main>
    </ServiceBaseUrlContext.Provider>
  );
}

function viewFor({ view, now, onRefresh, notAsked, controls }: PopupViewProps) {
  if (view === null || view.status === 'loading') {
    return <LoadingView origin={view?.origin ?? null} />;
  }
  if (view.status === 'not-asked') {
    // Only a page that supplies the view is ever told "not asked".
    return notAsked?.(view.origin) ?? <LoadingView origin={view.origin} />;
  }
  if (view.status === 'report') {
    return (
      <ReportView
        report={view.report}
        stale={view.stale}
        receivedAt={view.receivedAt}
        now={now}
        onRefresh={onRefresh}
        onCopyFixList={controls?.copyFixList}
        change={controls?.scoreChange}
        checkDiff={controls?.checkDiff}
        check={controls?.check}
        oldReportDays={controls?.settings?.oldReportDays}
      />
    );
  }
  if (!isViewStatus(view.status)) {
    // A state written by another version of the extension still gets a view, not a blank popup.
    return (
      <StateFrame
        status="unknown"
        mark={VIEW_STATES.loading.mark}
        markColor={STATE_COLORS.neutral}
        title={t('popupUnknownTitle')}
        onRefresh={onRefresh}
      >
        <p>{t('popupUnknownBody')}</p>
      </StateFrame>
    );
  }
  return (
    <StateView
      view={view}
      now={now}
      onRefresh={onRefresh}
      serviceSetByPolicy={controls?.serviceSetByPolicy ?? false}
      onOpenOptions={controls?.openOptions}
    />
  );
}
