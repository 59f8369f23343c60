/** The comparison of the ticked sites: their reports, and a check × site matrix (README). */
import type { IssueTier, ScanReport } from '../contract/report-schema';
import { csvText } from './site-export';
import { type SiteRow, TIERS } from './site-rows';

export type CheckMark = 'failed' | 'partial' | 'not-listed' | 'no-report';

export type RowWithReport = SiteRow & { report: ScanReport | null };

export interface ComparedCheck {
  id: string;
  /** As the first report (in the order the sites were chosen) that lists the check names it. */
  name: string;
  tier: IssueTier;
  marks: CheckMark[];
  /** The sites with a report do not all say the same of it ("no-report" is no difference). */
  differs: boolean;
}

export type Comparison = ReturnType<typeof buildComparison>;

/** Those that differ first, as they are what a comparison is for; then by tier, then by name. */
export function compareChecks(a: ComparedCheck, b: ComparedCheck): number {
  if (a.differs !== b.differs) return a.differs ? -1 : 1;
  const tier = TIERS.indexOf(a.tier) - TIERS.indexOf(b.tier);
  if (tier !== 0) return tier;
  return a.name.localeCompare(b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function buildComparison(rows: readonly RowWithReport[]) {
  const listed = new Map<string, ComparedCheck>();
  for (const { id, name, tier } of rows.flatMap((row) => row.report?.issues ?? [])) {
    if (listed.has(id)) continue;
    const marks = rows.map(({ report }): CheckMark => {
      if (report === null) return 'no-report';
      return report.issues.find((issue) => issue.id === id)?.result ?? 'not-listed';
    });
    const answered = new Set(marks.filter((mark) => mark !== 'no-report'));
    listed.set(id, { id, name, tier, marks, differs: answered.size > 1 });
  }
  return { sites: rows, checks: [...listed.values()].sort(compareChecks) };
}

/** One row per check; after the fixed columns, one column per site, headed by its origin. */
export const comparisonCsv = ({ sites, checks }: Comparison): string =>
  csvText([
    ['check_id', 'check_name', 'tier', 'differs', ...sites.map((site) => site.site)],
    ...checks.map((check) => [check.id, check.name, check.tier, check.differs, ...check.marks]),
  ]);
