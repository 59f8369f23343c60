import type { ComponentChildren } from 'preact';
import type { ShownView } from '../../lib/tabs/tab-view';
import type { PopupControls } from '../../lib/ui/use-popup-controls';
import { CheckNowSlot } from '../checks/CheckNowSlot';
import { ConsentNotice } from '../states/ConsentNotice';
import { ParentSite } from '../states/ParentSite';
import { PopupShell } from './PopupShell';
import { SiteControls } from './SiteControls';
import { TabViewBody } from './TabViewBody';

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
