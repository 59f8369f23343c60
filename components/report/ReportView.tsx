import type { ComponentChildren } from 'preact';
import type { ScanReport } from '../../lib/contract/report-schema';
import { t } from '../../lib/locale/i18n';
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
  /**
   * What stands in the issue list's place (Check now, on the pages that offer it): passed in,
   * so that a page without it does not carry it.
   */
  findings?: ComponentChildren;
}

/** A stored report: the score, what to do next, why (the tier buckets), what to fix (issues). */
export function ReportView({ onRefresh, onCopyFixList, findings, ...shown }: ReportViewProps) {
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
      {findings ?? <IssueList issues={report.issues} level={shown.nested ? 3 : 2} />}
    </article>
  );
}
