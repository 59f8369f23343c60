/**
 * The sites page's comparison of the ticked sites (2 to 4, see lib/ui/use-site-comparison.ts):
 * each site's kept report side by side, and every check any of those reports lists as failed
 * or partial, as a matrix of check × site. A report lists only the checks a site did not pass,
 * so a check missing from one report is "not listed" (passed, or not applicable), never
 * "passed": the report does not say which. A ticked site without a kept report has no answer
 * for any check ("no-report"), and that unknown does not count as a difference.
 *
 * The checks that differ between the sites come first, since they are what a comparison is
 * for; then by tier as the report ranks them, then by name.
 *
 * The CSV export follows the sites table's (lib/sites/site-export.ts): the same cell writer,
 * so names from the service cannot turn into spreadsheet formulas.
 */
import type { IssueTier, ScanReport } from '../contract/report-schema';
import { csvCell } from './site-export';
import { type SiteRow, TIERS } from './site-rows';

/** What one site's report says of a check. */
export type CheckMark = 'failed' | 'partial' | 'not-listed' | 'no-report';

export interface ComparedSite {
  site: string;
  host: string;
  score: number | null;
  label: string | null;
  /** Null when nothing is kept for the site. */
  report: ScanReport | null;
}

export interface ComparedCheck {
  id: string;
  /** As the first report (in the order the sites were chosen) that lists the check names it. */
  name: string;
  tier: IssueTier;
  /** One per compared site, in the sites' order. */
  marks: CheckMark[];
  /** Whether the sites with a report do not all say the same of it. */
  differs: boolean;
}

export interface Comparison {
  sites: ComparedSite[];
  checks: ComparedCheck[];
}

function markOf(report: ScanReport | null, id: string): CheckMark {
  if (report === null) return 'no-report';
  return report.issues.find((issue) => issue.id === id)?.result ?? 'not-listed';
}

/** Differing checks first, then essential → recommended → bonus, then by name. */
export function compareChecks(a: ComparedCheck, b: ComparedCheck): number {
  if (a.differs !== b.differs) return a.differs ? -1 : 1;
  const tier = TIERS.indexOf(a.tier) - TIERS.indexOf(b.tier);
  if (tier !== 0) return tier;
  return a.name.localeCompare(b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** A ticked site's row and its kept report (null when none is kept). */
export type RowWithReport = SiteRow & { report: ScanReport | null };

/** The comparison of the given rows, in the order given. */
export function buildComparison(rows: readonly RowWithReport[]): Comparison {
  const sites = rows.map(({ site, host, score, label, report }) => ({
    site,
    host,
    score,
    label,
    report,
  }));
  const listed = new Map<string, { id: string; name: string; tier: IssueTier }>();
  for (const row of rows) {
    for (const issue of row.report?.issues ?? []) {
      if (!listed.has(issue.id)) listed.set(issue.id, { ...issue });
    }
  }
  const checks = [...listed.values()].map(({ id, name, tier }) => {
    const marks = rows.map((row) => markOf(row.report, id));
    const answered = new Set(marks.filter((mark) => mark !== 'no-report'));
    return { id, name, tier, marks, differs: answered.size > 1 };
  });
  return { sites, checks: checks.sort(compareChecks) };
}

export const COMPARISON_CSV_COLUMNS = ['check_id', 'check_name', 'tier', 'differs'] as const;

/** One row per check; after the fixed columns, one column per site, headed by its origin. */
export function comparisonCsv(comparison: Comparison): string {
  const header = [...COMPARISON_CSV_COLUMNS, ...comparison.sites.map((site) => site.site)];
  const lines = [header.map(csvCell).join(',')];
  for (const check of comparison.checks) {
    const cells = [check.id, check.name, check.tier, check.differs, ...check.marks];
    lines.push(cells.map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** agent-readiness-comparison-2026-11-23.csv, beside the sites table's own exports. */
export function comparisonFileName(kind: 'csv' | 'md', exportedAt: number): string {
  return `agent-readiness-comparison-${new Date(exportedAt).toISOString().slice(0, 10)}.${kind}`;
}
