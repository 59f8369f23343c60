// @vitest-environment node
// Node's own fetch classes (undici) rather than happy-dom's: they follow the Fetch and Streams
// standards the browser implements, which is what body reading and cancelling rely on.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScanIssue, ScanReport } from '../../../lib/contract/report-schema';
import { DEFAULT_SERVICE_BASE_URL } from '../../../lib/contract/service-base-url';
import type { LookupOutcome } from '../../../lib/service/lookup-outcome';
import {
  createReportClient,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_TIMEOUT_MS,
  type ReportClientDeps,
  reportRequestUrl,
} from '../../../lib/service/report-client';
import { REDIRECT_PROBLEM } from '../../../lib/service/response-outcome';
import { MAX_RETRY_DELAY_MS } from '../../../lib/service/retry-after';
import { FIXTURE_ORIGINS, fixtureReports } from '../../../reference-server/fixtures/reports';

const BASE_URL = 'https://reports.example.org';
const ORIGIN = FIXTURE_ORIGINS.mid;
// fixed date: the clock this test passes in, to the code under test and to the fixture reports
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const REPORT: ScanReport = fixtureReports(DEFAULT_SERVICE_BASE_URL, NOW).mid;
const ISSUE: ScanIssue = {
  id: 'sitemap',
  name: 'Sitemap',
  tier: 'recommended',
  result: 'failed',
  details: null,
  recommendation: 'Publish /sitemap.xml.',
};
const JSON_HEADERS = { 'content-type': 'application/json' };

interface RecordedRequest {
  url: URL;
  init: RequestInit | undefined;
}

/** A fetch that records each request and answers with `respond()`. */
function fakeFetch(respond: () => Response | Promise<Response>) {
  const requests: RecordedRequest[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    requests.push({ url: new URL(String(input)), init });
    return respond();
  };
  return { fetch: fetchFn, requests };
}

function clientAnswering(
  respond: () => Response | Promise<Response>,
  deps: Partial<ReportClientDeps> = {},
) {
  const fake = fakeFetch(respond);
  const client = createReportClient({
    baseUrl: BASE_URL,
    fetch: fake.fetch,
    now: () => NOW,
    ...deps,
  });
  return { client, requests: fake.requests };
}

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/** A fetch that never answers but, like the real one, rejects when its signal aborts. */
const hangingFetch: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });

/** A body stream that would produce `totalBytes` of JSON whitespace, and says how far it got. */
function largeBody(totalBytes: number, chunkBytes = 64 * 1024) {
  const progress = { producedBytes: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (progress.producedBytes >= totalBytes) {
        controller.close();
        return;
      }
      progress.producedBytes += chunkBytes;
      controller.enqueue(new Uint8Array(chunkBytes).fill(0x20));
    },
    cancel() {
      progress.cancelled = true;
    },
  });
  return { stream, progress };
}

/** A body that sends `firstChunk` and then nothing more, ever. */
function stalledBody(firstChunk: string) {
  const progress = { cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(firstChunk));
    },
    pull() {
      return new Promise<void>(() => {});
    },
    cancel() {
      progress.cancelled = true;
    },
  });
  return { stream, progress };
}

const httpDate = (epochMs: number) => new Date(epochMs).toUTCString();

/**
 * What a browser's fetch with `redirect: 'manual'` gives for a redirect: type opaqueredirect,
 * status 0, no headers, no body. Node's fetch returns the 3xx itself and a Response cannot be
 * built with status 0, so the two fields are set on an ordinary one.
 */
function opaqueRedirect(): Response {
  const response = new Response(null, { status: 200 });
  Object.defineProperties(response, {
    type: { value: 'opaqueredirect' },
    status: { value: 0 },
  });
  return response;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** What a 404 from the service answers with this message and no links. */
const noReportOutcome = (message: string | null): LookupOutcome => ({
  kind: 'no-report',
  message,
  resolution: null,
  scanUrl: null,
  documentationUrl: null,
  response: { status: 404, headers: JSON_HEADERS },
});

describe('createReportClient: outcomes by response', () => {
  it.each<[string, () => Response, LookupOutcome]>([
    [
      '200 with a valid report',
      () => jsonResponse(200, REPORT, { 'Cache-Control': 'max-age=300' }),
      {
        kind: 'report',
        report: REPORT,
        response: {
          status: 200,
          headers: { 'content-type': 'application/json', 'cache-control': 'max-age=300' },
        },
      },
    ],
    [
      '404 with a message and both links',
      () =>
        jsonResponse(404, {
          error: 'No completed report is stored for this URL.',
          scan_url: 'https://is-agentic.com/scan?url=x',
          documentation_url: 'https://is-agentic.com/developers',
        }),
      {
        kind: 'no-report',
        message: 'No completed report is stored for this URL.',
        resolution: null,
        scanUrl: 'https://is-agentic.com/scan?url=x',
        documentationUrl: 'https://is-agentic.com/developers',
        response: { status: 404, headers: JSON_HEADERS },
      },
    ],
    [
      '404 with a message and no links',
      () => jsonResponse(404, { error: 'Not found' }),
      noReportOutcome('Not found'),
    ],
    [
      '404 with a link that is not http(s)',
      () => jsonResponse(404, { error: 'Not found', scan_url: 'javascript:alert(1)' }),
      noReportOutcome('Not found'),
    ],
    [
      '404 whose body breaks the Error shape',
      () => jsonResponse(404, { message: 'no error key' }),
      noReportOutcome(null),
    ],
    [
      '404 whose body is not JSON',
      () => new Response('{"error": "Not fo', { status: 404, headers: JSON_HEADERS }),
      noReportOutcome(null),
    ],
    [
      '404 from something answering with HTML: not the service, so not "no report"',
      () =>
        new Response('<h1>Not Found</h1>', {
          status: 404,
          headers: { 'content-type': 'text/html' },
        }),
      {
        kind: 'service-moved',
        message: null,
        documentationUrl: null,
        response: { status: 404, headers: { 'content-type': 'text/html' } },
      },
    ],
    [
      '400 with a message',
      () => jsonResponse(400, { error: 'url must be an absolute http(s) URL' }),
      {
        kind: 'invalid-request',
        message: 'url must be an absolute http(s) URL',
        response: { status: 400, headers: JSON_HEADERS },
      },
    ],
    [
      '400 with an unreadable body',
      () => new Response('oops', { status: 400, headers: JSON_HEADERS }),
      { kind: 'invalid-request', message: null, response: { status: 400, headers: JSON_HEADERS } },
    ],
    [
      '503 without Retry-After',
      () => jsonResponse(503, { error: 'Report store unavailable' }),
      { kind: 'unavailable', retryAt: null, response: { status: 503, headers: JSON_HEADERS } },
    ],
    [
      '500',
      () => new Response('Internal Server Error', { status: 500 }),
      {
        kind: 'unavailable',
        retryAt: null,
        response: { status: 500, headers: { 'content-type': 'text/plain;charset=UTF-8' } },
      },
    ],
    [
      '502 from a proxy, with Retry-After',
      () => new Response(null, { status: 502, headers: { 'Retry-After': '30' } }),
      {
        kind: 'unavailable',
        retryAt: NOW + 30_000,
        response: { status: 502, headers: { 'retry-after': '30' } },
      },
    ],
    [
      '302 (a redirect the fetch did not refuse)',
      () => new Response(null, { status: 302, headers: { location: 'https://elsewhere.example' } }),
      {
        kind: 'invalid-response',
        problem: 'unexpected status 302',
        response: { status: 302, headers: { location: 'https://elsewhere.example' } },
      },
    ],
    [
      '418',
      () => jsonResponse(418, { error: "I'm a teapot" }),
      {
        kind: 'invalid-response',
        problem: 'unexpected status 418',
        response: { status: 418, headers: JSON_HEADERS },
      },
    ],
    [
      '204',
      () => new Response(null, { status: 204 }),
      {
        kind: 'invalid-response',
        problem: 'unexpected status 204',
        response: { status: 204, headers: {} },
      },
    ],
  ])('%s', async (_case, respond, expected) => {
    const { client } = clientAnswering(respond);
    expect(await client.lookupReport(ORIGIN)).toStrictEqual(expected);
  });

  it('a redirect the browser did not follow (opaque, status 0) is an invalid response', async () => {
    const { client } = clientAnswering(() => opaqueRedirect());
    expect(await client.lookupReport(ORIGIN)).toStrictEqual({
      kind: 'invalid-response',
      problem: REDIRECT_PROBLEM,
      response: { status: 0, headers: {} },
    });
  });

  it.each(
    Object.entries(fixtureReports(DEFAULT_SERVICE_BASE_URL, NOW)),
  )('accepts the %s fixture report', async (_name, report) => {
    const { client } = clientAnswering(() => jsonResponse(200, report));
    const outcome = await client.lookupReport(ORIGIN);
    expect(outcome).toMatchObject({ kind: 'report', report });
  });

  it('drops unknown keys at every level instead of refusing the report', async () => {
    const { client } = clientAnswering(() =>
      jsonResponse(200, {
        ...REPORT,
        future_field: { anything: true },
        score_breakdown: { ...REPORT.score_breakdown, experimental: { earned: 1 } },
        issues: [{ ...ISSUE, severity: 'high' }],
      }),
    );
    const outcome = await client.lookupReport(ORIGIN);
    expect(outcome.kind).toBe('report');
    if (outcome.kind !== 'report') return;
    expect(outcome.report).toStrictEqual({ ...REPORT, issues: [ISSUE] });
    expect(outcome.report).not.toHaveProperty('future_field');
    expect(outcome.report.score_breakdown).not.toHaveProperty('experimental');
  });

  it.each([
    'application/json; charset=utf-8',
    'Application/JSON',
    'application/vnd.readiness-report+json',
  ])('accepts the content type %s', async (contentType) => {
    const { client } = clientAnswering(
      () => new Response(JSON.stringify(REPORT), { headers: { 'content-type': contentType } }),
    );
    expect((await client.lookupReport(ORIGIN)).kind).toBe('report');
  });

  it('gives headers as a plain object with lower-case names', async () => {
    const { client } = clientAnswering(() =>
      jsonResponse(200, REPORT, { 'Cache-Control': 'max-age=60', ETag: '"v1"' }),
    );
    const outcome = await client.lookupReport(ORIGIN);
    if (outcome.kind !== 'report') throw new Error(`expected a report, got ${outcome.kind}`);
    expect(Object.getPrototypeOf(outcome.response.headers)).toBe(Object.prototype);
    expect(outcome.response.headers).toStrictEqual({
      'cache-control': 'max-age=60',
      'content-type': 'application/json',
      etag: '"v1"',
    });
  });
});

describe('createReportClient: Retry-After', () => {
  it.each<[string, string | null, number | null]>([
    ['delta-seconds', '120', NOW + 120_000],
    ['zero seconds', '0', NOW],
    ['an HTTP date', httpDate(NOW + 5 * 60_000), NOW + 5 * 60_000],
    ['a past HTTP date', httpDate(NOW - 60_000), null],
    ['garbage', 'soon', null],
    ['a negative number', '-5', null],
    ['a huge number of seconds (clamped)', '999999999999', NOW + MAX_RETRY_DELAY_MS],
    [
      'a date years ahead (clamped)',
      httpDate(NOW + 3 * 365 * 86_400_000),
      NOW + MAX_RETRY_DELAY_MS,
    ],
    ['absent', null, null],
  ])('503 with %s', async (_case, retryAfter, retryAt) => {
    const headers: Record<string, string> =
      retryAfter === null ? {} : { 'retry-after': retryAfter };
    const { client } = clientAnswering(() => jsonResponse(503, { error: 'busy' }, headers));
    expect(await client.lookupReport(ORIGIN)).toMatchObject({ kind: 'unavailable', retryAt });
  });

  it('reads the clock when the answer arrives, not when the client was built', async () => {
    let clock = NOW;
    const { client } = clientAnswering(() => jsonResponse(503, {}, { 'retry-after': '10' }), {
      now: () => clock,
    });
    clock = NOW + 1_000;
    expect(await client.lookupReport(ORIGIN)).toMatchObject({ retryAt: NOW + 11_000 });
  });
});

describe('createReportClient: responses that break the contract', () => {
  it.each<[string, () => Response, string]>([
    [
      'a non-JSON content type',
      () => new Response(JSON.stringify(REPORT), { headers: { 'content-type': 'text/html' } }),
      'unexpected content type "text/html"',
    ],
    [
      'no content type',
      () => new Response(new TextEncoder().encode(JSON.stringify(REPORT))),
      'missing content type',
    ],
    [
      'invalid JSON',
      () => new Response('{"score": 74.5,', { headers: JSON_HEADERS }),
      'response is not valid JSON',
    ],
    [
      'an empty body',
      () => new Response(null, { headers: JSON_HEADERS }),
      'response body is empty',
    ],
    [
      'bytes that are not UTF-8',
      () => new Response(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), { headers: JSON_HEADERS }),
      'response is not valid UTF-8',
    ],
    [
      'a declared length over the cap',
      () =>
        new Response('{}', {
          headers: { ...JSON_HEADERS, 'content-length': String(DEFAULT_MAX_BODY_BYTES + 1) },
        }),
      'response too large',
    ],
  ])('%s', async (_case, respond, problem) => {
    const { client } = clientAnswering(respond);
    expect(await client.lookupReport(ORIGIN)).toMatchObject({ kind: 'invalid-response', problem });
  });

  const { target: _target, ...reportWithoutTarget } = REPORT;
  const { details: _details, ...issueWithoutDetails } = ISSUE;

  it.each<[string, unknown, string]>([
    ['a missing key', reportWithoutTarget, 'target: missing'],
    ['score 101', { ...REPORT, score: 101 }, 'score: too big (maximum 100)'],
    ['score -1', { ...REPORT, score: -1 }, 'score: too small (minimum 0)'],
    ['score "50"', { ...REPORT, score: '50' }, 'score: expected number, got string'],
    [
      'an unknown tier',
      { ...REPORT, issues: [{ ...ISSUE, tier: 'critical' }] },
      'issues[0].tier: expected one of essential, recommended, bonus',
    ],
    [
      'an unknown result',
      { ...REPORT, issues: [ISSUE, { ...ISSUE, result: 'passed' }] },
      'issues[1].result: expected one of failed, partial',
    ],
    [
      'a negative count',
      {
        ...REPORT,
        score_breakdown: {
          ...REPORT.score_breakdown,
          essential: { ...REPORT.score_breakdown.essential, passing: -1 },
        },
      },
      'score_breakdown.essential.passing: too small (minimum 0)',
    ],
    [
      'a fractional count',
      { ...REPORT, eligible_checks: 2.5 },
      'eligible_checks: expected integer',
    ],
    [
      'an issue without details',
      { ...REPORT, issues: [issueWithoutDetails] },
      'issues[0].details: missing',
    ],
    [
      'a date that is not a date-time',
      { ...REPORT, scanned_at: 'yesterday' },
      'scanned_at: invalid date-time',
    ],
    [
      'a report_url that is not a URL',
      { ...REPORT, report_url: 'scan/mid' },
      'report_url: invalid url',
    ],
    [
      'issues that are not an array',
      { ...REPORT, issues: {} },
      'issues: expected array, got object',
    ],
    ['null', null, 'body: expected object, got null'],
    ['an array', [REPORT], 'body: expected object, got array'],
    [
      'several problems at once',
      { ...REPORT, score: 101, score_label: 7 },
      'score: too big (maximum 100) (and 1 more)',
    ],
  ])('refuses a report with %s', async (_case, body, problem) => {
    const { client } = clientAnswering(() => jsonResponse(200, body));
    expect(await client.lookupReport(ORIGIN)).toStrictEqual({
      kind: 'invalid-response',
      problem,
      response: { status: 200, headers: JSON_HEADERS },
    });
  });

  it('stops reading and cancels a body over the cap', async () => {
    const { stream, progress } = largeBody(64 * DEFAULT_MAX_BODY_BYTES);
    const { client } = clientAnswering(() => new Response(stream, { headers: JSON_HEADERS }));

    expect(await client.lookupReport(ORIGIN)).toMatchObject({
      kind: 'invalid-response',
      problem: 'response too large',
    });
    expect(progress.cancelled).toBe(true);
    expect(progress.producedBytes).toBeLessThan(2 * DEFAULT_MAX_BODY_BYTES);
  });

  it('honours a smaller configured cap', async () => {
    const { client } = clientAnswering(() => jsonResponse(200, REPORT), { maxBodyBytes: 100 });
    expect(await client.lookupReport(ORIGIN)).toMatchObject({ problem: 'response too large' });
  });

  it('caps the Error body of a 404 too, and still reports no-report', async () => {
    const { stream, progress } = largeBody(64 * DEFAULT_MAX_BODY_BYTES);
    const { client } = clientAnswering(
      () => new Response(stream, { status: 404, headers: JSON_HEADERS }),
    );
    expect(await client.lookupReport(ORIGIN)).toMatchObject({ kind: 'no-report', message: null });
    expect(progress.cancelled).toBe(true);
  });
});

describe('createReportClient: failures without an answer', () => {
  it.each<[string, typeof fetch, unknown]>([
    ['a rejected fetch', () => Promise.reject(new TypeError('Failed to fetch')), 'Failed to fetch'],
    [
      'a fetch that throws synchronously',
      () => {
        throw new TypeError('Illegal invocation');
      },
      'Illegal invocation',
    ],
    ['a rejection with a non-Error value', () => Promise.reject('boom'), 'boom'],
    [
      'something that is not a Response',
      () => Promise.resolve({} as Response),
      // The engine's own TypeError text; only its presence matters.
      expect.any(String),
    ],
  ])('%s is a network failure, never a rejection', async (_case, fetchFn, message) => {
    const client = createReportClient({ baseUrl: BASE_URL, fetch: fetchFn });
    await expect(client.lookupReport(ORIGIN)).resolves.toStrictEqual({
      kind: 'network-failure',
      message,
    });
  });

  it('reports a stream that breaks mid-body as a network failure', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"target":'));
        controller.error(new TypeError('network error'));
      },
    });
    const { client } = clientAnswering(() => new Response(stream, { headers: JSON_HEADERS }));
    expect(await client.lookupReport(ORIGIN)).toStrictEqual({
      kind: 'network-failure',
      message: 'network error',
    });
  });

  it('times out when no answer comes, aborting the request', async () => {
    let requestSignal: AbortSignal | undefined;
    const client = createReportClient({
      baseUrl: BASE_URL,
      timeoutMs: 20,
      fetch: (input, init) => {
        requestSignal = init?.signal ?? undefined;
        return hangingFetch(input, init);
      },
    });
    expect(await client.lookupReport(ORIGIN)).toStrictEqual({ kind: 'timeout', timeoutMs: 20 });
    expect(requestSignal?.aborted).toBe(true);
  });

  it('times out even when the fetch ignores its signal', async () => {
    const client = createReportClient({
      baseUrl: BASE_URL,
      timeoutMs: 20,
      fetch: () => new Promise<Response>(() => {}),
    });
    expect(await client.lookupReport(ORIGIN)).toStrictEqual({ kind: 'timeout', timeoutMs: 20 });
  });

  it.each([
    200, 404,
  ])('times out when a %i body stalls after the headers, cancelling the body', async (status) => {
    const { stream, progress } = stalledBody('{"error":');
    const { client } = clientAnswering(
      () => new Response(stream, { status, headers: JSON_HEADERS }),
      { timeoutMs: 20 },
    );
    expect(await client.lookupReport(ORIGIN)).toStrictEqual({ kind: 'timeout', timeoutMs: 20 });
    expect(progress.cancelled).toBe(true);
  });

  it('returns the answer when it beats the deadline', async () => {
    const { client } = clientAnswering(() => jsonResponse(200, REPORT), { timeoutMs: 1_000 });
    expect((await client.lookupReport(ORIGIN)).kind).toBe('report');
  });
});

describe('createReportClient: the request', () => {
  it('asks for the origin as the one `url` query parameter', async () => {
    const { client, requests } = clientAnswering(() => jsonResponse(200, REPORT));
    await client.lookupReport(ORIGIN);

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url.href).toBe(
      'https://reports.example.org/api/report?url=http%3A%2F%2Fmid.readiness-fixtures.com',
    );
    expect([...(request?.url.searchParams.keys() ?? [])]).toStrictEqual(['url']);
    expect(request?.url.searchParams.get('url')).toBe(ORIGIN);
    expect(request?.url.hash).toBe('');
  });

  it('sends no credentials, does not follow redirects, skips the browser HTTP cache and asks for JSON', async () => {
    const { client, requests } = clientAnswering(() => jsonResponse(200, REPORT));
    await client.lookupReport(ORIGIN);

    const init = requests[0]?.init;
    expect(init).toMatchObject({
      method: 'GET',
      credentials: 'omit',
      redirect: 'manual',
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    expect(init?.body).toBeUndefined();
  });

  it.each([
    ['https://reports.example.org', 'https://reports.example.org/api/report'],
    ['https://reports.example.org/', 'https://reports.example.org/api/report'],
    ['https://reports.example.org/v1', 'https://reports.example.org/v1/api/report'],
    ['https://reports.example.org/v1/', 'https://reports.example.org/v1/api/report'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787/api/report'],
  ])('appends /api/report to the base URL %s', async (baseUrl, expectedPath) => {
    const { client, requests } = clientAnswering(() => jsonResponse(200, REPORT), { baseUrl });
    await client.lookupReport(ORIGIN);
    const url = requests[0]?.url;
    expect(`${url?.origin}${url?.pathname}`).toBe(expectedPath);
  });

  it.each([
    'https://shop.example.com:8443',
    'https://xn--bcher-kva.example',
    'http://[2001:db8::1]',
  ])('sends %s unchanged', async (origin) => {
    const { client, requests } = clientAnswering(() => jsonResponse(404, { error: 'none' }));
    await client.lookupReport(origin);
    expect(requests[0]?.url.searchParams.get('url')).toBe(origin);
  });

  it('builds the request URL with the same rules outside the client', () => {
    expect(reportRequestUrl('https://x.org/base/', 'https://a.example?b=c&d')).toBe(
      'https://x.org/base/api/report?url=https%3A%2F%2Fa.example%3Fb%3Dc%26d',
    );
  });

  it('uses the global fetch at call time when none is injected', async () => {
    const fake = fakeFetch(() => jsonResponse(200, REPORT));
    const client = createReportClient({ baseUrl: BASE_URL });
    vi.stubGlobal('fetch', fake.fetch);
    expect((await client.lookupReport(ORIGIN)).kind).toBe('report');
    expect(fake.requests).toHaveLength(1);
  });
});

describe('createReportClient: configuration', () => {
  it('defaults to an 8 s limit and a 1 MiB cap', () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(8_000);
    expect(DEFAULT_MAX_BODY_BYTES).toBe(1_048_576);
  });

  it.each<[string, Partial<ReportClientDeps>]>([
    ['a base URL that is not http(s)', { baseUrl: 'ftp://reports.example.org' }],
    ['a base URL with a query', { baseUrl: 'https://reports.example.org/?key=1' }],
    ['a base URL that is not a URL', { baseUrl: 'reports' }],
    ['a zero timeout', { timeoutMs: 0 }],
    ['an infinite timeout', { timeoutMs: Number.POSITIVE_INFINITY }],
    ['a negative cap', { maxBodyBytes: -1 }],
  ])('refuses %s when built', (_case, deps) => {
    expect(() => createReportClient({ baseUrl: BASE_URL, ...deps })).toThrow();
  });
});

describe('createReportClient: the live service dialect (problem details, 429, retired routes)', () => {
  const LIVE_BASE = 'https://is-agentic.com';
  const PROBLEM_HEADERS = { 'content-type': 'application/problem+json' };
  const problem = (status: number, body: object, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { ...PROBLEM_HEADERS, ...headers } });
  const lookUp = (respond: () => Response) =>
    clientAnswering(respond, { baseUrl: LIVE_BASE }).client.lookupReport(ORIGIN);

  const NOT_FOUND = {
    type: 'https://is-agentic.com/docs#report-not-found',
    title: 'Completed report not found',
    status: 404,
    detail: 'No completed Is Agentic report is stored for this URL.',
    instance: '/api/v1/report?url=https%3A%2F%2Fmvanhorn.com',
    code: 'report_not_found',
    resolution:
      'Start a scan at https://is-agentic.com/scan/mvanhorn.com, wait for it to complete, and retry this request.',
    documentation_url: 'https://is-agentic.com/docs#errors',
  };

  it('reads a captured report_not_found problem: its words, and the scan link from resolution', async () => {
    expect(await lookUp(() => problem(404, NOT_FOUND))).toMatchObject({
      kind: 'no-report',
      message: 'No completed Is Agentic report is stored for this URL.',
      resolution: NOT_FOUND.resolution,
      scanUrl: 'https://is-agentic.com/scan/mvanhorn.com',
      documentationUrl: 'https://is-agentic.com/docs#errors',
    });
  });

  it.each([
    ['another origin', 'Start a scan at https://evil.example/scan/x.'],
    ['plain http on the service host', 'Start a scan at http://is-agentic.com/scan/x.'],
    ['credentials in the link', 'Start a scan at https://is-agentic.com@evil.example/x.'],
    ['no link at all', 'Start a scan on the website.'],
  ])('takes no scan link from a resolution with %s', async (_case, resolution) => {
    expect(await lookUp(() => problem(404, { ...NOT_FOUND, resolution }))).toMatchObject({
      kind: 'no-report',
      resolution,
      scanUrl: null,
    });
  });

  it('ignores unknown members and members of the wrong type, one by one', async () => {
    const odd = {
      ...NOT_FOUND,
      detail: 42,
      extra: { nested: true },
      documentation_url: 'javascript:x',
    };
    expect(await lookUp(() => problem(404, odd))).toMatchObject({
      kind: 'no-report',
      message: 'Completed report not found',
      scanUrl: 'https://is-agentic.com/scan/mvanhorn.com',
      documentationUrl: null,
    });
  });

  it.each([
    [
      'a 404 with code api_route_not_found',
      () =>
        problem(404, {
          ...NOT_FOUND,
          code: 'api_route_not_found',
          detail: 'No API route matches this path.',
        }),
      'No API route matches this path.',
    ],
    [
      'a 405 problem',
      () => problem(405, { ...NOT_FOUND, code: 'method_not_allowed', detail: 'Use GET.' }),
      'Use GET.',
    ],
    ['a 405 without a body', () => new Response(null, { status: 405 }), null],
    ['a 404 with an empty body and no type', () => new Response(null, { status: 404 }), null],
  ])('%s means the service no longer answers here, never "no report"', async (_case, respond, message) => {
    expect(await lookUp(respond)).toMatchObject({ kind: 'service-moved', message });
  });

  it.each<[string, () => Response, Partial<LookupOutcome>]>([
    [
      'a 404 problem with a code it does not know is still "no report", as its status says',
      () => problem(404, { ...NOT_FOUND, code: 'something_new' }),
      { kind: 'no-report' },
    ],
    [
      'a 400 invalid_url problem is the extension being refused, in the service words',
      () =>
        problem(400, {
          ...NOT_FOUND,
          status: 400,
          code: 'invalid_url',
          detail: 'url must be absolute.',
        }),
      { kind: 'invalid-request', message: 'url must be absolute.' },
    ],
    [
      'a 429 is busy until its Retry-After',
      () =>
        problem(
          429,
          { ...NOT_FOUND, status: 429, code: 'rate_limit_exceeded', detail: 'Too many requests.' },
          { 'Retry-After': '42' },
        ),
      { kind: 'busy', retryAt: NOW + 42_000 },
    ],
    [
      'a 429 without Retry-After is busy until the quota resets',
      () => problem(429, {}, { 'RateLimit-Remaining': '0', 'RateLimit-Reset': '17' }),
      { kind: 'busy', retryAt: NOW + 17_000 },
    ],
    [
      'a 429 that names no time and has no body is still busy, never an error',
      () => new Response('slow down', { status: 429 }),
      { kind: 'busy', retryAt: null },
    ],
    [
      'a 503 problem is unavailable as before',
      () =>
        problem(
          503,
          { ...NOT_FOUND, status: 503, code: 'report_temporarily_unavailable' },
          { 'Retry-After': '5' },
        ),
      { kind: 'unavailable', retryAt: NOW + 5_000 },
    ],
  ])('%s', async (_case, respond, outcome) => {
    expect(await lookUp(respond)).toMatchObject(outcome);
  });
});
