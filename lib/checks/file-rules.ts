/** Pass rules and a quick check's information read from files at well-known paths. */
import {
  type Answers,
  get,
  HOME_MD,
  isFile,
  isMarkdown,
  isPage,
  listed,
  MISSING,
  mark,
  type Probe,
  result,
  trouble,
} from './answers';
import type { Fetched, Note, RequestSpec } from './evidence';
import { fencesOf } from './markdown-fences';
import { isAllowed, type RobotsTxt, readRobotsTxt } from './robots-txt';

export const OPENAPI = [get('/openapi.json'), get('/api/openapi.yaml')];
const ROBOTS = get('/robots.txt');
const SITEMAP = get('/sitemap.xml');
const LLMS = get('/llms.txt');
const INSTRUCTIONS = [LLMS, get('/agents.md')];
const TRUST = [get('/about', 'html'), get('/contact', 'html'), get('/privacy', 'html')];
/** The longest markdown read for fences: far more than a page's, and a bound on a crafted one. */
const MARKDOWN_READ = 256 * 1024;
/** Answer engines and training crawlers the service and checks.md name. */
const AI_CRAWLERS =
  'GPTBot ChatGPT-User OAI-SearchBot ClaudeBot Claude-User PerplexityBot Google-Extended CCBot';

const paths = (specs: readonly RequestSpec[]) => listed(specs.map((spec) => spec.path));

/** No hit among `specs`: a miss, or "can't be checked" when an answer could not be judged. A miss
 * here means "not at the usual paths": the service may look further. */
export function miss(answers: Answers, specs: readonly RequestSpec[]) {
  const why = specs.map((spec) => trouble(answers.at(spec))).find((note) => note !== null);
  return why ? result('unknown', ...why) : result('fail', 'noteNotFoundAt', paths(specs));
}

const isSitemap = (answer: Fetched | undefined) =>
  answer?.evidence.status === 200 &&
  /<(urlset|sitemapindex)\b/i.test(answer.body) &&
  /<loc>/i.test(answer.body);

const robotsRead = new WeakMap<Fetched, RobotsTxt>();
/** robots.txt as read (RFC 9309), once per answer; null when it is no file. */
function robotsOf(answers: Answers): RobotsTxt | null {
  const answer = answers.at(ROBOTS);
  if (!isFile(answer, answers)) return null;
  const robots = robotsRead.get(answer) ?? readRobotsTxt(answer.body);
  robotsRead.set(answer, robots);
  return robots;
}

/** The first same-origin Sitemap line of robots.txt, as a path; null when there is none. */
function sitemapLine(answers: Answers, origin: string): RequestSpec | null {
  for (const line of robotsOf(answers)?.sitemaps ?? []) {
    try {
      const url = new URL(line, origin);
      if (url.origin === origin) return get(url.pathname + url.search);
    } catch {
      // Not a URL: the next line may be.
    }
  }
  return null;
}

export const specOf = (answers: Answers) =>
  OPENAPI.map((spec) => answers.at(spec)).find(
    (answer) =>
      isFile(answer, answers) && /["']?(openapi|swagger)["']?\s*:/.test(answer.body.slice(0, 1024)),
  );

/** Given the run's origin: a Sitemap line is followed only when it is on the same origin. */
export function fileRules(origin: string): Record<string, Probe> {
  return {
    'agent-friendly-404': {
      name: 'Agent-friendly 404s',
      tier: 'essential',
      requests: [MISSING],
      judge(answers) {
        const answer = answers.at(MISSING);
        // A redirect's target is hidden from extensions: it may end at a 404 page or at the
        // home page, so the browser cannot tell.
        const why = trouble(answer);
        if (why || !answer) return result('unknown', ...(why ?? ['checkWhy_limit']));
        const status = String(answer.evidence.status);
        if (status === '404' || status === '410') {
          const markdown = /markdown/i.test(answer.evidence.type) || /^\s*#/.test(answer.body);
          const onward = /\]\(|sitemap|llms\.txt|\/docs/i.test(answer.body);
          return markdown && onward && answer.body.length < 10_000
            ? result('pass', 'note404Recovery', status)
            : result('partial', 'note404Plain', status);
        }
        return status.startsWith('2')
          ? result('fail', 'note404Soft', status)
          : result('partial', 'note404Other', status);
      },
    },
    'markdown-negotiation-vary': {
      name: 'Markdown content negotiation (acceptmarkdown.com)',
      tier: 'essential',
      requests: [HOME_MD],
      judge(answers) {
        const answer = answers.at(HOME_MD);
        const why = trouble(answer);
        if (why || !answer) return result('unknown', ...(why ?? ['checkWhy_limit']));
        const type = answer.header('content-type');
        const vary = answer.header('vary');
        const markdown = isMarkdown(answer);
        const varies = vary
          .split(',')
          .some((token) => ['accept', '*'].includes(token.trim().toLowerCase()));
        return result(markdown && varies ? 'pass' : 'fail', 'noteMdVary', type || '–', vary || '–');
      },
    },
    'openapi-spec': {
      name: 'OpenAPI spec published',
      tier: 'essential',
      requests: OPENAPI,
      surface: true,
      judge(answers) {
        const spec = specOf(answers);
        return spec ? result('pass', 'noteFoundAt', spec.evidence.path) : miss(answers, OPENAPI);
      },
    },
    sitemap: {
      name: 'Sitemap exists',
      tier: 'recommended',
      requests: [SITEMAP, ROBOTS],
      followUps(answers) {
        const line = isSitemap(answers.at(SITEMAP)) ? null : sitemapLine(answers, origin);
        return line ? [line] : [];
      },
      judge(answers) {
        const line = sitemapLine(answers, origin);
        const found = [SITEMAP, line ?? SITEMAP].map((spec) => answers.at(spec)).find(isSitemap);
        if (!found) return miss(answers, [SITEMAP]);
        const entries = String(found.body.match(/<loc>/gi)?.length ?? 0);
        const key = found.evidence.cut ? 'noteSitemapCut' : 'noteSitemap';
        return result('pass', key, entries, found.evidence.path);
      },
    },
    'trust-anchors': {
      name: 'Trust anchor pages',
      tier: 'recommended',
      requests: TRUST,
      inferred: true,
      judge(answers) {
        const found = TRUST.filter(
          (spec) => isPage(answers.at(spec), answers) && (answers.facts(spec)?.text ?? 0) >= 500,
        );
        if (found.length === 0) return miss(answers, TRUST);
        const missing = TRUST.filter((spec) => !found.includes(spec));
        const level = found.length === 3 ? 'pass' : 'partial';
        return result(level, 'noteTrust', paths(found), paths(missing));
      },
    },
    'code-fence-validity': {
      name: 'Code fence validity',
      tier: 'recommended',
      requests: [HOME_MD, LLMS],
      judge(answers) {
        const home = answers.at(HOME_MD);
        const docs = [
          /markdown/i.test(home?.evidence.type ?? '') ? home : undefined,
          answers.at(LLMS),
        ].filter((answer) => isFile(answer, answers));
        if (docs.length === 0) return result('unknown', 'checkWhyNoMarkdown');
        // A body cut at the read limit, or longer than fences are read in, may close (or
        // open) a fence past the cut: it decides nothing.
        const whole = docs.filter((doc) => !doc.evidence.cut && doc.body.length <= MARKDOWN_READ);
        // Each document on its own: two left open do not close each other.
        const read = whole.map((doc) => ({ doc, fences: fencesOf(doc.body) }));
        const open = read.filter(({ fences }) => fences.unclosed > 0);
        if (open.length > 0)
          return result('fail', 'noteFencesOpen', listed(open.map(({ doc }) => doc.evidence.path)));
        if (whole.length < docs.length) return result('unknown', 'checkWhyCut');
        const count = read.reduce((sum, { fences }) => sum + fences.fences, 0);
        return result('pass', 'noteFences', String(count), paths(docs.map((doc) => doc.evidence)));
      },
    },
    'agent-instruction': {
      name: 'Agent instruction / when-to-use',
      tier: 'recommended',
      requests: INSTRUCTIONS,
      inferred: true,
      judge(answers) {
        const found = INSTRUCTIONS.map((spec) => answers.at(spec)).filter((answer) =>
          isFile(answer, answers),
        );
        if (found.length === 0) return miss(answers, INSTRUCTIONS);
        const guidance = found.some((answer) =>
          /when to use|use (this|it|us) (when|for|to)|best for|use cases?/i.test(answer.body),
        );
        const where = paths(found.map((answer) => answer.evidence));
        return result(guidance ? 'pass' : 'partial', 'noteInstruction', where, mark(guidance));
      },
    },
  };
}

/** robots.txt's rules for the named AI crawlers, for a quick check: the service scores it not. */
export function robotsInfo(answers: Answers): Note {
  const answer = answers.at(ROBOTS);
  // RFC 9309: a 5xx or an unreachable file means crawlers assume everything is disallowed.
  if (trouble(answer) !== null || answer === undefined) return ['infoRobotsUnreachable'];
  const status = answer.evidence.status ?? 0;
  if (status >= 400) return ['infoRobotsNone', String(status)];
  const robots = robotsOf(answers);
  if (robots === null) return ['infoRobotsNotText'];
  const rules = AI_CRAWLERS.split(' ').map((bot) => `${bot} ${mark(isAllowed(robots, bot, '/'))}`);
  return ['infoRobots', listed(rules)];
}

/** Whether an llms.txt is there, for a quick check: the service scores it not. */
export function llmsInfo(answers: Answers): Note {
  const answer = answers.at(LLMS);
  if (!isFile(answer, answers)) return ['infoLlmsNone'];
  const heading = answer.body.split(/\r?\n/, 1_000).some((line) => /^#[ \t]+\S/.test(line));
  return ['infoLlms', String(answer.body.length), mark(heading)];
}
