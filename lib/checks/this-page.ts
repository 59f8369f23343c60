/** "This page": the tab's page as an agent meets it. Its tools for agents (WebMCP, by script and
 * in markup) and forms without one, from what the page showed (page-facts.ts); its server
 * signals, by the home page's own probes asked at the page's path; its size and its controls'
 * names. The same verdicts, evidence and Markdown as the rest of Check now. */
import { withoutUnseen } from '../contract/plain-text';
import { get, isMarkdown, isObject, type Probe, result, trouble } from './answers';
import type { CheckResult, CheckRun } from './check-run-record';
import type { Note } from './evidence';
import type { PageFacts, PageField } from './page-facts';
import { plainText, requestUrl } from './probe-fetch';
import { runChecks } from './run-checks';

/** The probes of the home page that hold for any page, asked at the tab's path. */
const PAGE_CHECK_IDS = [
  'content-no-js',
  'markdown-negotiation-vary',
  'json-ld',
  'metadata-completeness',
];
/** The size the service allows a page, in tokens (its page-token-budget check). */
const TOKEN_BUDGET = 25_000;
/** Characters per token, as the usual estimate for English text. */
const CHARS_PER_TOKEN = 4;

interface PageTool {
  name: string;
  source: 'script' | 'markup';
  description: string;
  params: PageField[];
  problems: Note[];
}

const TYPED = ['type', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', '$ref'];

/** A script tool's parameters, or null when its input schema is no object schema. */
function paramsOf(schema: unknown): PageField[] | null {
  if (!isObject(schema) || schema.type !== 'object') return null;
  if (schema.properties === undefined) return [];
  if (!isObject(schema.properties)) return null;
  return Object.entries(schema.properties)
    .slice(0, 50)
    .map(([name, property]) => {
      const fields = isObject(property) ? property : {};
      const typed = TYPED.find((key) => key in fields);
      return {
        name: plainText(name, 300),
        type: typed === undefined ? '' : typeof fields.type === 'string' ? fields.type : typed,
        description:
          typeof fields.description === 'string' ? plainText(fields.description, 300) : '',
      };
    });
}

/** The page's facts as text to show (nothing unseen: no bidi controls, no zero-width
 * characters), and every tool it offers with its problems named. */
export function pageView(read: PageFacts) {
  const facts: PageFacts = JSON.parse(JSON.stringify(read), (_key, value) =>
    typeof value === 'string' ? withoutUnseen(value) : value,
  );
  return { facts, tools: pageTools(facts) };
}

/** Every tool the page offers, each with its problems named. */
export function pageTools(facts: PageFacts): PageTool[] {
  const tools = [
    ...facts.scriptTools.map((tool) => {
      const params = paramsOf(tool.inputSchema);
      return { ...tool, source: 'script' as const, params: params ?? [], schema: params !== null };
    }),
    ...facts.markupTools.map((tool) => ({
      ...tool,
      source: 'markup' as const,
      params: tool.fields,
      schema: true,
    })),
  ];
  const names = tools.map((tool) => tool.name);
  return tools.map(({ name, source, description, params, schema }) => {
    const nameless = (key: keyof PageField) =>
      params.filter((param) => param[key] === '').map((param) => param.name || '–');
    const problems: Note[] = [];
    if (name === '') problems.push(['pageToolNoName']);
    else if (names.indexOf(name) !== names.lastIndexOf(name)) problems.push(['pageToolDuplicate']);
    if (description === '') problems.push(['pageToolNoDescription']);
    if (!schema) problems.push(['pageToolBadSchema']);
    const untyped = nameless('type');
    if (untyped.length > 0) problems.push(['pageToolUntyped', untyped.join(', ')]);
    const undescribed = nameless('description');
    if (undescribed.length > 0) problems.push(['pageToolUndescribed', undescribed.join(', ')]);
    return { name, source, description, params, problems };
  });
}

/** The page's markdown twin named by its `<link rel="alternate">`, asked if on the tab's origin. */
function markdownLinkProbe(origin: string, link: string | null): Probe {
  // The browser resolved the link: on the tab's origin, its path is what follows the origin.
  const url = link?.startsWith(`${origin}/`) ? requestUrl(origin, link.slice(origin.length)) : null;
  const spec = url === null ? null : get(url.pathname + url.search, 'md');
  return {
    name: 'Markdown version linked from the page',
    tier: 'recommended',
    requests: spec === null ? [] : [spec],
    judge(answers) {
      if (spec === null)
        return result('fail', link === null ? 'notePageNoMdLink' : 'notePageMdLinkAway');
      const answer = answers.at(spec);
      const why = trouble(answer);
      if (why || !answer) return result('unknown', ...(why ?? ['checkWhy_limit']));
      const served = answer.evidence.status === 200 && isMarkdown(answer);
      const type = answer.header('content-type');
      return result(served ? 'pass' : 'fail', 'notePageMdLink', spec.path, type || '–');
    },
  };
}

/** What the page showed, judged: its size against the service's budget, its controls' names. */
function shownResults(facts: PageFacts): CheckResult[] {
  const tokens = Math.ceil(facts.textChars / CHARS_PER_TOKEN);
  const unnamed = facts.unnamed.count;
  const shown = (id: string, name: string, level: 'pass' | 'fail', note: Note): CheckResult => ({
    id,
    name,
    tier: 'recommended',
    surface: false,
    live: { level, note, paths: [] },
  });
  return [
    shown('page-token-budget', 'Page size in tokens', tokens <= TOKEN_BUDGET ? 'pass' : 'fail', [
      'notePageTokens',
      String(tokens),
      String(TOKEN_BUDGET),
    ]),
    shown('control-names', 'Controls with a name', unnamed === 0 ? 'pass' : 'fail', [
      'notePageUnnamed',
      String(unnamed),
      facts.unnamed.examples.join(', ') || '–',
    ]),
  ];
}

/** What a click read of the page: its facts, its tools, and its signals as one run. */
export type ThisPageRead = Awaited<ReturnType<typeof checkThisPage>>;

/** The page's tools, and its server signals and what it showed as one run of Check now's shape. */
export async function checkThisPage(read: PageFacts, signal: AbortSignal) {
  const { facts, tools } = pageView(read);
  const { origin } = facts;
  const link = markdownLinkProbe(origin, facts.markdownLink);
  const ids = [...PAGE_CHECK_IDS, 'page-markdown-link'];
  const run = await runChecks(origin, ids, signal, {
    page: facts.path,
    extra: { 'page-markdown-link': link },
  });
  const results = [...run.results, ...shownResults(facts)];
  const checked: CheckRun = { ...run, id: 'this-page', quick: true, results };
  return { facts, tools, run: checked };
}
