import { CheckNowSlot } from '../checks/CheckNowSlot';
import { ConsentNotice } from '../states/ConsentNotice';
import { ParentSite } from '../states/ParentSite';
import { PopupShell } from './PopupShell';
import { SiteControls } from './SiteControls';
import { TabViewBody, type TabViewBodyProps } from './TabViewBody';

/** What the popup shows, and its controls (consent, pause, copy, history, Check now). */
export type PopupViewProps = Omit<TabViewBodyProps, 'oldReportDays'>;

/** The whole popup: one designed view for every state a tab can be in, and its controls. */
export function PopupView(props: PopupViewProps) {
  const { controls } = props;
  return (
    <PopupShell serviceBaseUrl={controls?.serviceBaseUrl}>
      {controls?.settings && !controls.settings.lookupModeChosen ? (
        <ConsentNotice serviceHost={controls.serviceHost} onChoose={controls.chooseLookupMode} />
      ) : null}
      <TabViewBody {...props} oldReportDays={controls?.settings?.oldReportDays} />
      {controls?.parent ? (
        <ParentSite
          parent={controls.parent}
          now={props.now}
          oldReportDays={controls.settings?.oldReportDays}
          onShow={controls.showParent}
        />
      ) : null}
      {controls?.checkOrigin && props.view?.status !== 'report' ? (
        <CheckNowSlot origin={controls.checkOrigin} report={null} now={props.now} />
      ) : null}
      {controls ? <SiteControls controls={controls} /> : null}
    </PopupShell>
  );
}
