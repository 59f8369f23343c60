import './popup.css';
import type { ComponentChildren } from 'preact';
import { BADGE_MARKS } from '../../lib/badge/badge';
import { STATE_COLORS } from '../../lib/badge/score-band';
import { t } from '../../lib/locale/i18n';
import { configuredServiceBaseUrl } from '../../lib/service/service-base-url';
import type { ShownView } from '../../lib/tabs/tab-view';
import type { PopupControls } from '../../lib/ui/use-popup-controls';
import { ReportView } from '../report/ReportView';
import { BusyView } from '../states/BusyView';
import { ConsentNotice } from '../states/ConsentNotice';
import { InvalidResponseView } from '../states/InvalidResponseView';
import { LoadingView } from '../states/LoadingView';
import { NoReportView } from '../states/NoReportView';
import { NotLookedUpView } from '../states/NotLookedUpView';
import { RejectedView } from '../states/RejectedView';
import { ServiceMovedView } from '../states/ServiceMovedView';
import { ServiceNotPermittedView } from '../states/ServiceNotPermittedView';
import { StateView } from '../states/StateView';
import { UnavailableView } from '../states/UnavailableView';
import { SiteControls } from './SiteControls';
import { ServiceBaseUrlContext } from './service-base-url-context';

export interface PopupViewProps {
  /** What is known about the tab; null while not even that is known (shown as loading). */
  view: ShownView | null;
  /** The current time (epoch ms), for "scanned 3 days ago" and "next try after". */
  now: number;
  /** Asks for a fresh lookup; without it no Refresh button is shown. */
  onRefresh?: (() => void) | undefined;
  /**
   * The view of a site not looked up yet ("not asked"), from the page that can be told so (the
   * side panel): the popup never is, since opening it is the request, and does not ship it.
   */
  notAsked?: ((target: string) => ComponentChildren) | undefined;
  /** Consent, pause, copy and history; without them the popup shows the view alone. */
  controls?: PopupControls | undefined;
}

/** The whole popup: one designed view for every state a tab can be in. */
export function PopupView({ view, now, onRefresh, notAsked, controls }: PopupViewProps) {
  const settings = controls?.settings ?? null;
  const site = controls?.site ?? null;
  return (
    <ServiceBaseUrlContext.Provider value={controls?.serviceBaseUrl ?? configuredServiceBaseUrl()}>
      <main class="popup">
        {controls && settings && !settings.lookupModeChosen ? (
          <ConsentNotice serviceHost={controls.serviceHost} onChoose={controls.chooseLookupMode} />
        ) : null}
        {viewFor(view, now, { onRefresh, notAsked }, controls)}
        {controls ? (
          <SiteControls
            site={site}
            pause={controls.sitePause}
            onOfferPause={controls.offerPause}
            onPauseDomain={controls.pauseDomain}
            onCancelPause={controls.cancelPause}
            onResume={controls.resumeSite}
            onOpenOptions={controls.openOptions}
          />
        ) : null}
      </main>
    </ServiceBaseUrlContext.Provider>
  );
}

function viewFor(
  view: ShownView | null,
  now: number,
  { onRefresh, notAsked }: Pick<PopupViewProps, 'onRefresh' | 'notAsked'>,
  controls: PopupControls | undefined,
) {
  if (view === null) return <LoadingView target={null} />;
  switch (view.status) {
    case 'loading':
      return <LoadingView target={view.target} />;
    case 'report':
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
        />
      );
    case 'no-report':
      return (
        <NoReportView
          target={view.target}
          message={view.message}
          resolution={view.resolution}
          scanUrl={view.scanUrl}
          documentationUrl={view.documentationUrl}
          onRefresh={onRefresh}
        />
      );
    case 'unavailable':
      return (
        <UnavailableView
          target={view.target}
          cause={view.cause}
          retryAt={view.retryAt}
          now={now}
          onRefresh={onRefresh}
        />
      );
    case 'busy':
      return (
        <BusyView target={view.target} retryAt={view.retryAt} now={now} onRefresh={onRefresh} />
      );
    case 'service-moved':
      return (
        <ServiceMovedView
          target={view.target}
          message={view.message}
          documentationUrl={view.documentationUrl}
          onRefresh={onRefresh}
        />
      );
    case 'service-not-permitted':
      return (
        <ServiceNotPermittedView
          target={view.target}
          serviceHost={view.serviceHost}
          setByPolicy={controls?.serviceSetByPolicy ?? false}
          onOpenOptions={controls?.openOptions}
          onRefresh={onRefresh}
        />
      );
    case 'invalid-response':
      return (
        <InvalidResponseView target={view.target} problem={view.problem} onRefresh={onRefresh} />
      );
    case 'rejected':
      return <RejectedView target={view.target} message={view.message} onRefresh={onRefresh} />;
    case 'not-looked-up':
      return <NotLookedUpView reason={view.reason} />;
    case 'not-asked':
      // Only a page that supplies the view is ever told "not asked".
      return notAsked?.(view.target) ?? <LoadingView target={view.target} />;
    default:
      return unknownView(view, onRefresh);
  }
}

/**
 * Never reached while types hold; a state written by another version of the extension still
 * gets a view instead of a blank popup.
 */
function unknownView(_view: never, onRefresh: (() => void) | undefined) {
  return (
    <StateView
      kind="unknown"
      mark={BADGE_MARKS.loading}
      markColor={STATE_COLORS.neutral}
      title={t('popupUnknownTitle')}
      onRefresh={onRefresh}
    >
      <p>{t('popupUnknownBody')}</p>
    </StateView>
  );
}
