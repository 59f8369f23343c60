/** Issues as the popup lists them: the contract leaves the order of `issues` open. */
import type { IssueTier, ScanIssue } from './report-schema';

const TIERS: readonly IssueTier[] = ['essential', 'recommended', 'bonus'];

/** Non-empty tiers in a fixed order; in each, failed before partial, the server's order kept. */
export function groupIssuesByTier(issues: readonly ScanIssue[]) {
  const groups = TIERS.map((tier) => {
    const inTier = issues.filter((issue) => issue.tier === tier);
    const failed = inTier.filter(({ result }) => result === 'failed');
    const partial = inTier.filter(({ result }) => result === 'partial');
    return {
      tier,
      issues: [...failed, ...partial],
      failed: failed.length,
      partial: partial.length,
    };
  });
  return groups.filter((group) => group.issues.length > 0);
}
