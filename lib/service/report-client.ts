/**
 * The client for the lookup service's one operation: GET {baseUrl}/api/report?url=<origin>.
 * It builds the request and keeps its deadline; what the answer means is response-outcome.ts's.
 *
 * `lookupReport` never rejects. Every answer, and every way of not getting one, becomes a
 * LookupOutcome, because the background worker has to show a badge state for each of them and
 * an exception escaping into an extension event handler would leave the badge stuck on
 * "loading".
 */
import type { LookupOutcome } from './lookup-outcome';
import { outcomeOfResponse } from './response-outcome';
import { normaliseServiceBaseUrl, REPORT_PATH } from './service-base-url';

/**
 * Well under the time Chrome lets a service worker wait for a fetch() response before it stops
 * the worker (https://developer.chrome.com/docs/extensions/develop/concepts/service-workers/lifecycle).
 */
export const DEFAULT_TIMEOUT_MS = 8000;

/** Far above any real report: a body this long is no report, and is not read further. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

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
    return outcomeOfResponse(response, { signal, maxBodyBytes, now, serviceOrigin });
  }

  return { lookupReport };
}

function requireBaseUrl(raw: string): string {
  const baseUrl = normaliseServiceBaseUrl(raw);
  if (baseUrl === null) {
    throw new TypeError(`The report service base URL must be an http(s) URL: ${raw}`);
  }
  return baseUrl;
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
