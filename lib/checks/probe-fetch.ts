/**
 * One request of a check run, within its limits: the tab's own origin only, no cookies, no
 * cache, redirects not followed (a redirect is evidence: its target stays hidden from
 * extensions), only an Accept header, a time limit, and at most LIMITS.bytes read before the
 * body is cancelled. Every failure comes back as a named problem, never as a throw.
 */
import {
  ACCEPT_HEADER,
  type Evidence,
  type Fetched,
  LIMITS,
  type ProbeProblem,
  type RequestSpec,
} from './evidence';

/** Headers that decide a verdict or explain a stale one (a CDN's copy). */
const DECIDING =
  /^(content-type|vary|location|age|x-cache|cf-cache-status|retry-after|www-authenticate|(x-)?ratelimit.*)$/i;

/** Text safe to keep and show: no control characters, cut. */
export const plainText = (text: string, length: number = LIMITS.evidenceChars) =>
  text.slice(0, length).replace(/(?![\n\t])\p{Cc}/gu, '\uFFFD');

async function readCapped(response: Response): Promise<{ bytes: Uint8Array; cut: boolean }> {
  const reader = response.body?.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  let ended = !reader;
  while (!ended && size < LIMITS.bytes) {
    const { done, value } = (await reader?.read()) ?? { done: true };
    if (value) chunks.push(value);
    size += value?.byteLength ?? 0;
    ended = done;
  }
  // Enough read: the rest (of a huge or endless body) is never fetched.
  if (!ended) reader?.cancel().catch(() => undefined);
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer()).subarray(0, LIMITS.bytes);
  return { bytes, cut: !ended };
}

const blank = (spec: RequestSpec, problem: ProbeProblem, ms = 0): Fetched => ({
  evidence: {
    ...spec,
    status: null,
    type: '',
    headers: [],
    bytes: 0,
    ms,
    text: '',
    problem,
    cut: false,
    binary: false,
  },
  body: '',
  header: () => '',
});

/** What the run records for a request it did not send, and why. */
export const notSent = (spec: RequestSpec, why: ProbeProblem): Fetched => blank(spec, why);

export async function fetchLimited(
  origin: string,
  spec: RequestSpec,
  signal: AbortSignal,
): Promise<Fetched> {
  const url = new URL(spec.path, origin);
  // Paths found in the site's files are checked before; this is the last guard.
  if (url.origin !== origin) return blank(spec, 'redirect');
  const started = performance.now();
  const request = new AbortController();
  const cancel = () => request.abort();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    request.abort();
  }, LIMITS.requestMs);
  signal.addEventListener('abort', cancel, { once: true });
  const took = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(url, {
      method: spec.method,
      headers: { Accept: ACCEPT_HEADER[spec.accept] },
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'manual',
      referrerPolicy: 'no-referrer',
      signal: request.signal,
    });
    if (response.type === 'opaqueredirect') return blank(spec, 'redirect', took());
    const { bytes, cut } = await readCapped(response);
    // NUL bytes in the first kilobyte: not text, whatever the content type says.
    const binary = bytes.subarray(0, 1024).includes(0);
    // The decoder drops a byte order mark and replaces what is not UTF-8.
    const body = binary ? '' : new TextDecoder().decode(bytes);
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (DECIDING.test(name)) headers.push([name, plainText(value, 200)]);
    });
    const evidence: Evidence = {
      ...spec,
      status: response.status,
      type: plainText(response.headers.get('content-type') ?? '', 200),
      headers,
      bytes: bytes.length,
      ms: took(),
      text: plainText(body),
      problem: null,
      cut,
      binary,
    };
    return { evidence, body, header: (name) => response.headers.get(name) ?? '' };
  } catch {
    // The run's own time limit ends a request as its time limit does.
    const problem =
      timedOut || signal.reason === 'deadline'
        ? 'timeout'
        : signal.aborted
          ? 'cancelled'
          : 'network';
    return blank(spec, problem, took());
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', cancel);
  }
}
