import type { ComponentChildren } from 'preact';
import type { ScanIssue } from '../../lib/contract/report-schema';
import { t } from '../../lib/locale/i18n';
import { presentText } from '../shared/format';

/** One issue, opening to what was found and how to fix it; `live`: Check now's finding. */
export function IssueItem({ issue, live }: { issue: ScanIssue; live?: ComponentChildren }) {
  const details = presentText(issue.details);
  const recommendation = presentText(issue.recommendation);
  const head = (
    <>
      <span class="issue-name">{issue.name}</span>
      <span class={`result result-${issue.result}`}>
        {t(issue.result === 'failed' ? 'popupResultFailed' : 'popupResultPartial')}
      </span>
    </>
  );
  return (
    <li class="issue">
      {details === null && recommendation === null ? (
        <div class="issue-head">{head}</div>
      ) : (
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
      )}
      {live}
    </li>
  );
}
