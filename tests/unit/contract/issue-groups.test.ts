import { describe, expect, it } from 'vitest';
import { groupIssuesByTier } from '../../../lib/contract/issue-groups';
import type { ScanIssue } from '../../../lib/contract/report-schema';
import { DEFAULT_SERVICE_BASE_URL } from '../../../lib/contract/service-base-url';
import { fixtureReports } from '../../../reference-server/fixtures/reports';

// fixed date: the clock this test gives the fixture reports; their scans are ages before it
const NOW = Date.parse('2026-11-22T09:30:00Z');

function issue(id: string, tier: ScanIssue['tier'], result: ScanIssue['result']): ScanIssue {
  return { id, name: id, tier, result, details: null, recommendation: null };
}

const ids = (issues: ScanIssue[]) => issues.map((entry) => entry.id);

describe('groupIssuesByTier', () => {
  it('returns no groups for no issues', () => {
    expect(groupIssuesByTier([])).toEqual([]);
  });

  it('orders the groups essential, recommended, bonus whatever the input order', () => {
    const groups = groupIssuesByTier([
      issue('b1', 'bonus', 'failed'),
      issue('r1', 'recommended', 'failed'),
      issue('e1', 'essential', 'failed'),
    ]);
    expect(groups.map((group) => group.tier)).toEqual(['essential', 'recommended', 'bonus']);
  });

  it('leaves out tiers without issues', () => {
    const groups = groupIssuesByTier([issue('b1', 'bonus', 'partial')]);
    expect(groups.map((group) => group.tier)).toEqual(['bonus']);
  });

  it('puts failed before partial and otherwise keeps the input order', () => {
    const [group] = groupIssuesByTier([
      issue('p1', 'essential', 'partial'),
      issue('f1', 'essential', 'failed'),
      issue('p2', 'essential', 'partial'),
      issue('f2', 'essential', 'failed'),
      issue('f3', 'essential', 'failed'),
    ]);
    expect(group && ids(group.issues)).toEqual(['f1', 'f2', 'f3', 'p1', 'p2']);
    expect(group?.failed).toBe(3);
    expect(group?.partial).toBe(2);
  });

  it('splits the 33 issues of the many-issues fixture into three groups of 11', () => {
    const issues = fixtureReports(DEFAULT_SERVICE_BASE_URL, NOW).manyIssues.issues;
    const groups = groupIssuesByTier(issues);
    expect(groups.map((group) => [group.tier, group.issues.length])).toEqual([
      ['essential', 11],
      ['recommended', 11],
      ['bonus', 11],
    ]);
    for (const group of groups) {
      const results = group.issues.map((entry) => entry.result);
      expect(results.indexOf('partial')).toBe(group.failed === results.length ? -1 : group.failed);
      expect(results.lastIndexOf('failed')).toBe(group.failed - 1);
      expect(group.failed + group.partial).toBe(group.issues.length);
    }
    expect(groups.flatMap((group) => group.issues)).toHaveLength(33);
  });

  it('does not change the array it was given', () => {
    const input = [issue('p1', 'essential', 'partial'), issue('f1', 'essential', 'failed')];
    groupIssuesByTier(input);
    expect(ids(input)).toEqual(['p1', 'f1']);
  });
});
