/** The sites comparison as Markdown: a table of the sites, then one of the checks (README). */
import type { ScanReport } from '../contract/report-schema';
import { t } from '../locale/i18n';
import { formatNumber } from '../locale/locale-format';
import type { CheckMark, Comparison } from '../sites/site-comparison';
import { TIERS } from '../sites/site-rows';
import { markdownCode, markdownText, tierWords } from './fix-list';

/** The words for a check's mark, shared by the page and this export. */
const MARK_KEY = {
  failed: 'sitesCompareMark_failed',
  partial: 'sitesCompareMark_partial',
  'not-listed': 'sitesCompareMark_notListed',
  'no-report': 'sitesCompareMark_noReport',
} as const satisfies Record<CheckMark, string>;

export const markWords = (mark: CheckMark): string => t(MARK_KEY[mark]);

const table = (header: readonly string[], rows: readonly (readonly string[])[]) =>
  [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`);

function bucketCells(report: ScanReport | null, locale: string): string[] {
  if (report === null) return ['', '', ''];
  const { essential, recommended, bonus } = report.score_breakdown;
  const points = (bucket: { earned: number; available: number }) =>
    bucket.available === 0
      ? t('popupNotApplicable')
      : `${formatNumber(bucket.earned, locale)} / ${formatNumber(bucket.available, locale)}`;
  return [points(essential), points(recommended), `+${formatNumber(bonus.points, locale)}`];
}

export function comparisonMarkdown(comparison: Comparison, { locale }: { locale: string }): string {
  const hosts = comparison.sites.map((site) => markdownText(site.host));
  const siteHeader = [t('sitesColumn_site'), t('sitesColumn_score'), t('sitesColumn_label')];
  const lines = [
    `# ${markdownText(t('sitesCompareMarkdownTitle'))}`,
    '',
    ...table(
      [...siteHeader, ...TIERS.map(tierWords)],
      comparison.sites.map((site, index) => [
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
    const header = [
      t('sitesCompareColumnCheck'),
      t('sitesCompareColumnId'),
      t('sitesCompareColumnTier'),
    ];
    const rows = comparison.checks.map((check) => {
      const name = markdownText(check.name);
      return [
        check.differs ? `**${name}** (${markdownText(t('sitesCompareDiffers'))})` : name,
        markdownCode(check.id).replaceAll('|', '\\|'),
        tierWords(check.tier),
        ...check.marks.map((mark) => markdownText(markWords(mark))),
      ];
    });
    lines.push(...table([...header, ...hosts], rows));
  }
  return `${lines.join('\n')}\n`;
}
