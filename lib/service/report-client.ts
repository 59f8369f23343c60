/** GET {baseUrl}/api/report?url=<origin> within its deadline; `lookupReport` never rejects. */
import { normaliseServiceBaseUrl, REPORT_PATH } from '../contract/service-base-url';
import type { LookupOutcome } from './lookup-outcome';
import { outcomeOfResponse } from './response-outcome';

/** Well under the time Chrome lets a service worker wait for a fetch() before stopping it. */
export const DEFAULT_TIMEOUT_MS = 8000;

/** Far above any real report: a body this long is no report, and is not read further. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export interface ReportClientDeps {
  /** Optionally with a path prefix, which is kept. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** From sending the request to the last byte of the body. */
  timeoutMs?: number;
  maxBodyBytes?: number;
  now?: () => number;
}

/** `url` is the only query parameter (privacy rules). */
export function reportRequestUrl(baseUrl: string, origin: string): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${REPORT_PATH}`);
  url.search = new URLSearchParams({ url: origin }).toString();
  return url.href;
}

/** Bad configuration throws here, at wiring time, so lookups only ever fail as outcomes. */
export function createReportClient(deps: ReportClientDeps) {
  const baseUrl = normaliseServiceBaseUrl(deps.baseUrl);
  if (baseUrl === null) {
    throw new TypeError(`The report service base URL must be an http(s) URL: ${deps.baseUrl}`);
  }
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
  const reading = {
    maxBodyBytes,
    now: deps.now ?? Date.now,
    serviceOrigin: new URL(baseUrl).origin,
  };

  const exchange = async (origin: string, signal: AbortSignal): Promise<LookupOutcome> => {
    const response = await fetchFn(reportRequestUrl(baseUrl, origin), {
      method: 'GET',
      headers: { accept: 'application/json' },
      // No cookies or HTTP auth: the lookup must not identify the user to the service.
      credentials: 'omit',
      // A redirect could carry the site elsewhere or fetch another's report (the contract has
      // none); 'manual' rather than 'error' tells it apart from a refused connection.
      redirect: 'manual',
      // The extension keeps its own cache by the response's Cache-Control; the browser's HTTP
      // cache underneath would answer a refresh with the very copy it means to replace.
      cache: 'no-store',
      signal,
    });
    return outcomeOfResponse(response, { ...reading, signal });
  };

  return {
    /** `origin` must already be what the privacy rules allow to be sent. */
    async lookupReport(origin: string): Promise<LookupOutcome> {
      // One controller ends fetch and body reading alike, at the deadline.
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        // The race guarantees the deadline even against a fetch that ignores its signal.
        return await untilAborted(exchange(origin, controller.signal), controller.signal);
      } catch (error) {
        if (controller.signal.aborted) return { kind: 'timeout', timeoutMs };
        return { kind: 'network-failure', message: describeError(error) };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const rejectWithReason = () => reject(signal.reason);
    if (signal.aborted) return rejectWithReason();
    signal.addEventListener('abort', rejectWithReason, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', rejectWithReason));
  });
}

function describeError(error: unknown): string {
  try {
    return (error instanceof Error ? error.message || error.name : String(error)).slice(0, 200);
  } catch {
    return 'unknown error';
  }
}
