import { useEffect, useState } from 'preact/hooks';
import type { ScanReport } from '../../lib/contract/report-schema';
import type { CheckDiff } from '../../lib/history/check-diff';
import type { ScoreChange } from '../../lib/history/score-history';

type ScanChanges = { change: ScoreChange | null; checkDiff: CheckDiff | null };
const UNKNOWN: ScanChanges = { change: null, checkDiff: null };

/**
 * How the score and the checks changed since the site's previous scan, for the report shown;
 * null until read. The score history is loaded after the first frame.
 */
export function useScanChanges(site: string | null, report: ScanReport | null): ScanChanges {
  const [changes, setChanges] = useState(UNKNOWN);
  useEffect(() => {
    setChanges(UNKNOWN);
    if (site === null || report === null) return;
    let current = true;
    Promise.all([
      import('../../lib/history/score-history'),
      import('../../lib/history/check-diff'),
    ]).then(([{ readAllScans, scoreChangeFor }, { checkDiffFor, otherSites }]) =>
      readAllScans().then((history) => {
        if (!current) return;
        const scans = history[site] ?? [];
        const checkDiff = checkDiffFor(scans, report, otherSites(history, site));
        setChanges({ change: scoreChangeFor(scans, report), checkDiff });
      }),
    );
    return () => {
      current = false;
    };
  }, [site, report]);
  return changes;
}
