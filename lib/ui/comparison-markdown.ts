/**
 * The sites comparison as Markdown, for a ticket or a note: a table of the sites (score,
 * label, tier buckets) and the check-by-check table, in the UI's language like the fix list.
 *
 * Names and hosts come from the service or the address bar. Each goes through the fix list's
 * escaping (lib/ui/fix-list.ts), which also escapes `|`: an unescaped pipe would split a table
 * cell in two. Inside a code span a pipe still splits the cell in GitHub's tables, so the
 * check's id escapes it there too.
 */
import type { ScanReport } from '../contract/report-schema';
import { t } from '../locale/i18n';
import { formatNumber } from '../locale/locale-format';
import type { Comparison } from '../sites/site-comparison';
import { markWords, tierWords } from './comparison-words';
import { markdownCode, markdownText } from './fix-list';

const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
const divider = (count: number) => row(Array.from({ length: count }, () => '---'));

function bucketCells(report: ScanReport | null, locale: string): string[] {
  if (report === null) return ['', '', ''];
  const { essential, recommended, bonus } = report.score_breakdown;
  const points = (bucket: { earned: number; available: number }) =>
    bucket.available === 0
      ? t('popupNotApplicable')
      : `${formatNumber(bucket.earned, locale)} / ${formatNumber(bucket.available, locale)}`;
  return [points(essential), points(recommended), `+${formatNumber(bonus.points, locale)}`];
}

export function comparisonMarkdown(comparison: Comparison, options: { locale: string }): string {
  const { locale } = options;
  const hosts = comparison.sites.map((site) => markdownText(site.host));
  const siteHeader = [
    t('sitesColumn_site'),
    t('sitesColumn_score'),
    t('sitesColumn_label'),
    t('popupTierEssential'),
    t('popupTierRecommended'),
    t('popupTierBonus'),
  ];
  const lines = [
    `# ${markdownText(t('sitesCompareMarkdownTitle'))}`,
    '',
    row(siteHeader),
    divider(siteHeader.length),
    ...comparison.sites.map((site, index) =>
      row([
        hosts[index] ?? '',
        site.report === null
          ? markdownText(markWords('no-report'))
          : site.score === null
            ? markdownText(t('sitesNoScore'))
            : formatNumber(site.score, locale),
        markdownText(site.label ?? ''),
        ...bucketCells(site.report, locale),
      ]),
    ),
    '',
    `## ${markdownText(t('sitesCompareChecksCaption'))}`,
    '',
  ];
  if (comparison.checks.length === 0) {
    lines.push(markdownText(t('sitesCompareNoChecks')));
  } else {
    const checkHeader = [
      t('sitesCompareColumnCheck'),
      t('sitesCompareColumnId'),
      t('sitesCompareColumnTier'),
      ...hosts,
    ];
    lines.push(row(checkHeader), divider(checkHeader.length));
    for (const check of comparison.checks) {
      const name = markdownText(check.name);
      lines.push(
        row([
          check.differs ? `**${name}** (${markdownText(t('sitesCompareDiffers'))})` : name,
          markdownCode(check.id).replaceAll('|', '\\|'),
          tierWords(check.tier),
          ...check.marks.map((mark) => markdownText(markWords(mark))),
        ]),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
