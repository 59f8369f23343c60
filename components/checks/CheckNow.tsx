import { useContext, useMemo } from 'preact/hooks';
import { countVerdicts, judgedResults, noteText, quickSummary } from '../../lib/checks/verdicts';
import type { ScanReport } from '../../lib/contract/report-schema';
import { formatClockTime, formatRelativeTime, parseTime } from '../../lib/locale/format-time';
import { t } from '../../lib/locale/i18n';
import { checkRunMarkdown, thisPageMarkdown } from '../../lib/markdown/check-run';
import { copyText } from '../../lib/page/page-actions';
import type { CheckTarget } from '../../lib/page/popup-start';
import { CopyFixListButton } from '../report/CopyFixListButton';
import { IssueList } from '../report/IssueList';
import { ServiceBaseUrlContext } from '../shared/service-base-url-context';
import { useLazyComponent } from '../shared/use-lazy-component';
import { LiveResult } from './LiveResult';
import type { ThisPageProps } from './ThisPage';
import { useCheckNow } from './use-check-now';

export interface CheckNowProps {
  target: CheckTarget;
  /** The stored report whose findings are re-checked; null for a quick check. */
  report: ScanReport | null;
  now: number;
}

/** The button, the run's state, its summary and each live result: beside the report's stored
 * findings, or as a quick check's own list. The stored score and badge never change. */
export function CheckNow({ target, report, now }: CheckNowProps) {
  const serviceBaseUrl = useContext(ServiceBaseUrlContext);
  const reportIds = useMemo(() => report?.issues.map((issue) => issue.id) ?? null, [report]);
  const { run, page, state, start, cancel } = useCheckNow(target, reportIds);
  const judged = run ? judgedResults(run, report?.issues ?? null) : [];
  const read = page?.kind === 'read' ? page : null;
  const copy = (id?: string) => {
    if (!run) return Promise.resolve(false);
    const markdown = checkRunMarkdown(run, report, { serviceBaseUrl, id });
    const more = read && id === undefined ? `\n${thisPageMarkdown(read, serviceBaseUrl)}` : '';
    return copyText(markdown + more);
  };
  const copyPage = (id: string) =>
    read
      ? copyText(checkRunMarkdown(read.run, null, { serviceBaseUrl, id }))
      : Promise.resolve(false);
  const liveOf = (id: string) => {
    const found = judged.find((entry) => entry.result.id === id);
    return found && run ? (
      <LiveResult judged={found} requests={run.requests} onCopy={() => copy(id)} />
    ) : null;
  };
  const running = state.kind === 'running';
  const verdicts = judged.map((entry) => entry.verdict);
  const { passes, improved, failing, reachable, unknown } = countVerdicts(verdicts);
  const quick = quickSummary(verdicts);
  const summary = report
    ? [judged.length - unknown, judged.length, passes, improved, failing, reachable, unknown]
    : [quick.passing, quick.judged];
  const scanned = report ? parseTime(report.scanned_at) : null;
  const when = run && [
    formatClockTime(run.at, now) ?? '',
    String(run.requests.length),
    String(run.ms),
  ];
  return (
    <>
      <section class="check-now" aria-labelledby="check-now-title">
        <h2 id="check-now-title">{t('checkNowTitle')}</h2>
        <p class="muted">{t(report ? 'checkNowExplainReport' : 'checkNowExplainQuick')}</p>
        <div class="actions">
          {running ? (
            <button type="button" class="button" onClick={cancel}>
              {t('checkNowCancel')}
            </button>
          ) : (
            <button type="button" class="button button-primary" onClick={start}>
              {t(state.kind === 'refused' ? 'checkNowTryAgain' : 'checkNowButton')}
            </button>
          )}
          {run && !running ? (
            <CopyFixListButton label={t('checkCopyRun')} onCopy={() => copy()} />
          ) : null}
        </div>
        <p class="check-state" role="status" aria-busy={running}>
          {running ? t('checkNowRunning') : null}
          {state.kind === 'refused' ? t('checkNowRefused', new URL(target.origin).host) : null}
          {state.kind === 'private' ? t('checkNowPrivate') : null}
          {state.kind === 'failed' ? t('checkNowFailed', state.message) : null}
        </p>
        {run && when ? (
          <div class="check-run">
            <p>
              {report && scanned !== null
                ? t('checkNowWhen', [
                    ...when,
                    formatRelativeTime(scanned, now) ?? report.scanned_at,
                  ])
                : t('checkNowWhenQuick', when)}
            </p>
            {run.state === 'cancelled' ? <p>{t('checkNowCancelled')}</p> : null}
            {run.state === 'abandoned' ? <p>{t('checkNowAbandoned')}</p> : null}
            {run.cut ? <p class="muted">{t('checkNowCut')}</p> : null}
            <p class="check-summary">
              <strong>
                {t(report ? 'checkSummaryReport' : 'checkSummaryQuick', summary.map(String))}
              </strong>
            </p>
            {report ? null : (
              <ul class="check-results">
                {judged.map((entry) => (
                  <li key={entry.result.id} class="issue">
                    <span class="issue-name">{entry.result.name ?? entry.result.id}</span>
                    {liveOf(entry.result.id)}
                  </li>
                ))}
              </ul>
            )}
            {run.info.length > 0 ? (
              <>
                <h3>{t('checkInfoTitle')}</h3>
                <ul class="check-info">
                  {run.info.map((note) => (
                    <li key={note[0]}>{noteText(note)}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        ) : null}
      </section>
      {report ? <IssueList issues={report.issues} liveOf={run ? liveOf : undefined} /> : null}
      {run && page && !running ? <ThisPageSlot page={page} onCopy={copyPage} /> : null}
    </>
  );
}

/** This page's section: a chunk of its own, fetched once a click has read the page. */
function ThisPageSlot(props: ThisPageProps) {
  const Section = useLazyComponent(() => import('./ThisPage').then((module) => module.ThisPage));
  return Section ? <Section {...props} /> : null;
}
