/** A live result in words beside the stored verdict, which never changes: for a report's finding,
 * what changed since the scan; for a quick check, the result itself. */
import type { ScanIssue } from '../contract/report-schema';
import { type MessageKey, t } from '../locale/i18n';
import type { CheckRun } from './check-run-record';
import type { Live, Note } from './evidence';

export const VERDICT_WORDS = {
  passes: 'checkVerdictPasses',
  improved: 'checkVerdictImproved',
  failing: 'checkVerdictFailing',
  reachable: 'checkVerdictReachable',
  unknown: 'checkVerdictUnknown',
  partial: 'checkVerdictPartial',
  fails: 'checkVerdictFails',
  'no-surface': 'checkVerdictNoSurface',
} as const satisfies Record<string, MessageKey>;

export type Verdict = keyof typeof VERDICT_WORDS;

/** Details that say the scanner never got the page (meta.ai: "Could not fetch homepage"). */
const SCANNER_BLOCKED = /could not (fetch|reach|load)|nothing sampled|failed to fetch/i;

/** `stored`: the report's finding (null in a quick check); `surface`: an API or MCP check, whose
 * miss in a quick check means there is no such surface here, not a failure. */
export function verdictOf(
  live: Live,
  on: { stored: ScanIssue | null; homeReachable: boolean; surface?: boolean },
): Verdict {
  const { stored } = on;
  if (live.level === 'unknown') return 'unknown';
  if (stored !== null) {
    if (on.homeReachable && SCANNER_BLOCKED.test(stored.details ?? '')) return 'reachable';
    if (live.level === 'pass') return 'passes';
    return stored.result === 'failed' && live.level === 'partial' ? 'improved' : 'failing';
  }
  if (on.surface && live.level === 'fail') return 'no-surface';
  return live.level === 'pass' ? 'passes' : live.level === 'partial' ? 'partial' : 'fails';
}

export const noteText = (note: Note): string => t(note[0], note.slice(1)) || note.join(' ');

/** The verdict's words, with the reason when it can't be checked. */
export const verdictText = (verdict: Verdict, live: Live): string =>
  t(VERDICT_WORDS[verdict], verdict === 'unknown' ? noteText(live.note) : []);

/** How many results have each verdict. */
export function countVerdicts(verdicts: readonly Verdict[]): Record<Verdict, number> {
  const counts = Object.fromEntries(Object.keys(VERDICT_WORDS).map((key) => [key, 0]));
  for (const verdict of verdicts) counts[verdict] = (counts[verdict] ?? 0) + 1;
  return counts as Record<Verdict, number>;
}

/** A quick check's summary: "N of M browser-checkable checks pass" (M: those with a verdict). */
export function quickSummary(verdicts: readonly Verdict[]): { passing: number; judged: number } {
  const counts = countVerdicts(verdicts);
  return { passing: counts.passes, judged: counts.passes + counts.partial + counts.fails };
}

export type JudgedResult = ReturnType<typeof judgedResults>[number];

/** Each result of a run with its verdict, against the report's findings (by id, in order). */
export function judgedResults(run: CheckRun, issues: readonly ScanIssue[] | null) {
  return run.results.map((result) => {
    const stored = issues?.find((issue) => issue.id === result.id) ?? null;
    const verdict = verdictOf(result.live, {
      stored,
      homeReachable: run.homeReachable,
      surface: result.surface,
    });
    return { result, stored, verdict };
  });
}
