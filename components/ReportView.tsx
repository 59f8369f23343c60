import type { ScanReport } from '../lib/contract/report-schema';
import { ExternalLink } from './ExternalLink';
import { IssueList } from './IssueList';
import { RefreshButton } from './RefreshButton';
import { ScoreHeader } from './ScoreHeader';
import { TierBuckets } from './TierBuckets';

export interface ReportViewProps {
  report: ScanReport;
  stale: boolean;
  receivedAt: number;
  now: number;
  onRefresh?: (() => void) | undefined;
}

/** A stored report: score, tier buckets, issues, and the way to the full report. */
export function ReportView({ report, stale, receivedAt, now, onRefresh }: ReportViewProps) {
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
      />
      <TierBuckets breakdown={report.score_breakdown} eligibleChecks={report.eligible_checks} />
      <IssueList issues={report.issues} />
      <div class="actions">
        <ExternalLink class="button button-primary" href={report.report_url}>
          Open full report
        </ExternalLink>
        {onRefresh ? <RefreshButton onRefresh={onRefresh} /> : null}
      </div>
    </article>
  );
}
