import type { IssueTier, ScanIssue } from '../lib/contract/report-schema';
import { groupIssuesByTier } from '../lib/issue-groups';
import { plural } from './format';
import { IssueItem } from './IssueItem';

export interface IssueListProps {
  issues: readonly ScanIssue[];
}

const TIER_NAME: Record<IssueTier, string> = {
  essential: 'Essential',
  recommended: 'Recommended',
  bonus: 'Bonus',
};

/** Up to this many issues, every group starts open; beyond it only the first one does. */
const OPEN_ALL_UP_TO = 8;

/** "2 failed, 1 partial", leaving out a zero: "3 failed". */
function splitText(failed: number, partial: number): string {
  return [failed > 0 ? `${failed} failed` : '', partial > 0 ? `${partial} partial` : '']
    .filter(Boolean)
    .join(', ');
}

/** The issues grouped by tier, each group collapsible, failed before partial. */
export function IssueList({ issues }: IssueListProps) {
  const groups = groupIssuesByTier(issues);
  return (
    <section class="issues" aria-labelledby="issues-title">
      <h2 id="issues-title">
        Issues <span class="count">({issues.length})</span>
      </h2>
      {groups.length === 0 ? (
        <p class="all-passed">Every check passed: nothing to fix.</p>
      ) : (
        groups.map((group, index) => (
          <details
            key={group.tier}
            class="issue-group"
            open={index === 0 || issues.length <= OPEN_ALL_UP_TO}
          >
            <summary class="group-head">
              <span class="group-name">{TIER_NAME[group.tier]}</span>{' '}
              <span class="group-count">{plural(group.issues.length, 'issue', 'issues')}</span>
              <span class="group-split">{splitText(group.failed, group.partial)}</span>
            </summary>
            <ul class="issue-list">
              {group.issues.map((issue, position) => (
                // Issue ids are free strings and may repeat; position keeps keys unique.
                <IssueItem key={`${issue.id}#${position}`} issue={issue} />
              ))}
            </ul>
          </details>
        ))
      )}
    </section>
  );
}
