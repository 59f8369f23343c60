/** A run's answers as the pass rules read them, what a probe is, and the tests rules share. */
import { type Fetched, type Live, type Note, type RequestSpec, requestKey } from './evidence';
import { type HtmlFacts, htmlFacts, looksHtml } from './html-facts';

export function get(path: string, accept: RequestSpec['accept'] = 'any'): RequestSpec {
  return { method: 'GET', path, accept };
}
/** The path that cannot exist; the runner sends a fresh random one in its place. */
export const MISSING = get('/?random');
export const HOME = get('/', 'html');
export const HOME_MD = get('/', 'md');

export type Answers = ReturnType<typeof answersOf>;

export interface Probe {
  /** The service's name of the check, for a quick check (a report brings its own). */
  name: string;
  tier: 'essential' | 'recommended';
  requests: readonly RequestSpec[];
  /** Requests that depend on the first answers (a Sitemap line, a fallback path). */
  followUps?(answers: Answers): RequestSpec[];
  judge(answers: Answers): Pick<Live, 'level' | 'note'>;
  /** The pass rule is our reading of the service's texts, not published. */
  inferred?: boolean;
  /** An API or MCP surface: in a quick check, a miss means none here, not a failure. */
  surface?: boolean;
}

export const result = (level: Live['level'], ...note: Note) => ({ level, note });

export function answersOf(read: (spec: RequestSpec) => Fetched | undefined) {
  const parsed = new Map<string, HtmlFacts | null>();
  return {
    at: read,
    /** The HTML facts of a page's answer, parsed once; null when it is no page. */
    facts(spec: RequestSpec): HtmlFacts | null {
      const key = requestKey(spec);
      if (!parsed.has(key)) {
        const answer = read(spec);
        const usable = answer && trouble(answer) === null && answer.evidence.status === 200;
        parsed.set(key, usable ? htmlFacts(answer.body) : null);
      }
      return parsed.get(key) ?? null;
    },
  };
}

/** Why an answer cannot be judged, or null when it can. */
export function trouble(answer: Fetched | undefined): Note | null {
  if (answer === undefined) return ['checkWhy_limit'];
  const { problem, status, binary } = answer.evidence;
  if (problem !== null) return [`checkWhy_${problem}` as const];
  if (status !== null && status >= 500) return ['checkWhyServerError', String(status)];
  if (binary) return ['checkWhyBinary'];
  return null;
}

const sameText = (one: string, other: string) =>
  one.replace(/\s+/g, ' ').trim() === other.replace(/\s+/g, ' ').trim();

/** A 200 whose body is what the site says for a path that cannot exist: a soft 404. */
function isSoftMissing(answer: Fetched, answers: Answers): boolean {
  const missing = answers.at(MISSING);
  if (missing?.evidence.status !== 200 || missing.body === '') return false;
  const strip = (body: string, path: string) => body.split(path).join('');
  return sameText(
    strip(answer.body, answer.evidence.path),
    strip(missing.body, missing.evidence.path),
  );
}

/** A page that exists: 200 and not the soft-404 shell. */
export const isPage = (answer: Fetched | undefined, answers: Answers): answer is Fetched =>
  answer !== undefined &&
  trouble(answer) === null &&
  answer.evidence.status === 200 &&
  !isSoftMissing(answer, answers);

/** A file that exists: a page that is not HTML, whatever its content type says. */
export const isFile = (answer: Fetched | undefined, answers: Answers): answer is Fetched =>
  isPage(answer, answers) && !looksHtml(answer.body) && answer.body.trim() !== '';

/** Deeper than any real document nests; a crafted one is left unread rather than parsed slowly. */
const MAX_JSON_DEPTH = 512;

/** The JSON value, or undefined when the text is none or nests deeper than MAX_JSON_DEPTH (read
 * first in one pass, strings skipped). */
export function parseJson(text: string): unknown {
  for (let index = 0, depth = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 34 /* " */) {
      for (index++; index < text.length && text.charCodeAt(index) !== 34; index++)
        if (text.charCodeAt(index) === 92 /* \ */) index++;
    } else if (code === 91 || code === 123 /* [ { */) {
      if (++depth > MAX_JSON_DEPTH) return undefined;
    } else if (code === 93 || code === 125 /* ] } */) depth--;
  }
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const MARKDOWN_TYPE = 'text/markdown';

/** The answer is markdown by its type (`text/markdown`, parameters aside) and not HTML under
 * that name. A prefix compared, not a pattern run over what the site sent. */
export function isMarkdown(answer: Fetched): boolean {
  const type = answer.header('content-type').trimStart().slice(0, 64).toLowerCase();
  const typed = type.startsWith(MARKDOWN_TYPE) && !/\w/.test(type.charAt(MARKDOWN_TYPE.length));
  return typed && !looksHtml(answer.body);
}

/** As storage/record.ts's, which the checks do not import: through it the browser module left the
 * popup's first script for a chunk of its own, one more request before the first frame. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const filled = (value: unknown) =>
  (typeof value === 'string' && value.trim() !== '') ||
  (Array.isArray(value) && value.length > 0) ||
  isObject(value);

export const mark = (yes: boolean) => (yes ? '✓' : '✗');
export const listed = (items: readonly string[]) => (items.length > 0 ? items.join(', ') : '–');
