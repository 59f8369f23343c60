/** A check run, or one finding of it, as Markdown: stored and live verdicts, evidence (README). */
import type { CheckRun } from '../checks/check-run-record';
import { type Evidence, type Note, requestKey } from '../checks/evidence';
import type { ThisPageRead } from '../checks/this-page';
import { type JudgedResult, judgedResults, VERDICT_WORDS } from '../checks/verdicts';
import type { ScanReport } from '../contract/report-schema';
import { serviceLinkOrNull } from '../contract/safe-url';
import { type MessageKey, t } from '../locale/i18n';
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

/** Our words for `key`, escaped, with Markdown already made put in for its values. */
function wordsWith(key: MessageKey, values: readonly string[]): string {
  // Marks in the private use area stand for the values while the words are escaped.
  const marks = values.map((_value, at) => `\ue000${at}\ue001`);
  const marked = markdownText(t(key, marks));
  return marked.replace(/\ue000(\d+)\ue001/g, (_mark, at: string) => values[Number(at)] ?? '');
}

/** A note in words, its values (the site's) as code spans. */
const noteMarkdown = ([key, ...values]: Note) => wordsWith(key, values.map(markdownCode));

interface Context {
  run: CheckRun;
  report: ScanReport | null;
  serviceBaseUrl: string;
}

function findingLines(judged: JudgedResult, { run, report, serviceBaseUrl }: Context): string[] {
  const { result, stored, verdict } = judged;
  const name = stored?.name ?? result.name ?? result.id;
  const tier = stored?.tier ?? result.tier ?? '';
  const lines = [
    `### ${markdownCode(name)} (${markdownCode(result.id)}, ${markdownCode(tier)})`,
    '',
  ];
  if (stored && report) {
    const link = serviceLinkOrNull(report.report_url, serviceBaseUrl);
    const where = link === null ? markdownCode(report.report_url) : `<${link}>`;
    lines.push(
      `- ${t('checkMdStored', [markdownCode(stored.result), markdownCode(report.scanned_at), where])}`,
    );
    if (stored.details) lines.push(`  - ${markdownCode(stored.details)}`);
  }
  const when = new Date(run.at).toISOString();
  const reading = result.live.inferred ? ` (${t('checkInferred')})` : '';
  const note = noteMarkdown(result.live.note);
  const words =
    verdict === 'unknown'
      ? wordsWith(VERDICT_WORDS.unknown, [note])
      : markdownText(t(VERDICT_WORDS[verdict]));
  lines.push(`- ${t('checkMdLive', [when, words])}${reading}`);
  if (verdict !== 'unknown') lines.push(`  - ${note}`);
  for (const evidence of run.requests) {
    if (!result.live.paths.includes(requestKey(evidence))) continue;
    lines.push(`  - ${markdownCode(evidenceLine(evidence))}`);
    if (evidence.text) lines.push(`    - ${markdownCode(evidence.text)}`);
  }
  return lines;
}

/** One finding's Markdown (`id`), or the whole run's; `serviceBaseUrl`: the report's service. */
export function checkRunMarkdown(
  run: CheckRun,
  report: ScanReport | null,
  { serviceBaseUrl, id }: { serviceBaseUrl: string; id?: string | undefined },
): string {
  const context = { run, report, serviceBaseUrl };
  const judged = judgedResults(run, report?.issues ?? null).filter(
    (entry) => id === undefined || entry.result.id === id,
  );
  const lines =
    id === undefined
      ? [`# ${t('checkMdTitle', markdownCode(run.origin))}`, '', t('checkMdNotService'), '']
      : [];
  for (const entry of judged) lines.push(...findingLines(entry, context), '');
  if (id === undefined) for (const note of run.info) lines.push(`- ${noteMarkdown(note)}`);
  return `${lines.join('\n').trim()}\n`;
}

/** This page's tools, forms without one, and signals, as Markdown after the run's. */
export function thisPageMarkdown(page: ThisPageRead, serviceBaseUrl: string): string {
  const { facts, tools } = page;
  const lines = [`## ${t('thisPageMdTitle', markdownCode(facts.origin + facts.path))}`, ''];
  if (!facts.webmcp) {
    const why = facts.secure ? 'thisPageNoWebmcp' : 'thisPageInsecure';
    lines.push(`- ${wordsWith(why, [String(facts.markupTools.length)])}`);
  }
  for (const tool of tools) {
    const source = t(tool.source === 'script' ? 'thisPageSourceScript' : 'thisPageSourceMarkup');
    lines.push(
      `- ${markdownCode(tool.name || '–')} (${source}): ${markdownCode(tool.description || '–')}`,
    );
    for (const param of tool.params) {
      lines.push(
        `  - ${[param.name, param.type, param.description].map(markdownCode).join(' · ')}`,
      );
    }
    for (const problem of tool.problems) lines.push(`  - ${noteMarkdown(problem)}`);
  }
  for (const form of facts.formsWithoutTool) {
    lines.push(
      `- ${markdownText(t('thisPageFormsTitle'))}: ${markdownCode(form.label || form.kind)}`,
    );
  }
  const context = { run: page.run, report: null, serviceBaseUrl };
  for (const entry of judgedResults(page.run, null))
    lines.push('', ...findingLines(entry, context));
  return `${lines.join('\n').trim()}\n`;
}
