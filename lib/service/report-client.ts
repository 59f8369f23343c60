/**
 * lib/service/ — talking to the lookup service over HTTP: the client, capped body reads, Retry-
 * After, the base URL, the outcome of a lookup and its console log. Imports lib/contract/,
 * lib/locale/ and lib/storage/ only.
 *
 * Client for the lookup service's one operation: GET {baseUrl}/api/report?url=<origin>.
 *
 * `lookupReport` never rejects. Every answer, and every way of not getting one, becomes a
 * LookupOutcome, because the background worker has to show a badge state for each of them and
 * an exception escaping into an extension event handler would leave the badge stuck on
 * "loading".
 *
 * Response bodies are validated here, where they enter the extension: a body that breaks the
 * contract is "invalid-response", never a partly trusted report.
 */
import { contractSchemas } from '../contract/report-schema';
import { describeSchemaProblem } from '../contract/schema-problem';
import type { LookupOutcome, ResponseMeta } from './lookup-outcome';
import { quotaFromHeaders } from './rate-limit';
import { readCappedBody } from './read-capped-body';
import { retryAtFromHeader } from './retry-after';
import { normaliseServiceBaseUrl, REPORT_PATH } from './service-base-url';
import { EMPTY_SERVICE_ERROR, readServiceError, type ServiceError } from './service-error';

/** Well under the 30 s an MV3 service worker may spend on one event before Chrome stops it. */
export const DEFAULT_TIMEOUT_MS = 8000;

/** Real reports are a few kilobytes; even the largest fixture is far below this. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** What `invalid-response` says when the service answered with a redirect. */
export const REDIRECT_PROBLEM = 'unexpected redirect';

/** What `network-failure` says when the caller's own signal ended the lookup. */
export const ABORTED_MESSAGE = 'aborted';

export interface ReportClientDeps {
  /** The service's base URL, optionally with a path prefix; a trailing slash is ignored. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Limit for the whole exchange, from sending the request to the last byte of the body. */
  timeoutMs?: number;
  /** Bodies longer than this are abandoned unread; see read-capped-body.ts. */
  maxBodyBytes?: number;
  /** Epoch milliseconds; Retry-After is turned into an absolute time against it. */
  now?: () => number;
}

export interface LookupOptions {
  /** Ends the lookup early (say, the tab navigated away); the outcome is then network-failure. */
  signal?: AbortSignal;
}

export interface ReportClient {
  /**
   * Looks up the stored report for `target`, which must already be the origin the privacy
   * rules allow to be sent: this client sends it as given.
   */
  lookupReport(target: string, options?: LookupOptions): Promise<LookupOutcome>;
}

/**
 * The request URL for `target`. The base URL's own path is kept (a service mounted under a
 * prefix) and `url` is the only query parameter, as the privacy rules require.
 */
export function reportRequestUrl(baseUrl: string, target: string): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${REPORT_PATH}`);
  url.search = new URLSearchParams({ url: target }).toString();
  return url.href;
}

/**
 * Builds a client. Bad configuration throws here, at wiring time, so that lookups themselves
 * only ever fail as outcomes.
 */
export function createReportClient(deps: ReportClientDeps): ReportClient {
  const baseUrl = requireBaseUrl(deps.baseUrl);
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new RangeError(`timeoutMs must be a positive number of milliseconds: ${timeoutMs}`);
  }
  const maxBodyBytes = deps.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes <= 0) {
    throw new RangeError(`maxBodyBytes must be a positive integer: ${maxBodyBytes}`);
  }
  // Looked up at call time and called as a plain function: browsers throw "Illegal invocation"
  // when fetch is detached from its global and then called with another `this`.
  const fetchFn: typeof fetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = deps.now ?? Date.now;
  // Where the service's own pages live: a scan link found in prose must point here.
  const serviceOrigin = new URL(baseUrl).origin;

  async function lookupReport(target: string, options: LookupOptions = {}): Promise<LookupOutcome> {
    const callerSignal = options.signal;
    if (callerSignal?.aborted) return { kind: 'network-failure', message: ABORTED_MESSAGE };

    // One controller ends fetch and body reading alike; its reason tells who pulled the plug.
    const controller = new AbortController();
    const timeoutReason = new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError');
    const timer = setTimeout(() => controller.abort(timeoutReason), timeoutMs);
    const forwardCallerAbort = () => controller.abort(callerSignal?.reason);
    callerSignal?.addEventListener('abort', forwardCallerAbort, { once: true });

    try {
      // The race guarantees the deadline even against a fetch that ignores its signal.
      return await untilAborted(exchange(target, controller.signal), controller.signal);
    } catch (error) {
      if (controller.signal.reason === timeoutReason) return { kind: 'timeout', timeoutMs };
      if (controller.signal.aborted) return { kind: 'network-failure', message: ABORTED_MESSAGE };
      return { kind: 'network-failure', message: describeError(error) };
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', forwardCallerAbort);
    }
  }

  async function exchange(target: string, signal: AbortSignal): Promise<LookupOutcome> {
    const response = await fetchFn(reportRequestUrl(baseUrl, target), {
      method: 'GET',
      headers: { accept: 'application/json' },
      // No cookies or HTTP auth: the lookup must not identify the user to the service.
      credentials: 'omit',
      // The contract has no redirects; following one could carry the request (and the site
      // it names) elsewhere, or fetch another site's report. 'manual' rather than 'error' so a
      // redirect is told apart from a refused connection: the service did answer, just not
      // as the contract says.
      redirect: 'manual',
      // The extension keeps its own cache by the response's Cache-Control (report-cache.ts).
      // The browser's HTTP cache underneath would answer a refresh, or a lookup after the
      // extension's copy expired, with the very copy it means to replace.
      cache: 'no-store',
      signal,
    });
    const meta = responseMeta(response);
    // A browser hides a redirect it did not follow behind an opaque response with status 0.
    if (response.type === 'opaqueredirect') {
      discardBody(response);
      return { kind: 'invalid-response', problem: REDIRECT_PROBLEM, response: meta };
    }

    switch (response.status) {
      case 200:
        return readReport(response, meta, signal);
      case 404:
        return readNotFound(response, meta, signal);
      case 405: {
        // Only GET is sent: a 405 says this address is not the report route any more.
        const problem = (await readErrorBody(response, signal)) ?? EMPTY_SERVICE_ERROR;
        return movedOutcome(problem, meta);
      }
      case 400: {
        const problem = (await readErrorBody(response, signal)) ?? EMPTY_SERVICE_ERROR;
        return { kind: 'invalid-request', message: problem.message, response: meta };
      }
      case 429: {
        // Not a fault: the service counts lookups per network address, shared by everyone
        // behind it. Retry-After says when; without it, the quota's reset does.
        const problem = (await readErrorBody(response, signal)) ?? EMPTY_SERVICE_ERROR;
        const at = now();
        const retryAt =
          retryAtFromHeader(response.headers.get('retry-after'), at) ??
          quotaFromHeaders(meta.headers, at)?.resetAt ??
          null;
        return { kind: 'busy', retryAt, message: problem.message, response: meta };
      }
    }

    discardBody(response);
    if (response.status >= 500 && response.status <= 599) {
      // The contract names only 503, but a proxy in front of the service answers 502 or 504
      // for the same condition: the service cannot be reached right now.
      const retryAt = retryAtFromHeader(response.headers.get('retry-after'), now());
      return { kind: 'unavailable', retryAt, response: meta };
    }
    return {
      kind: 'invalid-response',
      problem: `unexpected status ${response.status}`,
      response: meta,
    };
  }

  async function readReport(
    response: Response,
    meta: ResponseMeta,
    signal: AbortSignal,
  ): Promise<LookupOutcome> {
    const contentType = response.headers.get('content-type');
    if (!isJsonMediaType(contentType)) {
      discardBody(response);
      const problem =
        contentType === null
          ? 'missing content type'
          : `unexpected content type "${contentType.slice(0, 100)}"`;
      return { kind: 'invalid-response', problem, response: meta };
    }

    const body = await readBodyText(response, signal);
    if (!body.ok) return { kind: 'invalid-response', problem: body.problem, response: meta };
    const json = parseJson(body.text);
    if (!json.ok) return { kind: 'invalid-response', problem: json.problem, response: meta };

    // reportInput lets the problem text say "missing" rather than "wrong type" for absent keys.
    const parsed = contractSchemas().scanReport.safeParse(json.value, { reportInput: true });
    if (!parsed.success) {
      const problem = describeSchemaProblem(parsed.error.issues);
      return { kind: 'invalid-response', problem, response: meta };
    }
    return { kind: 'report', report: parsed.data, response: meta };
  }

  /**
   * A 404 means what its body's `code` says: `api_route_not_found` is the route gone, not
   * the site unscanned. Without a code, a JSON body (even a malformed one) is the service's
   * "no report"; a body that is no JSON at all is some other server's page, so the service
   * is not at this address.
   */
  async function readNotFound(
    response: Response,
    meta: ResponseMeta,
    signal: AbortSignal,
  ): Promise<LookupOutcome> {
    const problem = await readErrorBody(response, signal);
    if (problem === null || problem.code === 'api_route_not_found') {
      return movedOutcome(problem ?? EMPTY_SERVICE_ERROR, meta);
    }
    return {
      kind: 'no-report',
      message: problem.message,
      resolution: problem.resolution,
      scanUrl: problem.scanUrl,
      documentationUrl: problem.documentationUrl,
      response: meta,
    };
  }

  /**
   * The error body of a 4xx in either shape (service-error.ts), or null when the answer is
   * not JSON at all. A JSON answer whose body cannot be read still counts as the service's
   * own: the status has already answered the question, the body only adds detail. Only a
   * timeout or abort propagates.
   */
  async function readErrorBody(
    response: Response,
    signal: AbortSignal,
  ): Promise<ServiceError | null> {
    if (!isJsonMediaType(response.headers.get('content-type'))) {
      discardBody(response);
      return null;
    }
    try {
      const body = await readBodyText(response, signal);
      if (!body.ok) return EMPTY_SERVICE_ERROR;
      const json = parseJson(body.text);
      if (!json.ok) return EMPTY_SERVICE_ERROR;
      return readServiceError(json.value, serviceOrigin);
    } catch (error) {
      if (signal.aborted) throw error;
      return EMPTY_SERVICE_ERROR;
    }
  }

  async function readBodyText(
    response: Response,
    signal: AbortSignal,
  ): Promise<{ ok: true; text: string } | { ok: false; problem: string }> {
    // A declared length over the cap needs no reading at all; the stream cap below still
    // guards against a missing or lying header.
    if (Number(response.headers.get('content-length')) > maxBodyBytes) {
      discardBody(response);
      return { ok: false, problem: 'response too large' };
    }
    const body = await readCappedBody(response.body, maxBodyBytes, signal);
    if (body.kind === 'too-large') return { ok: false, problem: 'response too large' };
    try {
      // JSON is UTF-8 (RFC 8259); fatal turns mojibake into an error instead of U+FFFD.
      return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(body.bytes) };
    } catch {
      return { ok: false, problem: 'response is not valid UTF-8' };
    }
  }

  return { lookupReport };
}

function movedOutcome(problem: ServiceError, meta: ResponseMeta): LookupOutcome {
  return {
    kind: 'service-moved',
    message: problem.message,
    documentationUrl: problem.documentationUrl,
    response: meta,
  };
}

function requireBaseUrl(raw: string): string {
  const baseUrl = normaliseServiceBaseUrl(raw);
  if (baseUrl === null) {
    throw new TypeError(`The report service base URL must be an http(s) URL: ${raw}`);
  }
  return baseUrl;
}

/**
 * Status and headers as a plain object with lower-case names: http-cache-semantics reads
 * headers by property, and silently finds nothing on a Headers instance.
 */
function responseMeta(response: Response): ResponseMeta {
  return { status: response.status, headers: Object.fromEntries(response.headers) };
}

/** `application/json` or any `application/*+json`, parameters such as charset ignored. */
function isJsonMediaType(contentType: string | null): boolean {
  if (contentType === null) return false;
  const essence = (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
  return essence === 'application/json' || /^application\/[\w.!#$&^+-]+\+json$/.test(essence);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  if (text.trim() === '') return { ok: false, problem: 'response body is empty' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, problem: 'response is not valid JSON' };
  }
}

/** Releases the connection without reading a body nobody needs. */
function discardBody(response: Response): void {
  try {
    response.body?.cancel().catch(() => {});
  } catch {
    // A locked or already used body has nothing left to release.
  }
}

/** Settles like `work`, or rejects with the signal's reason as soon as it aborts. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const rejectWithReason = () => reject(signal.reason);
    if (signal.aborted) {
      rejectWithReason();
      return;
    }
    signal.addEventListener('abort', rejectWithReason, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', rejectWithReason));
  });
}

function describeError(error: unknown): string {
  if (error instanceof Error) return (error.message || error.name).slice(0, 200);
  try {
    return String(error).slice(0, 200);
  } catch {
    return 'unknown error';
  }
}
