/**
 * GET /api/report, the contract's one operation, as the reference server answers it: first
 * the url parameter is checked (400), then any misbehaviour set for the URL's origin takes
 * over, and otherwise the stored report is served (200) or its absence reported (404).
 *
 * Reports are keyed by origin because that is all the extension ever sends; a path or query
 * on the url is accepted and ignored, so a client that leaked one would still get an answer
 * and only the request log would show the leak.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { MAX_URL_LENGTH } from '../lib/contract/report-schema';
import { type Dialect, type ProblemCode, sendProblem } from './live-dialect';
import { assertNever, DEFAULT_REDIRECT_STATUS, type Misbehaviour } from './misbehaviour';
import { type ReportTable, standInReport } from './report-store';
import {
  type ExtraHeaders,
  errorBody,
  HTML_CONTENT_TYPE,
  htmlErrorPage,
  JSON_CONTENT_TYPE,
  sendBody,
  sendJson,
  sendText,
  streamPaddedJson,
} from './responses';

export const DEFAULT_CACHE_CONTROL = 'max-age=300';

export interface ReportRouteContext {
  baseUrl: string;
  /** The contract's Error bodies, or the live service's problem details. */
  dialect: Dialect;
  reports: ReportTable;
  /** The server's clock. */
  now(): number;
  misbehaviourFor(origin: string): Misbehaviour | undefined;
  cacheControlFor(origin: string): string;
  /** Called once a lookup of `origin` was answered with its stored report. */
  reportServed(origin: string): void;
  /** Aborted when the server closes, so slow answers stop waiting. */
  closing: AbortSignal;
}

export type UrlParameterCheck = { ok: true; url: URL } | { ok: false; problem: string };

/** The contract's 400 rules, plus the length limit and the http(s)-only rule it states. */
export function checkUrlParameter(query: string): UrlParameterCheck {
  const values = new URLSearchParams(query).getAll('url');
  const [value] = values;
  if (value === undefined) return { ok: false, problem: 'The url query parameter is required.' };
  if (values.length > 1) {
    return { ok: false, problem: 'The url query parameter must be given exactly once.' };
  }
  if (value.length > MAX_URL_LENGTH) {
    return {
      ok: false,
      problem: `The url query parameter must be at most ${MAX_URL_LENGTH} characters long.`,
    };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, problem: 'The url query parameter must be an absolute URL.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, problem: 'The url query parameter must be an http or https URL.' };
  }
  return { ok: true, url };
}

export function documentationUrl(baseUrl: string): string {
  return `${baseUrl}/docs/api`;
}

export function scanUrl(baseUrl: string, url: URL): string {
  return `${baseUrl}/scan/${url.host}`;
}

interface ServiceError {
  status: number;
  code: ProblemCode;
  detail: string;
  /** The live dialect's advice; the scan link goes in here, where the live service puts it. */
  resolution: string;
  scanUrl?: string;
  documentationUrl?: string;
  headers?: ExtraHeaders;
}

/** An error in the server's dialect: the contract's Error, or the live service's problem. */
function sendServiceError(
  response: ServerResponse,
  context: ReportRouteContext,
  instance: string,
  error: ServiceError,
): void {
  if (context.dialect === 'live') {
    sendProblem(response, context.baseUrl, { ...error, instance }, error.headers);
    return;
  }
  const links: { scanUrl?: string; documentationUrl?: string } = {};
  if (error.scanUrl !== undefined) links.scanUrl = error.scanUrl;
  if (error.documentationUrl !== undefined) links.documentationUrl = error.documentationUrl;
  sendJson(response, error.status, errorBody(error.detail, links), error.headers);
}

/** A 404 for a route that does not exist, in the server's dialect. */
export function sendRouteNotFound(
  response: ServerResponse,
  context: Pick<ReportRouteContext, 'dialect' | 'baseUrl'>,
  instance: string,
): void {
  if (context.dialect === 'live') {
    sendProblem(response, context.baseUrl, {
      status: 404,
      code: 'api_route_not_found',
      detail: 'No API route matches this path.',
      resolution: `Use GET ${context.baseUrl}/api/v1/report?url=<url>.`,
      instance,
    });
    return;
  }
  sendText(response, 404, 'Not found');
}

export async function handleReportRequest(
  request: IncomingMessage,
  response: ServerResponse,
  query: string,
  context: ReportRouteContext,
): Promise<void> {
  const instance = request.url ?? '';
  if (request.method !== 'GET') {
    sendServiceError(response, context, instance, {
      status: 405,
      code: 'method_not_allowed',
      detail: 'Only GET is allowed on /api/report.',
      resolution: 'Send a GET request.',
      headers: { Allow: 'GET' },
    });
    return;
  }
  const check = checkUrlParameter(query);
  if (!check.ok) {
    sendServiceError(response, context, instance, {
      status: 400,
      code: 'invalid_url',
      detail: check.problem,
      resolution: 'Send one absolute http or https URL in the url query parameter.',
      documentationUrl: documentationUrl(context.baseUrl),
    });
    return;
  }
  const misbehaviour = context.misbehaviourFor(check.url.origin);
  if (misbehaviour === undefined) {
    answerNormally(response, check.url, context, instance);
  } else {
    await misbehave(response, check.url, misbehaviour, context, instance);
  }
}

/** What the contract says: the stored report, or 404 with links to a scan page and the docs. */
function answerNormally(
  response: ServerResponse,
  url: URL,
  context: ReportRouteContext,
  instance: string,
  options: { cacheControl?: string; date?: string } = {},
): void {
  const { cacheControl } = options;
  // Node adds a Date header of its own; one given here replaces it.
  const date: Record<string, string> = options.date === undefined ? {} : { Date: options.date };
  const report = context.reports.get(url.origin);
  if (report !== undefined) {
    sendJson(response, 200, report, {
      ...date,
      'Cache-Control': cacheControl ?? context.cacheControlFor(url.origin),
    });
    context.reportServed(url.origin);
    return;
  }
  const scan = scanUrl(context.baseUrl, url);
  sendServiceError(response, context, instance, {
    status: 404,
    code: 'report_not_found',
    detail:
      context.dialect === 'live'
        ? 'No completed Is Agentic report is stored for this URL.'
        : 'No completed report is stored for this URL.',
    resolution: `Start a scan at ${scan}, wait for it to complete, and retry this request.`,
    scanUrl: scan,
    documentationUrl: documentationUrl(context.baseUrl),
    // The contract gives 404 no Cache-Control; one is sent only when a test asks for it.
    headers: cacheControl === undefined ? date : { ...date, 'Cache-Control': cacheControl },
  });
}

async function misbehave(
  response: ServerResponse,
  url: URL,
  misbehaviour: Misbehaviour,
  context: ReportRouteContext,
  instance: string,
): Promise<void> {
  /** Whatever report body a misbehaviour sends: the stored one, else a stand-in. */
  const reportBody = () =>
    context.reports.get(url.origin) ?? standInReport(url.origin, context.baseUrl, context.now());

  switch (misbehaviour.kind) {
    case 'unavailable':
      sendServiceError(response, context, instance, {
        status: 503,
        code: 'report_temporarily_unavailable',
        detail: 'Stored report data is temporarily unavailable.',
        resolution: 'Retry after the time in Retry-After.',
        headers:
          misbehaviour.retryAfter === undefined ? {} : { 'Retry-After': misbehaviour.retryAfter },
      });
      return;
    case 'busy':
      sendServiceError(response, context, instance, {
        status: 429,
        code: 'rate_limit_exceeded',
        detail: 'Too many report lookups from this address.',
        resolution: 'Wait for the time in Retry-After, then retry this request.',
        headers:
          misbehaviour.retryAfter === undefined ? {} : { 'Retry-After': misbehaviour.retryAfter },
      });
      return;
    case 'route-gone':
      sendRouteNotFound(response, context, instance);
      return;
    case 'slow':
      try {
        await delay(misbehaviour.delayMs, undefined, { signal: context.closing });
      } catch {
        return; // the server is closing; its connections are being torn down anyway
      }
      if (response.destroyed) return; // the client gave up waiting
      answerNormally(response, url, context, instance);
      return;
    case 'malformed-json': {
      const json = JSON.stringify(reportBody());
      // Cut mid-document: the JSON parser fails, yet the body is complete per Content-Length.
      sendBody(response, 200, JSON_CONTENT_TYPE, json.slice(0, Math.floor(json.length / 2)), {
        'Cache-Control': context.cacheControlFor(url.origin),
      });
      return;
    }
    case 'wrong-content-type':
      sendBody(response, 200, HTML_CONTENT_TYPE, JSON.stringify(reportBody()), {
        'Cache-Control': context.cacheControlFor(url.origin),
      });
      return;
    case 'huge-body':
      await streamPaddedJson(response, 200, misbehaviour.bytes, {
        announceLength: misbehaviour.announceLength ?? false,
        headers: { 'Cache-Control': context.cacheControlFor(url.origin) },
      });
      return;
    case 'cache-control':
      answerNormally(response, url, context, instance, { cacheControl: misbehaviour.value });
      return;
    case 'html-error-page':
      sendBody(response, misbehaviour.status, HTML_CONTENT_TYPE, htmlErrorPage());
      return;
    case 'empty-body':
      sendBody(response, 200, JSON_CONTENT_TYPE, '', {
        'Cache-Control': context.cacheControlFor(url.origin),
      });
      return;
    case 'never-answers':
      // Holding the request open is the whole answer. It ends when the client gives up (its
      // socket closes) or the server closes and tears its connections down.
      await new Promise<void>((resolve) => {
        if (context.closing.aborted || response.destroyed) {
          resolve();
          return;
        }
        context.closing.addEventListener('abort', () => resolve(), { once: true });
        response.once('close', () => resolve());
      });
      return;
    case 'redirect':
      response.writeHead(misbehaviour.status ?? DEFAULT_REDIRECT_STATUS, {
        Location: misbehaviour.location,
        'Content-Length': '0',
      });
      response.end();
      return;
    case 'json-body':
      sendBody(response, misbehaviour.status, JSON_CONTENT_TYPE, misbehaviour.body);
      return;
    case 'skewed-clock':
      answerNormally(response, url, context, instance, {
        date: new Date(context.now() + misbehaviour.offsetMs).toUTCString(),
      });
      return;
    default:
      assertNever(misbehaviour);
  }
}
