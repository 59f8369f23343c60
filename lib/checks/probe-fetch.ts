/** One request of a check run, within its limits; every failure is a named problem, not a throw. */
import { withoutUnseen } from '../contract/plain-text';
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

/** Why an aborted run or request stopped: its time limit, or else its Cancel. */
export const stopReason = (signal: AbortSignal): 'timeout' | 'cancelled' =>
  signal.reason === 'timeout' ? 'timeout' : 'cancelled';

/** Text safe to keep and show: nothing unseen, cut. */
export const plainText = (text: string, length: number = LIMITS.evidenceChars) =>
  withoutUnseen(text.slice(0, length));

/** The address of `path` on `origin`, or null when it would leave it. The path is appended as
 * written: `//host/x` taken from a site's file stays a path of the origin. */
export function requestUrl(origin: string, path: string): URL | null {
  if (!path.startsWith('/')) return null;
  try {
    const url = new URL(`${origin}${path}`);
    return url.origin === origin ? url : null;
  } catch {
    return null;
  }
}

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

/** What the run records for a request without an answer to judge, and why. */
export const notSent = (spec: RequestSpec, problem: ProbeProblem, ms = 0): Fetched => ({
  evidence: {
    ...spec,
    path: plainText(spec.path, LIMITS.path),
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

/** The deciding headers as received, at most LIMITS.headers of them, each cut. */
function decidingHeaders(headers: Headers): { kept: [string, string][]; cut: boolean } {
  const kept: [string, string][] = [];
  let cut = false;
  headers.forEach((value, name) => {
    if (!DECIDING.test(name)) return;
    if (kept.length === LIMITS.headers) cut = true;
    else kept.push([plainText(name, LIMITS.headerName), plainText(value, LIMITS.headerValue)]);
  });
  return { kept, cut };
}

export async function fetchLimited(
  url: URL,
  spec: RequestSpec,
  signal: AbortSignal,
): Promise<Fetched> {
  const started = performance.now();
  // Ended by its own time limit, or by the run's (`timeout`) or its Cancel (`cancelled`).
  const request = new AbortController();
  const cancel = () => request.abort(stopReason(signal));
  const timer = setTimeout(() => request.abort('timeout'), LIMITS.requestMs);
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
    if (response.type === 'opaqueredirect') return notSent(spec, 'redirect', took());
    const { bytes, cut } = await readCapped(response);
    // NUL bytes in the first kilobyte: not text, whatever the content type says.
    const binary = bytes.subarray(0, 1024).includes(0);
    // The decoder drops a byte order mark and replaces what is not UTF-8.
    const body = binary ? '' : new TextDecoder().decode(bytes);
    const headers = decidingHeaders(response.headers);
    const evidence: Evidence = {
      ...spec,
      path: plainText(spec.path, LIMITS.path),
      status: response.status,
      type: plainText(response.headers.get('content-type') ?? '', LIMITS.headerValue),
      headers: headers.kept,
      bytes: bytes.length,
      ms: took(),
      text: plainText(body),
      problem: null,
      cut: cut || headers.cut,
      binary,
    };
    return { evidence, body, header: (name) => response.headers.get(name) ?? '' };
  } catch {
    const problem: ProbeProblem = request.signal.aborted ? stopReason(request.signal) : 'network';
    return notSent(spec, problem, took());
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', cancel);
  }
}
