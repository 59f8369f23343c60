/** A report's issues as Markdown ("copy fix list"), and the escaping every copy uses (README). */
import { groupIssuesByTier } from '../contract/issue-groups';
import { withoutUnseen } from '../contract/plain-text';
import type { IssueTier, ScanIssue, ScanReport } from '../contract/report-schema';
import { serviceLinkOrNull } from '../contract/safe-url';
import { t } from '../locale/i18n';
import { roundScore } from '../tabs/score-band';

const TIER_KEY = {
  essential: 'popupTierEssential',
  recommended: 'popupTierRecommended',
  bonus: 'popupTierBonus',
} as const satisfies Record<IssueTier, string>;

export const tierWords = (tier: IssueTier): string => t(TIER_KEY[tier]);

/** Text that reads the same in Markdown: breaks become spaces, markup characters are escaped. */
export function markdownText(text: string): string {
  // Line by line, not one pattern around the break: a pattern with a run of white space on
  // each side of it takes quadratic time on a long run of spaces.
  const lines = withoutUnseen(text).split(/[\r\n]+/);
  const last = lines.length - 1;
  return lines
    .map((line, at) => {
      const start = at > 0 ? line.trimStart() : line;
      return at < last ? start.trimEnd() : start;
    })
    .join(' ')
    .replace(/[\\`*_{}[\]()<>#+!|~&]/g, (character) => `\\${character}`);
}

/** A code span that holds any string: the fence is one backtick longer than any run inside. */
export function markdownCode(text: string): string {
  const flat = withoutUnseen(text).replace(/[\r\n]+/g, ' ');
  if (flat === '') return '` `';
  const longestRun = (flat.match(/`+/g) ?? []).reduce(
    (longest, run) => Math.max(longest, run.length),
    0,
  );
  const fence = '`'.repeat(longestRun + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

function issueLines(issue: ScanIssue): string[] {
  const lines = [
    `- [ ] ${t('fixListIssue', [
      `**${markdownText(issue.name)}**`,
      markdownCode(issue.id),
      markdownCode(issue.tier),
      markdownCode(issue.result),
    ])}`,
  ];
  for (const [text, key] of [
    [issue.details, 'fixListDetails'],
    [issue.recommendation, 'fixListRecommendation'],
  ] as const) {
    if (text?.trim()) lines.push(`  - ${t(key, markdownText(text))}`);
  }
  return lines;
}

/** The fix list of one report; `serviceBaseUrl`: the service the report came from. */
export function fixListMarkdown(
  report: ScanReport,
  { serviceBaseUrl }: { serviceBaseUrl: string },
): string {
  const site = markdownText(report.display_target);
  const label = markdownText(report.score_label);
  // The scan date as the contract gives it (YYYY-MM-DD): exact, and readable in any locale.
  const date = markdownText(report.scanned_at.slice(0, 10));
  const lines = [
    `# ${t('fixListTitle', site)}`,
    '',
    report.score === null
      ? t('fixListNoScore', [label, date])
      : t('fixListScore', [String(roundScore(report.score)), label, date]),
  ];
  const reportUrl = serviceLinkOrNull(report.report_url, serviceBaseUrl);
  // A parsed http(s) URL has no spaces or angle brackets left: it fits an autolink as is.
  if (reportUrl !== null) lines.push(t('fixListReport', `<${reportUrl}>`));
  const groups = groupIssuesByTier(report.issues);
  if (groups.length === 0) lines.push('', t('fixListNone'));
  for (const group of groups) {
    lines.push(
      '',
      `## ${t('fixListTier', [tierWords(group.tier), String(group.issues.length)])}`,
      '',
    );
    for (const issue of group.issues) lines.push(...issueLines(issue));
  }
  return `${lines.join('\n')}\n`;
}
