import './popup.css';
import type { TabView } from '../lib/tab-view';
import { InvalidResponseView } from './InvalidResponseView';
import { LoadingView } from './LoadingView';
import { NoReportView } from './NoReportView';
import { NotLookedUpView } from './NotLookedUpView';
import { RejectedView } from './RejectedView';
import { ReportView } from './ReportView';
import { StateView } from './StateView';
import { UnavailableView } from './UnavailableView';

export interface PopupViewProps {
  /** What is known about the tab; null while not even that is known (shown as loading). */
  view: TabView | null;
  /** The current time (epoch ms), for "scanned 3 days ago" and "next try after". */
  now: number;
  /** Asks for a fresh lookup; without it no Refresh button is shown. */
  onRefresh?: (() => void) | undefined;
}

/** The whole popup: one designed view for every state a tab can be in. */
export function PopupView({ view, now, onRefresh }: PopupViewProps) {
  return <main class="popup">{viewFor(view, now, onRefresh)}</main>;
}

function viewFor(view: TabView | null, now: number, onRefresh: (() => void) | undefined) {
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
        />
      );
    case 'no-report':
      return (
        <NoReportView
          target={view.target}
          message={view.message}
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
    case 'invalid-response':
      return (
        <InvalidResponseView target={view.target} problem={view.problem} onRefresh={onRefresh} />
      );
    case 'rejected':
      return <RejectedView target={view.target} message={view.message} onRefresh={onRefresh} />;
    case 'not-looked-up':
      return <NotLookedUpView reason={view.reason} />;
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
    <StateView kind="unknown" title="Nothing to show for this tab yet" onRefresh={onRefresh}>
      <p>Refresh to look the site up again.</p>
    </StateView>
  );
}
