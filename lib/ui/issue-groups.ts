/**
 * Issues as the popup lists them: grouped by tier in a fixed order, failed before partial.
 * The contract leaves the order of `issues` open, so the popup sets its own.
 */
import type { IssueTier, ScanIssue } from '../contract/report-schema';

export const ISSUE_TIER_ORDER: readonly IssueTier[] = ['essential', 'recommended', 'bonus'];

export interface IssueGroup {
  tier: IssueTier;
  /** Failed issues first, then partial ones; the server's order is kept within each. */
  issues: ScanIssue[];
  failed: number;
  partial: number;
}

/** Non-empty groups only, in the order essential, recommended, bonus. */
export function groupIssuesByTier(issues: readonly ScanIssue[]): IssueGroup[] {
  const groups: IssueGroup[] = [];
  for (const tier of ISSUE_TIER_ORDER) {
    const inTier = issues.filter((issue) => issue.tier === tier);
    if (inTier.length === 0) continue;
    const failed = inTier.filter((issue) => issue.result === 'failed');
    const partial = inTier.filter((issue) => issue.result === 'partial');
    groups.push({
      tier,
      issues: [...failed, ...partial],
      failed: failed.length,
      partial: partial.length,
    });
  }
  return groups;
}
