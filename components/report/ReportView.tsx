import type { ScanReport } from '../../lib/contract/report-schema';
import type { CheckDiff } from '../../lib/history/check-diff';
import type { ScoreChange } from '../../lib/history/score-history';
import { t } from '../../lib/locale/i18n';
import { ExternalLink } from '../popup/ExternalLink';
import { RefreshButton } from '../popup/RefreshButton';
import { CopyFixListButton } from './CopyFixListButton';
import { IssueList } from './IssueList';
import { ScoreHeader } from './ScoreHeader';
import { TierBuckets } from './TierBuckets';

export interface ReportViewProps {
  report: ScanReport;
  stale: boolean;
  receivedAt: number;
  now: number;
  onRefresh?: (() => void) | undefined;
  /** Copies the fix list; without it no Copy button is shown. */
  onCopyFixList?: ((report: ScanReport) => Promise<boolean>) | undefined;
  change?: ScoreChange | null | undefined;
  checkDiff?: CheckDiff | null | undefined;
}

/**
 * A stored report: the score first, then what to do next (the actions), then why (the tier
 * buckets), then what to fix (the issues).
 */
export function ReportView({
  report,
  stale,
  receivedAt,
  now,
  onRefresh,
  onCopyFixList,
  change,
  checkDiff,
}: ReportViewProps) {
  return (
    <article class="report">
      <ScoreHeader
        displayTarget={report.display_target}
        score={report.score}
        scoreLabel={report.score_label}
        scannedAt={report.scanned_at}
        stale={stale}
        receivedAt={receivedAt}
        now={now}
        change={change}
        checkDiff={checkDiff}
      />
      <div class="actions report-actions">
        <ExternalLink class="button button-primary" href={report.report_url}>
          {t('popupOpenFullReport')}
        </ExternalLink>
        {onCopyFixList && report.issues.length > 0 ? (
          <CopyFixListButton onCopy={() => onCopyFixList(report)} />
        ) : null}
        {onRefresh ? <RefreshButton onRefresh={onRefresh} /> : null}
      </div>
      <TierBuckets breakdown={report.score_breakdown} eligibleChecks={report.eligible_checks} />
      <IssueList issues={report.issues} />
    </article>
  );
}
