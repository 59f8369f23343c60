/**
 * A check run as Markdown, ready to paste into an issue: for one finding (its id and name, tier,
 * the stored verdict and details with report_url and scanned_at, the live verdict and its
 * evidence) or the whole run. Every string from the site or the service is escaped.
 */

import type { CheckRun } from '../checks/check-run-record';
import { type Evidence, requestKey } from '../checks/evidence';
import { type JudgedResult, judgedResults, noteText, verdictText } from '../checks/verdicts';
import type { ScanReport } from '../contract/report-schema';
import { t } from '../locale/i18n';
import { markdownCode, markdownText } from './fix-list';

export function evidenceLine(evidence: Evidence): string {
  const answer =
    evidence.problem !== null
      ? t(`checkWhy_${evidence.problem}`)
      : [
          String(evidence.status),
          evidence.type || '–',
          t('checkBytes', String(evidence.bytes)),
        ].join(', ');
  const headers = evidence.headers.map(([name, value]) => `${name}: ${value}`).join('; ');
  return [`${evidence.method} ${evidence.path}`, answer, `${evidence.ms} ms`, headers]
    .filter(Boolean)
    .join(' · ');
}

function findingLines(judged: JudgedResult, run: CheckRun, report: ScanReport | null): string[] {
  const { result, stored, verdict } = judged;
  const name = stored?.name ?? result.name ?? result.id;
  const tier = stored?.tier ?? result.tier ?? '';
  const lines = [
    `### ${markdownText(name)} (${markdownCode(result.id)}, ${markdownText(tier)})`,
    '',
  ];
  if (stored && report) {
    lines.push(
      `- ${t('checkMdStored', [markdownCode(stored.result), markdownText(report.scanned_at), `<${report.report_url}>`])}`,
    );
    if (stored.details) lines.push(`  - ${markdownText(stored.details)}`);
  }
  const when = new Date(run.at).toISOString();
  const reading = result.live.inferred ? ` (${t('checkInferred')})` : '';
  lines.push(
    `- ${t('checkMdLive', [markdownText(when), markdownText(verdictText(verdict, result.live))])}${reading}`,
  );
  lines.push(`  - ${markdownText(noteText(result.live.note))}`);
  for (const evidence of run.requests) {
    if (!result.live.paths.includes(requestKey(evidence))) continue;
    lines.push(`  - ${markdownCode(evidenceLine(evidence))}`);
    if (evidence.text) lines.push(`    - ${markdownCode(evidence.text)}`);
  }
  return lines;
}

/** One finding's Markdown, or the whole run's when `id` is not given. */
export function checkRunMarkdown(run: CheckRun, report: ScanReport | null, id?: string): string {
  const judged = judgedResults(run, report?.issues ?? null).filter(
    (entry) => id === undefined || entry.result.id === id,
  );
  const lines =
    id === undefined
      ? [`# ${t('checkMdTitle', markdownText(run.origin))}`, '', t('checkMdNotService'), '']
      : [];
  for (const entry of judged) lines.push(...findingLines(entry, run, report), '');
  if (id === undefined)
    for (const note of run.info) lines.push(`- ${markdownText(noteText(note))}`);
  return `${lines.join('\n').trim()}\n`;
}
