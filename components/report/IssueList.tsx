import type { ComponentChildren } from 'preact';
import { groupIssuesByTier } from '../../lib/contract/issue-groups';
import type { IssueTier, ScanIssue } from '../../lib/contract/report-schema';
import { type MessageKey, t } from '../../lib/locale/i18n';
import { formatNumber, formatUnitList, tCount } from '../../lib/locale/locale-format';
import { presentText } from '../shared/format';

const TIER_NAME: Record<IssueTier, MessageKey> = {
  essential: 'popupTierEssential',
  recommended: 'popupTierRecommended',
  bonus: 'popupTierBonus',
};

/** Up to this many issues, every group starts open; beyond it only the first one does. */
const OPEN_ALL_UP_TO = 8;

/** "2 failed, 1 partial", leaving out a zero: "3 failed". */
function splitText(failed: number, partial: number): string {
  const parts: string[] = [];
  if (failed > 0) parts.push(t('popupFailedCount', formatNumber(failed)));
  if (partial > 0) parts.push(t('popupPartialCount', formatNumber(partial)));
  return formatUnitList(parts);
}

/** One issue, opening to what was found and how to fix it; `live`: Check now's finding. */
function IssueItem({ issue, live }: { issue: ScanIssue; live?: ComponentChildren }) {
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

/** The issues by tier, failed before partial; `liveOf`: Check now's finding for a check id. */
export function IssueList(props: {
  issues: readonly ScanIssue[];
  liveOf?: ((id: string) => ComponentChildren) | undefined;
  level?: 2 | 3;
}) {
  const { issues, liveOf, level = 2 } = props;
  const groups = groupIssuesByTier(issues);
  const Heading = `h${level}` as const;
  return (
    <section class="issues" aria-labelledby="issues-title">
      <Heading id="issues-title">
        {t('popupIssuesTitle')}{' '}
        <span class="count">{t('popupIssuesCount', formatNumber(issues.length))}</span>
      </Heading>
      {groups.length === 0 ? (
        <p class="all-passed">{t('popupAllPassed')}</p>
      ) : (
        groups.map((group, index) => (
          <details
            key={group.tier}
            class={`issue-group issue-group-${group.tier}`}
            open={index === 0 || issues.length <= OPEN_ALL_UP_TO}
          >
            <summary class="group-head">
              <span class="group-name">{t(TIER_NAME[group.tier])}</span>{' '}
              <span class="group-count">{tCount('popupIssueCount', group.issues.length)}</span>
              <span class="group-split">{splitText(group.failed, group.partial)}</span>
            </summary>
            <ul class="issue-list">
              {group.issues.map((issue, position) => (
                // Issue ids are free strings and may repeat; position keeps keys unique.
                <IssueItem
                  key={`${issue.id}#${position}`}
                  issue={issue}
                  live={liveOf?.(issue.id)}
                />
              ))}
            </ul>
          </details>
        ))
      )}
    </section>
  );
}
