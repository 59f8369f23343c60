import type { ComponentChildren } from 'preact';
import { STATE_COLORS } from '../../lib/badge/score-band';
import { t } from '../../lib/locale/i18n';
import type { OldReportDays } from '../../lib/settings/settings-record';
import type { ShownView } from '../../lib/tabs/tab-view';
import { isViewStatus, VIEW_STATES } from '../../lib/tabs/view-states';
import type { PopupControls } from '../../lib/ui/use-popup-controls';
import { ReportView } from '../report/ReportView';
import { LoadingView } from '../states/LoadingView';
import { StateFrame, StateView } from '../states/StateView';

export interface TabViewBodyProps {
  /** What is known about the tab; null while not even that is known (shown as loading). */
  view: ShownView | null;
  /** The current time (epoch ms), for "scanned 3 days ago" and "next try after". */
  now: number;
  /** Asks for a fresh lookup; without it no Refresh button is shown. */
  onRefresh?: (() => void) | undefined;
  /** "Not asked", only from the side panel: opening the popup is itself the request. */
  notAsked?: ((origin: string) => ComponentChildren) | undefined;
  /** Copy, history and Check now; without them the view is shown alone. */
  controls?: PopupControls | undefined;
  /** When a report counts as old, in days; the controls' settings, or those read at start. */
  oldReportDays?: OldReportDays | undefined;
}

/** The view of every state a tab can be in, without the controls around it. */
export function TabViewBody({
  view,
  now,
  onRefresh,
  notAsked,
  controls,
  oldReportDays,
}: TabViewBodyProps) {
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
        checkOrigin={controls?.checkOrigin}
        oldReportDays={oldReportDays}
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
