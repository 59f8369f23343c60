import type { ScanIssue } from '../../lib/contract/report-schema';
import { type MessageKey, t } from '../../lib/locale/i18n';
import { presentText } from '../popup/format';

export interface IssueItemProps {
  issue: ScanIssue;
}

const RESULT_TEXT: Record<ScanIssue['result'], MessageKey> = {
  failed: 'popupResultFailed',
  partial: 'popupResultPartial',
};

/** One issue: name and result; expands to what was found and how to fix it, when known. */
export function IssueItem({ issue }: IssueItemProps) {
  const details = presentText(issue.details);
  const recommendation = presentText(issue.recommendation);
  const head = (
    <>
      <span class="issue-name">{issue.name}</span>
      <span class={`result result-${issue.result}`}>{t(RESULT_TEXT[issue.result])}</span>
    </>
  );
  if (details === null && recommendation === null) {
    return (
      <li class="issue">
        <div class="issue-head">{head}</div>
      </li>
    );
  }
  return (
    <li class="issue">
      <details>
        <summary class="issue-head">{head}</summary>
        <dl class="issue-body">
          {details !== null ? (
            <>
              <dt>{t('popupIssueDetails')}</dt>
              <dd>{details}</dd>
            </>
          ) : null}
          {recommendation !== null ? (
            <>
              <dt>{t('popupIssueRecommendation')}</dt>
              <dd>{recommendation}</dd>
            </>
          ) : null}
        </dl>
      </details>
    </li>
  );
}
