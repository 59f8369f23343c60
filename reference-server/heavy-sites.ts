/**
 * Sample sites whose every file is built to make reading it slow: about 1 MB each (under Check
 * now's read limit; the markdown one within what its rule reads whole), crafted against what the rules do with a site's text — a robots.txt group
 * of thousands of agents over thousands of rules, newline floods, long runs of spaces after
 * every key word, nesting 100,000 deep, one 1 MB line, 10,000 JSON-LD blocks, markdown
 * containers and fences nested or repeated. The e2e tests, the unit tests and the bench's
 * figure 10 read the same answers. Each is `http://<name>.readiness-fixtures.com`; `/start` is
 * the page a tab opens on.
 */
import { FIXTURE_DOMAIN } from './fixtures/reports';

export interface HeavyAnswer {
  status: number;
  type: string;
  body: string;
}

const MB = 1_000_000;
const HTML = 'text/html; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';
const JSON_TYPE = 'application/json';
const MARKDOWN = 'text/markdown; charset=utf-8';

/** `unit` repeated up to about `size` characters. */
const fill = (unit: string, size = MB) => unit.repeat(Math.max(1, Math.floor(size / unit.length)));
const page = (inHead: string, inBody = '<h1>Heavy</h1>') =>
  `<!doctype html><html lang="en"><head><title>Heavy</title>${inHead}</head><body>${inBody}</body></html>`;
const ok = (type: string, body: string): HeavyAnswer => ({ status: 200, type, body });

/** Every key word a rule looks for, each followed by a long run of spaces. */
const KEY_WORDS = [
  'Sitemap:',
  'sitemap :',
  'User-agent:',
  'Disallow:',
  'scopes:',
  '"scopes" :',
  'securitySchemes:',
  'openapi:',
  '"openapi" :',
  '#',
  '```',
  '~~~',
  '>',
  '- ',
  '1.',
  '<urlset',
  '<loc>',
  'when to use',
  '"@type" :',
  '"name" :',
];
const spaceRuns = () => fill(KEY_WORDS.map((word) => `${word}${' '.repeat(5_000)}\n`).join(''));

/** One group: thousands of user agents (GPTBot among them) over thousands of rules. */
function robotsGroup(): string {
  const agents = Array.from({ length: 6_000 }, (_, at) => `User-agent: crawler-${at}\n`);
  agents.splice(3_000, 0, 'User-agent: GPTBot\n');
  const rules = Array.from({ length: 6_000 }, (_, at) => `Disallow: /private-${at}/*/x$\n`);
  const head = `${agents.join('')}${rules.join('')}`;
  return `${head}${'\n'.repeat(Math.max(0, MB - head.length))}`;
}

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** A site's answer for a path; `markdown`: the home page asked for as markdown. */
type Site = (path: string, markdown: boolean) => HeavyAnswer;

const notFound: HeavyAnswer = { status: 404, type: TEXT, body: 'Not found' };

export const HEAVY_KINDS = {
  'robots-group': (path) => (path === '/robots.txt' ? ok(TEXT, robotsGroup()) : notFound),
  'newline-flood': (path, markdown) =>
    path === '/' && !markdown
      ? ok(HTML, page('', fill('\n')))
      : ok(markdown ? MARKDOWN : TEXT, `# Flood\nUser-agent: *\n${fill('\n')}end\n`),
  'space-runs': (path, markdown) => {
    if (path === '/' && !markdown) return ok(HTML, page('', `<p>${spaceRuns()}</p>`));
    const json = path.endsWith('.json') || path.startsWith('/.well-known/');
    return ok(json ? JSON_TYPE : markdown ? MARKDOWN : TEXT, spaceRuns());
  },
  'deep-nesting': (path, markdown) => {
    if (path === '/' && !markdown) {
      const block = `<script type="application/ld+json">${deepArray(100_000)}</script>`;
      return ok(
        HTML,
        page(
          `${block}<script type="application/ld+json">${deepObject(100_000)}</script>`,
          `${'<div>'.repeat(100_000)}x`,
        ),
      );
    }
    if (markdown || path.endsWith('.md') || path.endsWith('.txt')) {
      return ok(markdown ? MARKDOWN : TEXT, `${fill('> ', MB / 2)}\`\`\`\n${fill('- ', MB / 2)}`);
    }
    return ok(JSON_TYPE, deepArray(MB / 2));
  },
  'one-line': (path, markdown) =>
    path === '/' && !markdown ? ok(HTML, page('', `<p>${fill('x')}</p>`)) : ok(TEXT, fill('`x')),
  'json-ld-blocks': (path, markdown) => {
    if (path !== '/' || markdown) return notFound;
    const block = '<script type="application/ld+json">{"@type":"Thing","name":"n"}</script>';
    return ok(HTML, page(block.repeat(10_000)));
  },
  'markdown-containers': (path, markdown) => {
    if (path === '/' && !markdown) return ok(HTML, page(''));
    const nested = Array.from({ length: 300 }, (_, at) => `${'  '.repeat(at)}- \`\`\`\n`).join('');
    return ok(
      markdown || path.endsWith('.md') ? MARKDOWN : TEXT,
      // Just within what the fence rule reads whole: the most it ever scans.
      `${nested}${fill('```\n~~~~\n', 170_000)}`,
    );
  },
} satisfies Record<string, Site>;

export type HeavyKind = keyof typeof HEAVY_KINDS;

export const HEAVY_SITES = Object.fromEntries(
  Object.keys(HEAVY_KINDS).map((kind) => [kind, `http://${kind}.${FIXTURE_DOMAIN}`]),
) as Record<HeavyKind, string>;

/** The page a tab opens on a heavy site: an ordinary page. */
export const HEAVY_START_PATH = '/start';

const built = new Map<string, HeavyAnswer>();

/** A heavy site's answer (each built once), or null when the origin is none of them. */
export function heavyAnswer(origin: string, path: string, accept: string): HeavyAnswer | null {
  const kind = (Object.keys(HEAVY_SITES) as HeavyKind[]).find(
    (name) => HEAVY_SITES[name] === origin,
  );
  if (kind === undefined) return null;
  if (path === HEAVY_START_PATH) return ok(HTML, page('', '<h1>A heavy sample site</h1>'));
  // A run's path that cannot exist is not found, so every other file counts as one.
  if (/^\/[0-9a-f]{24}$/.test(path)) return notFound;
  const markdown = path === '/' && accept.includes('text/markdown');
  const key = `${kind} ${path} ${markdown}`;
  let answer = built.get(key);
  if (answer === undefined) {
    answer = HEAVY_KINDS[kind](path, markdown);
    built.set(key, answer);
  }
  return answer;
}
