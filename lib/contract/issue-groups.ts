/**
 * Issues as the popup lists them: grouped by tier in a fixed order, failed before partial.
 * The contract leaves the order of `issues` open, so the popup sets its own.
 */
import type { IssueTier, ScanIssue } from './report-schema';

const TIERS: readonly IssueTier[] = ['essential', 'recommended', 'bonus'];

/**
 * Non-empty groups only, in the order essential, recommended, bonus; in each, failed issues
 * before partial ones, the server's order kept within each.
 */
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
