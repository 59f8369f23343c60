/**
 * The sites page's comparison: which sites are ticked (2 to 4, in the order ticked), whether
 * the comparison is open, and its exports. The matrix and the exports are loaded when the
 * comparison first opens, so the list's first render does not carry them.
 *
 * A fifth tick is refused with a note naming the site; the note is a new object each time, so
 * the page renders again and the refused box shows unticked even when the note's words are
 * the same as before.
 */
import { useMemo, useState } from 'preact/hooks';
import { uiLocale } from '../locale/i18n';
import type { Comparison } from '../sites/site-comparison';
import { emptyRow, hostOf, type SiteRow } from '../sites/site-rows';
import { downloadText } from './download';
import { logError } from './log-error';
import { useKeptReports } from './use-kept-reports';

export const PICK_LIMIT = 4;
export const PICK_LEAST = 2;

export type ComparisonExportKind = 'csv' | 'markdown';

/** Why the last tick was refused, or null. */
export interface PickRefusal {
  host: string;
}

export interface SiteComparisonState {
  /** The ticked sites' origins, in the order ticked. */
  picked: readonly string[];
  refused: PickRefusal | null;
  open: boolean;
  /** Null while closed, and while the comparison's code loads. */
  comparison: Comparison | null;
  onPick(site: string, options: { picked: boolean }): void;
  onClearPicks(): void;
  onOpen(): void;
  onClose(): void;
  onExport(kind: ComparisonExportKind): void;
}

type ComparisonCode = typeof import('../sites/site-comparison') & {
  comparisonMarkdown: typeof import('./comparison-markdown').comparisonMarkdown;
};

async function loadComparisonCode(): Promise<ComparisonCode> {
  const [comparison, markdown] = await Promise.all([
    import('../sites/site-comparison'),
    import('./comparison-markdown'),
  ]);
  return { ...comparison, comparisonMarkdown: markdown.comparisonMarkdown };
}

export function useSiteComparison(page: {
  rows: readonly SiteRow[] | null;
  /** The service the rows' answers came from: the reports are read from its entries. */
  serviceBaseUrl: string;
}): SiteComparisonState {
  const { rows } = page;
  const [picked, setPicked] = useState<readonly string[]>([]);
  const [refused, setRefused] = useState<PickRefusal | null>(null);
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState<ComparisonCode | null>(null);

  // A ticked site that has since gone (local data cleared) stays, as a site with nothing kept.
  const chosen = useMemo(
    () =>
      open
        ? picked.map((site) => rows?.find((row) => row.site === site) ?? emptyRow(site, false))
        : [],
    [open, picked, rows],
  );
  const reportOf = useKeptReports(page.serviceBaseUrl, chosen);

  const comparison = useMemo(() => {
    if (code === null) return null;
    const withReports = chosen.map((row) => ({ ...row, report: reportOf(row) }));
    // No comparison with a site missing: it waits until every ticked site's report is read.
    if (withReports.length === 0 || withReports.some((row) => row.report === undefined))
      return null;
    return code.buildComparison(withReports.map((row) => ({ ...row, report: row.report ?? null })));
  }, [code, chosen, reportOf]);

  return {
    picked,
    refused,
    open,
    comparison,
    onPick(site, options) {
      if (!options.picked) {
        setPicked((current) => current.filter((one) => one !== site));
        setRefused(null);
      } else if (picked.includes(site)) {
        setRefused(null);
      } else if (picked.length >= PICK_LIMIT) {
        setRefused({ host: hostOf(site) });
      } else {
        setPicked([...picked, site]);
        setRefused(null);
      }
    },
    onClearPicks() {
      setPicked([]);
      setRefused(null);
    },
    onOpen() {
      if (picked.length < PICK_LEAST) return;
      setOpen(true);
      if (code === null) loadComparisonCode().then(setCode, logError);
    },
    onClose: () => setOpen(false),
    onExport(kind) {
      if (comparison === null || code === null) return;
      const at = Date.now();
      if (kind === 'csv') {
        downloadText(
          code.comparisonFileName('csv', at),
          'text/csv;charset=utf-8',
          code.comparisonCsv(comparison),
        );
      } else {
        downloadText(
          code.comparisonFileName('md', at),
          'text/markdown;charset=utf-8',
          code.comparisonMarkdown(comparison, { locale: uiLocale() }),
        );
      }
    },
  };
}
