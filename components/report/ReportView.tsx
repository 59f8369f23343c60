import type { ScanReport } from '../../lib/contract/report-schema';
import { t } from '../../lib/locale/i18n';
import { CheckNowSlot } from '../checks/CheckNowSlot';
import type { CheckTarget } from '../checks/use-check-now';
import { ExternalLink } from '../shared/ExternalLink';
import { RefreshButton } from '../shared/RefreshButton';
import { CopyFixListButton } from './CopyFixListButton';
import { IssueList } from './IssueList';
import { ScoreHeader, type ScoreHeaderProps } from './ScoreHeader';
import { TierBuckets } from './TierBuckets';

export interface ReportViewProps extends ScoreHeaderProps {
  onRefresh?: (() => void) | undefined;
  /** Copies the fix list; without it no Copy button is shown. */
  onCopyFixList?: ((report: ScanReport) => Promise<boolean>) | undefined;
  /** The site "Check now" re-checks the findings of; without it there is no such button. */
  check?: CheckTarget | null | undefined;
}

/** A stored report: the score, what to do next, why (the tier buckets), what to fix (issues). */
export function ReportView({ onRefresh, onCopyFixList, check, ...shown }: ReportViewProps) {
  const { report } = shown;
  return (
    <article class="report">
      <ScoreHeader {...shown} />
      <div class="actions report-actions">
        <ExternalLink class="button button-primary" href={report.report_url}>
          {t('popupOpenFullReport')}
        </ExternalLink>
        {onCopyFixList && report.issues.length > 0 ? (
          <CopyFixListButton onCopy={() => onCopyFixList(report)} />
        ) : null}
        {onRefresh ? <RefreshButton onRefresh={onRefresh} /> : null}
      </div>
      <TierBuckets
        breakdown={report.score_breakdown}
        eligibleChecks={report.eligible_checks}
        coverage={{ bonusListed: report.issues.some((issue) => issue.tier === 'bonus') }}
        heading={shown.nested ? { id: 'buckets-title', level: 3 } : undefined}
      />
      {check ? (
        <CheckNowSlot
          target={check}
          report={report}
          now={shown.now}
          fallback={<IssueList issues={report.issues} />}
        />
      ) : (
        <IssueList issues={report.issues} level={shown.nested ? 3 : 2} />
      )}
    </article>
  );
}
