/**
 * A reference implementation of the Public Readiness Report Lookup Service (see
 * lib/contract/openapi.json), for tests and for trying the extension without the live
 * service. It serves the shared fixture reports by origin, records every request, and can be
 * told per origin to misbehave in the ways a real service or network might.
 *
 * Two dialects: the contract's (the default, exact to lib/contract/openapi.json) and the live
 * service's (`dialect: 'live'`, see live-dialect.ts): problem details, rate limits with a real
 * limiter, /api/v1/report beside the deprecated /api/report, sentence labels.
 *
 * Node's http module only: nothing that could smooth over a protocol detail the extension
 * has to cope with (content types, lengths, chunking, missing CORS headers).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ScanReport } from '../lib/contract/report-schema';
import { REPORT_PATH } from '../lib/contract/service-base-url';
import { LIVE_ORIGIN, liveFixtureReports, liveSiteReport } from './fixtures/live-reports';
import { docsPage, hostFromScanPath, reportForHost, scanPage } from './human-pages';
import {
  type Dialect,
  deprecationHeaders,
  LIVE_RATE_LIMIT,
  LIVE_REPORT_PATH,
  type RateLimit,
  RateLimiter,
  sendProblem,
} from './live-dialect';
import { builtInMisbehaviours } from './misbehaving-sites';
import { assertValidMisbehaviour, type Misbehaviour } from './misbehaviour';
import {
  DEFAULT_CACHE_CONTROL,
  handleReportRequest,
  type ReportRouteContext,
  sendRouteNotFound,
} from './report-route';
import { buildReportTable, type ReportTable } from './report-store';
import { type RecordedRequest, RequestLog } from './request-log';
import {
  RESCANNED_CACHE_CONTROL,
  RESCANNED_ORIGIN,
  rescannedScans,
  ScanSequences,
} from './rescanned-site';
import { sendHtml, sendJson, sendText } from './responses';

export type { Dialect, RateLimit } from './live-dialect';
export type { Misbehaviour } from './misbehaviour';
export type { RecordedRequest } from './request-log';

/** The port `npm run reference-server` and a bare startReferenceServer() listen on. */
export const DEFAULT_REFERENCE_SERVER_PORT = 8787;
export const DEFAULT_REFERENCE_SERVER_HOST = '127.0.0.1';

/** The request log as JSON, for tests that drive a server running in another process. */
export const REQUEST_LOG_PATH = '/__requests';

export interface ReferenceServerOptions {
  /** 0 picks a free port; baseUrl then carries the real one. Default 8787. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Serve the built-in misbehaving sites (misbehaving-sites.ts). Default true. */
  builtInMisbehaviours?: boolean;
  /** Misbehaviours in force from the start, by origin, over the built-in ones. */
  misbehaviours?: Record<string, Misbehaviour>;
  /** Cache-Control of a 200 answer; default max-age=300. */
  defaultCacheControl?: string;
  /** Cache-Control of a 200 answer for particular origins. */
  cacheControl?: Record<string, string>;
  /**
   * Reports stored beside the fixtures, by origin; given the base URL for their report_url
   * and the moment the fixtures' ages count back from (datedAt), for their scanned_at.
   */
  extraReports?: (baseUrl: string, now: number) => Record<string, ScanReport>;
  /** How many requests the log keeps, oldest dropped first. */
  requestLogLimit?: number;
  /** 'contract' (default): exactly the contract. 'live': as the live service answers. */
  dialect?: Dialect;
  /** The live dialect's limiter per client address; default 120 per 60 s. Live mode only. */
  rateLimit?: RateLimit;
  /**
   * The server's clock, default Date.now: the stored reports are scanned ages before its
   * reading at the start (datedAt), a stand-in report ages before the request, and a skewed
   * clock's Date is off from it. A test that fixes the browser's clock gives the same here.
   */
  now?: () => number;
}

export interface ReferenceServer {
  /** e.g. http://127.0.0.1:8787, without a trailing slash. */
  baseUrl: string;
  port: number;
  /** Every request received so far, oldest first, whatever its path. */
  requests(): RecordedRequest[];
  /**
   * The `url` parameter of every lookup (GET /api/report) received so far, oldest first;
   * with `origin`, only the lookups for that site.
   */
  lookedUp(origin?: string): (string | null)[];
  clearRequests(): void;
  /** How many lookups (either report route) were answered with `status` since the start. */
  lookupsAnswered(status: number): number;
  /** Sets (or with null, removes) the misbehaviour for an origin; a URL's path is ignored. */
  setMisbehaviour(origin: string, misbehaviour: Misbehaviour | null): void;
  /** The misbehaviours in force, by origin. */
  misbehaviours(): ReadonlyMap<string, Misbehaviour>;
  /** The stored reports, by origin. */
  reports(): ReportTable;
  /** The dialect the server speaks. */
  dialect: Dialect;
  /**
   * The clock's reading the stored reports' ages count back from, taken at the start:
   * fixtureReports(baseUrl, datedAt) and rescannedScans(baseUrl, datedAt) are the reports
   * the server holds.
   */
  datedAt: number;
  /**
   * Stores a new report for an origin, as a new scan would: later lookups get it. For the
   * rescanned site (rescanned-site.ts) it also ends the steps between scans until rewound.
   */
  storeReport(origin: string, report: ScanReport): void;
  /**
   * Puts the rescanned site back at its first scan, stepping again: for a test that needs its
   * scans in order whatever looked it up before.
   */
  rewindScans(): void;
  /** Stops listening, cuts open connections (slow answers included) and resolves when done. */
  close(): Promise<void>;
}

export async function startReferenceServer(
  options: ReferenceServerOptions = {},
): Promise<ReferenceServer> {
  const host = options.host ?? DEFAULT_REFERENCE_SERVER_HOST;
  const defaultCacheControl = options.defaultCacheControl ?? DEFAULT_CACHE_CONTROL;
  // The rescanned site's point is to be asked again at once; an option may still override it.
  const cacheControl = new Map<string, string>([[RESCANNED_ORIGIN, RESCANNED_CACHE_CONTROL]]);
  for (const value of [defaultCacheControl, ...Object.values(options.cacheControl ?? {})]) {
    assertValidMisbehaviour({ kind: 'cache-control', value });
  }
  for (const [origin, value] of Object.entries(options.cacheControl ?? {})) {
    cacheControl.set(originKey(origin), value);
  }

  const misbehaviours =
    options.builtInMisbehaviours === false
      ? new Map<string, Misbehaviour>()
      : builtInMisbehaviours();
  const setMisbehaviour = (origin: string, misbehaviour: Misbehaviour | null): void => {
    const key = originKey(origin);
    if (misbehaviour === null) {
      misbehaviours.delete(key);
      return;
    }
    assertValidMisbehaviour(misbehaviour);
    misbehaviours.set(key, { ...misbehaviour });
  };
  for (const [origin, misbehaviour] of Object.entries(options.misbehaviours ?? {})) {
    setMisbehaviour(origin, misbehaviour);
  }

  const now = options.now ?? Date.now;
  const dialect = options.dialect ?? 'contract';
  const limiter = dialect === 'live' ? new RateLimiter(options.rateLimit ?? LIVE_RATE_LIMIT) : null;
  const log = new RequestLog(options.requestLogLimit);
  const closing = new AbortController();
  // Filled in once the server listens: the port is not known before.
  let context: ReportRouteContext | undefined;

  const lookupStatuses = new Map<number, number>();
  const server = createServer((request, response) => {
    const target = splitTarget(request.url ?? '/');
    log.record(request, target);
    if (target.path === REPORT_PATH || target.path === LIVE_REPORT_PATH) {
      response.once('finish', () => {
        const count = lookupStatuses.get(response.statusCode) ?? 0;
        lookupStatuses.set(response.statusCode, count + 1);
      });
    }
    if (context === undefined) {
      sendText(response, 503, 'Starting up');
      return;
    }
    route(request, response, target, context, log, limiter).catch((error: unknown) => {
      if (response.headersSent) {
        response.destroy();
      } else {
        sendText(response, 500, `Reference server error: ${String(error)}`);
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_REFERENCE_SERVER_PORT, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  const port = (server.address() as AddressInfo).port;
  const baseUrl = `http://${urlHost(host)}:${port}`;
  const datedAt = now();
  // The live-shaped site is there in both dialects: its report keeps the contract too.
  const dialectReports =
    dialect === 'live'
      ? liveFixtureReports(baseUrl, datedAt)
      : { [LIVE_ORIGIN]: liveSiteReport(baseUrl, datedAt) };
  const extraReports = options.extraReports?.(baseUrl, datedAt) ?? {};
  const reports = new Map(
    buildReportTable(baseUrl, datedAt, { ...dialectReports, ...extraReports }),
  );
  // A report given for the rescanned site in the options is what the caller wants served.
  const rescannedGiven = Object.keys(extraReports).some(
    (origin) => new URL(origin).origin === RESCANNED_ORIGIN,
  );
  const sequences = new ScanSequences(
    new Map(rescannedGiven ? [] : [[RESCANNED_ORIGIN, rescannedScans(baseUrl, datedAt)]]),
    reports,
  );
  context = {
    baseUrl,
    dialect,
    reports,
    now,
    misbehaviourFor: (origin) => misbehaviours.get(origin),
    cacheControlFor: (origin) => cacheControl.get(origin) ?? defaultCacheControl,
    reportServed: (origin) => sequences.answered(origin),
    closing: closing.signal,
  };

  let closed: Promise<void> | undefined;
  return {
    baseUrl,
    port,
    requests: () => log.entries(),
    lookedUp: (origin) =>
      log
        .entries()
        .filter((request) => request.path === REPORT_PATH || request.path === LIVE_REPORT_PATH)
        .map((request) => request.url)
        .filter((url) => origin === undefined || url === origin),
    clearRequests: () => log.clear(),
    lookupsAnswered: (status) => lookupStatuses.get(status) ?? 0,
    setMisbehaviour,
    misbehaviours: () => new Map(misbehaviours),
    reports: () => reports,
    dialect,
    datedAt,
    storeReport: (origin, report) => {
      const key = new URL(origin).origin;
      sequences.stop(key);
      reports.set(key, report);
    },
    rewindScans: () => sequences.rewind(),
    close: () => {
      closed ??= new Promise<void>((resolve, reject) => {
        closing.abort();
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections (fetch keeps them) and streams in flight would hold close().
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

async function route(
  request: IncomingMessage,
  response: ServerResponse,
  target: { path: string; query: string },
  context: ReportRouteContext,
  log: RequestLog,
  limiter: RateLimiter | null,
): Promise<void> {
  const { path, query } = target;
  if (context.dialect === 'live' && path.startsWith('/api/')) {
    await routeLiveApi(request, response, target, context, limiter);
    return;
  }
  if (path === REPORT_PATH) {
    await handleReportRequest(request, response, query, context);
    return;
  }
  if (path === REQUEST_LOG_PATH && request.method === 'GET') {
    sendJson(response, 200, log.entries());
    return;
  }
  if (path === REQUEST_LOG_PATH && request.method === 'DELETE') {
    log.clear();
    response.writeHead(204).end();
    return;
  }
  if (request.method === 'GET' && path === '/docs/api') {
    sendHtml(response, 200, docsPage(context.baseUrl));
    return;
  }
  if (request.method === 'GET' && path.startsWith('/scan/')) {
    const scannedHost = hostFromScanPath(path);
    if (scannedHost !== null) {
      sendHtml(response, 200, scanPage(scannedHost, reportForHost(context.reports, scannedHost)));
      return;
    }
  }
  sendText(response, 404, 'Not found');
}

/**
 * The live service's API: every answer counted against the client's quota and carrying its
 * rate-limit fields, the deprecated alias marked as such, any other API path a problem.
 */
async function routeLiveApi(
  request: IncomingMessage,
  response: ServerResponse,
  target: { path: string; query: string },
  context: ReportRouteContext,
  limiter: RateLimiter | null,
): Promise<void> {
  const instance = request.url ?? '';
  // Set before the answer is written: writeHead merges them with the answer's own.
  if (target.path === REPORT_PATH) {
    for (const [name, value] of Object.entries(deprecationHeaders(context.baseUrl))) {
      response.setHeader(name, value);
    }
  }
  const verdict = limiter?.take(request.socket.remoteAddress ?? 'unknown');
  for (const [name, value] of Object.entries(verdict?.headers ?? {})) {
    response.setHeader(name, value);
  }
  if (verdict !== undefined && !verdict.allowed) {
    sendProblem(
      response,
      context.baseUrl,
      {
        status: 429,
        code: 'rate_limit_exceeded',
        detail: 'Too many report lookups from this address.',
        resolution: 'Wait for the time in Retry-After, then retry this request.',
        instance,
      },
      { 'Retry-After': String(verdict.resetSeconds) },
    );
    return;
  }
  if (target.path === REPORT_PATH || target.path === LIVE_REPORT_PATH) {
    await handleReportRequest(request, response, target.query, context);
    return;
  }
  sendRouteNotFound(response, context, instance);
}

/**
 * Splits the request target by hand rather than with new URL(target, base): a target such as
 * "//evil.example/x" would otherwise be read as a host, not a path.
 */
function splitTarget(target: string): { path: string; query: string } {
  const withoutFragment = target.split('#', 1)[0] ?? '';
  const queryStart = withoutFragment.indexOf('?');
  if (queryStart === -1) return { path: withoutFragment, query: '' };
  return {
    path: withoutFragment.slice(0, queryStart),
    query: withoutFragment.slice(queryStart + 1),
  };
}

/** Misbehaviours and Cache-Control are keyed like lookups: by the origin of a URL. */
function originKey(originOrUrl: string): string {
  const url = new URL(originOrUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`Not an http(s) origin: ${originOrUrl}`);
  }
  return url.origin;
}

/**
 * The host as it goes into baseUrl: IPv6 literals bracketed, and a wildcard listen address
 * replaced by loopback, because report_url and scan_url must be addresses a browser can open.
 */
function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
