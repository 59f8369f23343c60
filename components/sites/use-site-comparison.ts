import { useMemo, useState } from 'preact/hooks';
import { hostOf } from '../../lib/contract/http-origin';
import { uiLocale } from '../../lib/locale/i18n';
import { downloadText, logError } from '../../lib/page/page-actions';
import { exportFileName } from '../../lib/sites/site-export';
import { rowOf, type SiteRow } from '../../lib/sites/site-rows';
import { useKeptReports } from './use-sites';

const PICK_LIMIT = 4;
export const PICK_LEAST = 2;

export type SiteComparisonState = ReturnType<typeof useSiteComparison>;

const loadComparisonCode = () =>
  Promise.all([
    import('../../lib/sites/site-comparison'),
    import('../../lib/markdown/comparison'),
  ]).then(([comparison, markdown]) => ({ ...comparison, ...markdown }));

/**
 * The sites ticked (2 to 4, in that order), the comparison and its exports, whose code loads
 * when it first opens. A fifth tick is refused with a note, a new object each time, so the
 * page renders again and the refused box shows unticked even when the words are the same.
 */
export function useSiteComparison(page: {
  rows: readonly SiteRow[] | null;
  /** The service the rows' answers came from: the reports are read from its entries. */
  serviceBaseUrl: string;
}) {
  const { rows } = page;
  const [picked, setPicked] = useState<readonly string[]>([]);
  const [refused, setRefused] = useState<{ host: string } | null>(null);
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState<Awaited<ReturnType<typeof loadComparisonCode>> | null>(null);

  // A ticked site that has since gone (local data cleared) stays, as a site with nothing kept.
  const chosen = useMemo(
    () => (open ? picked.map((site) => rowOf(rows ?? [], site)) : []),
    [open, picked, rows],
  );
  const reportOf = useKeptReports(page.serviceBaseUrl, chosen);

  /** Null while closed, and until the code and every ticked site's report are read. */
  const comparison = useMemo(() => {
    const reports = chosen.map(reportOf);
    if (code === null || chosen.length === 0 || reports.includes(undefined)) return null;
    return code.buildComparison(
      chosen.map((row, index) => ({ ...row, report: reports[index] ?? null })),
    );
  }, [code, chosen, reportOf]);

  return {
    picked,
    refused,
    open,
    comparison,
    onPick(site: string, options: { picked: boolean }) {
      const full = options.picked && !picked.includes(site) && picked.length >= PICK_LIMIT;
      setRefused(full ? { host: hostOf(site) } : null);
      if (!options.picked) setPicked((current) => current.filter((one) => one !== site));
      else if (!full && !picked.includes(site)) setPicked([...picked, site]);
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
    onExport(kind: 'csv' | 'markdown') {
      if (comparison === null || code === null) return;
      const [ending, type, text] =
        kind === 'csv'
          ? ['csv', 'text/csv', code.comparisonCsv(comparison)]
          : ['md', 'text/markdown', code.comparisonMarkdown(comparison, { locale: uiLocale() })];
      downloadText(exportFileName('comparison', ending, Date.now()), `${type};charset=utf-8`, text);
    },
  };
}
