// @vitest-environment node
/**
 * The reference server over real HTTP: it must answer exactly as the contract says, key
 * reports by origin, misbehave on request, and record what it was sent.
 */
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contractSchemas, type ScanReport } from '../../../lib/contract/report-schema';
import { diffChecks } from '../../../lib/history/check-diff';
import { checksOf } from '../../../lib/history/scan-record';
import { parseTime } from '../../../lib/locale/format-time';
import {
  FIXTURE_ORIGINS,
  type FixtureName,
  fixtureReports,
  UNSCANNED_ORIGIN,
} from '../../../reference-server/fixtures/reports';
import {
  HUGE_BODY_BYTES,
  MISBEHAVING_ORIGINS,
  MISBEHAVING_SITES,
  SLOW_DELAY_MS,
} from '../../../reference-server/misbehaving-sites';
import { retargetReport } from '../../../reference-server/report-store';
import {
  RESCANNED_FIXED,
  RESCANNED_NEW,
  RESCANNED_ORIGIN,
  RESCANNED_WORSE,
  rescannedScans,
} from '../../../reference-server/rescanned-site';
import {
  type Misbehaviour,
  type ReferenceServer,
  startReferenceServer,
} from '../../../reference-server/server';
import { errorBodySchema } from '../../fixtures/error-body';

let server: ReferenceServer;

beforeAll(async () => {
  server = await startReferenceServer({ port: 0 });
});

afterAll(async () => {
  await server?.close();
});

afterEach(() => {
  // Runtime misbehaviours set by a test must not leak into the next one.
  for (const origin of [...Object.values(FIXTURE_ORIGINS), UNSCANNED_ORIGIN]) {
    server.setMisbehaviour(origin, null);
  }
  for (const site of Object.values(MISBEHAVING_SITES)) {
    server.setMisbehaviour(site.origin, site.misbehaviour);
  }
});

function reportUrl(url: string): string {
  return `${server.baseUrl}/api/report?url=${encodeURIComponent(url)}`;
}

async function lookup(url: string, init?: RequestInit) {
  const response = await fetch(reportUrl(url), init);
  const text = await response.text();
  return { response, text };
}

function expectExactLength(response: Response, text: string): void {
  expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
}

function expectJsonError(response: Response, text: string): void {
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expectExactLength(response, text);
  expect(v.safeParse(errorBodySchema(), JSON.parse(text)).success).toBe(true);
}

/** The fixture reports as the server holds them: dated by its clock's reading at the start. */
const fixtures = () => fixtureReports(server.baseUrl, server.datedAt);

describe('the server', () => {
  it('reports the real port when asked for port 0', () => {
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.port).toBeGreaterThan(0);
    expect(server.baseUrl).toBe(`http://127.0.0.1:${server.port}`);
  });

  it('closes promptly even with an answer still pending', async () => {
    const other = await startReferenceServer({ port: 0 });
    const pending = fetch(
      `${other.baseUrl}/api/report?url=${encodeURIComponent(MISBEHAVING_ORIGINS.slow)}`,
    ).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(Error);
  });
});

describe('GET /api/report: 400 for a missing or invalid url', () => {
  it.each([
    ['no query at all', ''],
    ['no url parameter', '?origin=http%3A%2F%2Fhigh.readiness-fixtures.com'],
    [
      'url given twice',
      `?url=${encodeURIComponent(FIXTURE_ORIGINS.high)}&url=${encodeURIComponent(FIXTURE_ORIGINS.low)}`,
    ],
    ['an empty url', '?url='],
    ['a url that is not a URL', '?url=not%20a%20url'],
    ['a relative url', '?url=%2Fpath%2Fonly'],
    ['a host without a scheme', '?url=high.readiness-fixtures.com'],
    ['an ftp url', `?url=${encodeURIComponent('ftp://high.readiness-fixtures.com/')}`],
    ['a javascript: url', `?url=${encodeURIComponent('javascript:alert(1)')}`],
    ['a file url', `?url=${encodeURIComponent('file:///etc/passwd')}`],
    [
      'a url of 2049 characters',
      `?url=${encodeURIComponent(`${FIXTURE_ORIGINS.high}/${'a'.repeat(2049 - FIXTURE_ORIGINS.high.length - 1)}`)}`,
    ],
  ])('%s', async (_case, query) => {
    const response = await fetch(`${server.baseUrl}/api/report${query}`);
    const text = await response.text();
    expect(response.status).toBe(400);
    expectJsonError(response, text);
  });

  it('accepts a url of exactly 2048 characters', async () => {
    const url = `${FIXTURE_ORIGINS.high}/${'a'.repeat(2048 - FIXTURE_ORIGINS.high.length - 1)}`;
    expect(url).toHaveLength(2048);
    const { response } = await lookup(url);
    expect(response.status).toBe(200);
  });
});

describe('GET /api/report: 200 with the stored report', () => {
  it.each(
    Object.entries(FIXTURE_ORIGINS) as [FixtureName, string][],
  )('%s (%s)', async (name, origin) => {
    const { response, text } = await lookup(origin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('max-age=300');
    expectExactLength(response, text);
    const parsed = v.safeParse(contractSchemas().scanReport, JSON.parse(text));
    expect(parsed.issues).toBeUndefined();
    expect(JSON.parse(text)).toEqual(fixtures()[name]);
  });

  it('points report_url at its own /scan page, which a person can open', async () => {
    const { text } = await lookup(FIXTURE_ORIGINS.high);
    const report = JSON.parse(text) as { report_url: string };
    expect(report.report_url).toBe(`${server.baseUrl}/scan/high.readiness-fixtures.com`);
    const page = await fetch(report.report_url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('Readiness report for high.readiness-fixtures.com');
  });

  it.each([
    ['a path', `${FIXTURE_ORIGINS.mid}/pricing/plans`],
    ['a trailing slash', `${FIXTURE_ORIGINS.mid}/`],
    ['a query and a fragment', `${FIXTURE_ORIGINS.mid}/search?q=agents#results`],
    ['the default port spelt out', `${FIXTURE_ORIGINS.mid}:80/`],
    ['an upper-case host', FIXTURE_ORIGINS.mid.toUpperCase().replace('HTTP://', 'http://')],
  ])('keys by origin, ignoring %s', async (_case, url) => {
    const { response, text } = await lookup(url);
    expect(response.status).toBe(200);
    expect(JSON.parse(text)).toEqual(fixtures().mid);
  });

  it('treats another scheme or port as another origin', async () => {
    const https = await lookup(FIXTURE_ORIGINS.mid.replace('http:', 'https:'));
    expect(https.response.status).toBe(404);
    const otherPort = await lookup(`${FIXTURE_ORIGINS.mid}:8080`);
    expect(otherPort.response.status).toBe(404);
  });
});

describe('GET /api/report: 404 when no report is stored', () => {
  it('answers an Error body with scan_url and documentation_url', async () => {
    const { response, text } = await lookup(`${UNSCANNED_ORIGIN}/some/page`);
    expect(response.status).toBe(404);
    expectJsonError(response, text);
    expect(response.headers.get('cache-control')).toBeNull();
    const body = v.parse(errorBodySchema(), JSON.parse(text));
    expect(body.scan_url).toBe(`${server.baseUrl}/scan/unscanned.readiness-fixtures.com`);
    expect(body.documentation_url).toBe(`${server.baseUrl}/docs/api`);
  });

  it('keeps a non-default port in scan_url', async () => {
    const { text } = await lookup('https://elsewhere.readiness-fixtures.com:8443/');
    expect(v.parse(errorBodySchema(), JSON.parse(text)).scan_url).toBe(
      `${server.baseUrl}/scan/elsewhere.readiness-fixtures.com:8443`,
    );
  });

  it('links to pages that exist', async () => {
    const { text } = await lookup(UNSCANNED_ORIGIN);
    const body = v.parse(errorBodySchema(), JSON.parse(text));
    const scanPage = await fetch(body.scan_url ?? '');
    expect(scanPage.status).toBe(200);
    expect(await scanPage.text()).toContain(
      'Readiness report for unscanned.readiness-fixtures.com',
    );
    const docsPage = await fetch(body.documentation_url ?? '');
    expect(docsPage.status).toBe(200);
    expect(docsPage.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });
});

describe('other methods and paths', () => {
  it.each([
    'POST',
    'PUT',
    'DELETE',
    'PATCH',
    'OPTIONS',
  ])('%s /api/report is 405 with Allow: GET', async (method) => {
    const { response, text } = await lookup(FIXTURE_ORIGINS.high, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expectJsonError(response, text);
  });

  it('HEAD /api/report is 405 too (the contract has GET only)', async () => {
    const response = await fetch(reportUrl(FIXTURE_ORIGINS.high), { method: 'HEAD' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });

  it('sends no CORS headers, not even to a preflight', async () => {
    const responses = await Promise.all([
      fetch(reportUrl(FIXTURE_ORIGINS.high), {
        headers: { Origin: 'chrome-extension://abcdefghijklmnop' },
      }),
      fetch(reportUrl(FIXTURE_ORIGINS.high), {
        method: 'OPTIONS',
        headers: {
          Origin: 'chrome-extension://abcdefghijklmnop',
          'Access-Control-Request-Method': 'GET',
        },
      }),
      fetch(reportUrl(UNSCANNED_ORIGIN)),
    ]);
    for (const response of responses) {
      await response.arrayBuffer();
      const corsHeaders = [...response.headers.keys()].filter((name) =>
        name.startsWith('access-control-'),
      );
      expect(corsHeaders).toEqual([]);
    }
  });

  it('escapes the host on the /scan page', async () => {
    const response = await fetch(
      `${server.baseUrl}/scan/${encodeURIComponent('<script>alert("x")</script>')}`,
    );
    const html = await response.text();
    expect(html).toContain(
      'Readiness report for &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;',
    );
    expect(html).not.toContain('<script>');
  });

  it.each([
    '/',
    '/api/report/',
    '/api/reports',
    '/scan/',
    '/docs',
  ])('answers 404 text for %s', async (path) => {
    const response = await fetch(`${server.baseUrl}${path}`);
    const text = await response.text();
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expectExactLength(response, text);
  });
});

describe('built-in misbehaving sites', () => {
  it('unavailable: 503 with an Error body and Retry-After: 120', async () => {
    const { response, text } = await lookup(MISBEHAVING_ORIGINS.unavailable);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('120');
    expectJsonError(response, text);
  });

  it('malformed: 200 labelled JSON whose body does not parse', async () => {
    const { response, text } = await lookup(MISBEHAVING_ORIGINS.malformed);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expectExactLength(response, text);
    expect(text.length).toBeGreaterThan(0);
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
  });

  it('wrong-type: 200 with a valid report labelled text/html', async () => {
    const { response, text } = await lookup(MISBEHAVING_ORIGINS.wrongType);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(v.safeParse(contractSchemas().scanReport, JSON.parse(text)).success).toBe(true);
  });

  it('huge: 200 labelled JSON, 10 MiB sent chunked', async () => {
    const response = await fetch(reportUrl(MISBEHAVING_ORIGINS.huge));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.byteLength).toBe(HUGE_BODY_BYTES);
    expect(HUGE_BODY_BYTES).toBe(10 * 1024 * 1024);
    expect(() => JSON.parse(body.toString('utf8'))).not.toThrow();
  });

  it('huge: a client that gives up part way does not upset the server', async () => {
    const controller = new AbortController();
    const response = await fetch(reportUrl(MISBEHAVING_ORIGINS.huge), {
      signal: controller.signal,
    });
    const reader = response.body?.getReader();
    await reader?.read();
    controller.abort();
    const { response: next } = await lookup(FIXTURE_ORIGINS.high);
    expect(next.status).toBe(200);
  });

  it(
    'slow: the mid report, moved to its own origin, after 3 s',
    async () => {
      const started = Date.now();
      const { response, text } = await lookup(MISBEHAVING_ORIGINS.slow);
      expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_DELAY_MS - 50);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('max-age=300');
      const report = JSON.parse(text);
      expect(v.safeParse(contractSchemas().scanReport, report).success).toBe(true);
      expect(report).toEqual(
        retargetReport(fixtures().mid, MISBEHAVING_ORIGINS.slow, server.baseUrl),
      );
      expect(report.target).toBe(`${MISBEHAVING_ORIGINS.slow}/`);
      expect(report.display_target).toBe('slow.readiness-fixtures.com');
    },
    SLOW_DELAY_MS + 5000,
  );

  it('serves its stored report once its misbehaviour is reset', async () => {
    server.setMisbehaviour(MISBEHAVING_ORIGINS.unavailable, null);
    const { response, text } = await lookup(MISBEHAVING_ORIGINS.unavailable);
    expect(response.status).toBe(200);
    expect(JSON.parse(text).target).toBe(`${MISBEHAVING_ORIGINS.unavailable}/`);
  });
});

describe('the rescanned site', () => {
  beforeEach(() => {
    server.rewindScans();
    server.setMisbehaviour(RESCANNED_ORIGIN, null);
  });

  const scans = () => rescannedScans(server.baseUrl, server.datedAt);

  /** One lookup of the rescanned site: its status, Cache-Control and report. */
  async function lookUpRescanned() {
    const { response, text } = await lookup(`${RESCANNED_ORIGIN}/docs`);
    return {
      status: response.status,
      cacheControl: response.headers.get('cache-control'),
      report: response.status === 200 ? (JSON.parse(text) as ScanReport) : null,
    };
  }

  it('answers its first scan, then its second from the second lookup on, each to the contract', async () => {
    const [first, second] = scans();
    const answers = [await lookUpRescanned(), await lookUpRescanned(), await lookUpRescanned()];
    expect(answers.map((answer) => answer.report)).toEqual([first, second, second]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.cacheControl).toBe('max-age=0');
      expect(v.safeParse(contractSchemas().scanReport, answer.report).issues).toBeUndefined();
    }
    expect(server.reports().get(RESCANNED_ORIGIN)).toEqual(second);
  });

  it('moves between its scans by one fixed, one new and one worse check, counted the same way', () => {
    const [first, second] = scans();
    expect(parseTime(second.scanned_at)).toBeGreaterThan(parseTime(first.scanned_at) ?? Infinity);
    expect(second.score).not.toBe(first.score);
    expect(Math.round(second.score ?? 0)).not.toBe(Math.round(first.score ?? 0));
    const before = checksOf(first);
    const after = checksOf(second);
    if (before === null) throw new Error('the first scan lists too many checks to compare');
    expect(diffChecks({ checks: before, scannedAt: 0 }, after)).toEqual({
      kind: 'changes',
      previousScannedAt: 0,
      fixed: [expect.objectContaining({ id: RESCANNED_FIXED.id, name: 'Sitemap' })],
      new: [expect.objectContaining({ id: RESCANNED_NEW.id, name: 'Markdown negotiation' })],
      worse: [expect.objectContaining({ id: RESCANNED_WORSE.id, result: 'failed' })],
      better: [],
      // The same eligible checks and tiers: the site moved, not the service's method.
      method: null,
    });
  });

  it('does not move on for an answer other than its report', async () => {
    server.setMisbehaviour(RESCANNED_ORIGIN, { kind: 'unavailable' });
    expect((await lookUpRescanned()).status).toBe(503);
    server.setMisbehaviour(RESCANNED_ORIGIN, null);
    expect((await lookUpRescanned()).report).toEqual(scans()[0]);
  });

  it('goes back to its first scan when rewound', async () => {
    await lookUpRescanned();
    expect((await lookUpRescanned()).report).toEqual(scans()[1]);
    server.rewindScans();
    expect((await lookUpRescanned()).report).toEqual(scans()[0]);
    expect((await lookUpRescanned()).report).toEqual(scans()[1]);
  });

  it('keeps a report stored from the outside until rewound', async () => {
    const stored = { ...scans()[0], score: 12 };
    server.storeReport(RESCANNED_ORIGIN, stored);
    expect((await lookUpRescanned()).report).toEqual(stored);
    expect((await lookUpRescanned()).report).toEqual(stored);
    server.rewindScans();
    expect((await lookUpRescanned()).report).toEqual(scans()[0]);
  });

  it('serves a report given for it in the options as given, lookup after lookup', async () => {
    const given = (baseUrl: string, now: number) => ({
      ...rescannedScans(baseUrl, now)[1],
      score: 5,
    });
    const other = await startReferenceServer({
      port: 0,
      extraReports: (baseUrl, now) => ({ [RESCANNED_ORIGIN]: given(baseUrl, now) }),
    });
    try {
      const get = async () =>
        (await fetch(
          `${other.baseUrl}/api/report?url=${encodeURIComponent(RESCANNED_ORIGIN)}`,
        ).then((response) => response.json())) as ScanReport;
      expect(await get()).toEqual(given(other.baseUrl, other.datedAt));
      expect(await get()).toEqual(given(other.baseUrl, other.datedAt));
    } finally {
      await other.close();
    }
  });
});

describe('misbehaviours set at run time', () => {
  it('makes a fixture origin unavailable, then well again when reset with null', async () => {
    server.setMisbehaviour(`${FIXTURE_ORIGINS.high}/any/path`, { kind: 'unavailable' });
    const down = await lookup(FIXTURE_ORIGINS.high);
    expect(down.response.status).toBe(503);
    expect(down.response.headers.get('retry-after')).toBeNull();
    expectJsonError(down.response, down.text);

    server.setMisbehaviour(FIXTURE_ORIGINS.high, null);
    const up = await lookup(FIXTURE_ORIGINS.high);
    expect(up.response.status).toBe(200);
    expect(JSON.parse(up.text)).toEqual(fixtures().high);
  });

  it('slow: answers normally after the delay', async () => {
    server.setMisbehaviour(FIXTURE_ORIGINS.low, { kind: 'slow', delayMs: 250 });
    const started = Date.now();
    const { response, text } = await lookup(FIXTURE_ORIGINS.low);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(response.status).toBe(200);
    expect(JSON.parse(text)).toEqual(fixtures().low);
  });

  it('slow on an origin without a report: a 404 after the delay', async () => {
    server.setMisbehaviour(UNSCANNED_ORIGIN, { kind: 'slow', delayMs: 100 });
    const { response } = await lookup(UNSCANNED_ORIGIN);
    expect(response.status).toBe(404);
  });

  it('cache-control: the normal answer with that value, 200 and 404 alike', async () => {
    server.setMisbehaviour(FIXTURE_ORIGINS.noIssues, { kind: 'cache-control', value: 'no-store' });
    const found = await lookup(FIXTURE_ORIGINS.noIssues);
    expect(found.response.status).toBe(200);
    expect(found.response.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(found.text)).toEqual(fixtures().noIssues);

    server.setMisbehaviour(UNSCANNED_ORIGIN, { kind: 'cache-control', value: 'max-age=60' });
    const missing = await lookup(UNSCANNED_ORIGIN);
    expect(missing.response.status).toBe(404);
    expect(missing.response.headers.get('cache-control')).toBe('max-age=60');
  });

  it('malformed-json and wrong-content-type on a fixture origin use its own report', async () => {
    server.setMisbehaviour(FIXTURE_ORIGINS.nullScore, { kind: 'wrong-content-type' });
    const wrongType = await lookup(FIXTURE_ORIGINS.nullScore);
    expect(wrongType.response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(JSON.parse(wrongType.text)).toEqual(fixtures().nullScore);

    server.setMisbehaviour(FIXTURE_ORIGINS.nullScore, { kind: 'malformed-json' });
    const malformed = await lookup(FIXTURE_ORIGINS.nullScore);
    expect(malformed.response.status).toBe(200);
    expect(() => JSON.parse(malformed.text)).toThrow(SyntaxError);
  });

  it('wrong-content-type on an origin without a report still sends a valid report', async () => {
    server.setMisbehaviour(UNSCANNED_ORIGIN, { kind: 'wrong-content-type' });
    const { response, text } = await lookup(UNSCANNED_ORIGIN);
    expect(response.status).toBe(200);
    expect(JSON.parse(text).target).toBe(`${UNSCANNED_ORIGIN}/`);
  });

  it('huge-body with announceLength: exactly that many bytes, with Content-Length', async () => {
    server.setMisbehaviour(FIXTURE_ORIGINS.mid, {
      kind: 'huge-body',
      bytes: 200_000,
      announceLength: true,
    });
    const response = await fetch(reportUrl(FIXTURE_ORIGINS.mid));
    expect(response.headers.get('content-length')).toBe('200000');
    expect((await response.arrayBuffer()).byteLength).toBe(200_000);
  });

  it.each([200, 500, 502] as const)('html-error-page: %i with an HTML page', async (status) => {
    server.setMisbehaviour(FIXTURE_ORIGINS.mid, { kind: 'html-error-page', status });
    const { response, text } = await lookup(FIXTURE_ORIGINS.mid);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectExactLength(response, text);
    expect(text).toMatch(/^<!doctype html>/);
  });

  it('empty-body: 200 labelled JSON with Content-Length 0', async () => {
    server.setMisbehaviour(FIXTURE_ORIGINS.mid, { kind: 'empty-body' });
    const { response, text } = await lookup(FIXTURE_ORIGINS.mid);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-length')).toBe('0');
    expect(text).toBe('');
  });

  it('never-answers: no status line until the client gives up', async () => {
    server.setMisbehaviour(FIXTURE_ORIGINS.mid, { kind: 'never-answers' });
    const outcome = await fetch(reportUrl(FIXTURE_ORIGINS.mid), {
      signal: AbortSignal.timeout(300),
    }).then(
      (response) => `answered ${response.status}`,
      (error: unknown) => (error instanceof Error ? error.name : String(error)),
    );
    expect(outcome).toBe('TimeoutError');
    // The server is still well after a client walked away from a held request.
    server.setMisbehaviour(FIXTURE_ORIGINS.mid, null);
    expect((await lookup(FIXTURE_ORIGINS.mid)).response.status).toBe(200);
  });

  it('never-answers: closing the server ends the held request', async () => {
    const other = await startReferenceServer({
      port: 0,
      misbehaviours: { [FIXTURE_ORIGINS.mid]: { kind: 'never-answers' } },
    });
    const pending = fetch(
      `${other.baseUrl}/api/report?url=${encodeURIComponent(FIXTURE_ORIGINS.mid)}`,
    ).catch((error: unknown) => error);
    await expect.poll(() => other.requests().length).toBe(1);
    await other.close();
    expect(await pending).toBeInstanceOf(Error);
  });

  it.each([
    [undefined, 302],
    [301, 301],
    [307, 307],
    [308, 308],
  ] as const)('redirect with status %s: %i and a Location, no body', async (status, expected) => {
    const location = 'http://elsewhere.readiness-fixtures.com/api/report';
    server.setMisbehaviour(FIXTURE_ORIGINS.mid, {
      kind: 'redirect',
      location,
      ...(status === undefined ? {} : { status }),
    });
    const response = await fetch(reportUrl(FIXTURE_ORIGINS.mid), { redirect: 'manual' });
    expect(response.status).toBe(expected);
    expect(response.headers.get('location')).toBe(location);
    expect(await response.text()).toBe('');
  });

  it.each([
    200, 400, 404, 503,
  ] as const)('json-body: %i with exactly the given text', async (status) => {
    const body = '{"score": NaN, "extra": "<b>x</b>"}';
    server.setMisbehaviour(FIXTURE_ORIGINS.mid, { kind: 'json-body', status, body });
    const { response, text } = await lookup(FIXTURE_ORIGINS.mid);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expectExactLength(response, text);
    expect(text).toBe(body);
  });

  it.each([
    ['an hour ahead', 3_600_000],
    ['an hour behind', -3_600_000],
  ])('skewed-clock: the normal answer with a Date %s', async (_case, offsetMs) => {
    server.setMisbehaviour(FIXTURE_ORIGINS.mid, { kind: 'skewed-clock', offsetMs });
    const before = Date.now();
    const { response, text } = await lookup(FIXTURE_ORIGINS.mid);
    const sent = Date.parse(response.headers.get('date') ?? '');
    // HTTP dates have whole seconds; allow for that and the time the request took.
    expect(sent).toBeGreaterThanOrEqual(before + offsetMs - 1000);
    expect(sent).toBeLessThanOrEqual(Date.now() + offsetMs);
    expect(response.status).toBe(200);
    expect(JSON.parse(text)).toEqual(fixtures().mid);
  });

  it('skewed-clock on an origin without a report: a 404 with the skewed Date', async () => {
    server.setMisbehaviour(UNSCANNED_ORIGIN, { kind: 'skewed-clock', offsetMs: -3_600_000 });
    const { response } = await lookup(UNSCANNED_ORIGIN);
    expect(response.status).toBe(404);
    expect(Date.parse(response.headers.get('date') ?? '')).toBeLessThan(Date.now() - 3_500_000);
  });

  it.each([
    ['a negative delay', { kind: 'slow', delayMs: -1 }],
    ['a fractional delay', { kind: 'slow', delayMs: 1.5 }],
    ['a huge body too small for its JSON wrapper', { kind: 'huge-body', bytes: 3 }],
    ['a header value with a line break', { kind: 'cache-control', value: 'max-age=1\r\nX: y' }],
    ['a Retry-After with a line break', { kind: 'unavailable', retryAfter: '1\nX: y' }],
    ['an HTML error page with status 404', { kind: 'html-error-page', status: 404 }],
    ['a redirect with status 200', { kind: 'redirect', location: 'http://x.org/', status: 200 }],
    ['a redirect without a location', { kind: 'redirect', location: '' }],
    ['a redirect to a location with a line break', { kind: 'redirect', location: 'http://x\r\n' }],
    ['a JSON body with status 302', { kind: 'json-body', status: 302, body: '{}' }],
    ['a clock skewed by two years', { kind: 'skewed-clock', offsetMs: 2 * 366 * 86_400_000 }],
    ['a fractional clock skew', { kind: 'skewed-clock', offsetMs: 0.5 }],
  ] as const)('refuses %s', (_case, misbehaviour) => {
    // Some of these are out of the type's range on purpose: a value from JSON or a typo in
    // an untyped script must still be caught where it is set.
    const unchecked = misbehaviour as Misbehaviour;
    expect(() => server.setMisbehaviour(FIXTURE_ORIGINS.mid, unchecked)).toThrow();
  });

  it('refuses an origin that is not http(s)', () => {
    expect(() =>
      server.setMisbehaviour('ftp://x.readiness-fixtures.com', { kind: 'unavailable' }),
    ).toThrow();
    expect(() => server.setMisbehaviour('not a url', { kind: 'unavailable' })).toThrow();
  });
});

describe('options', () => {
  it('sets Cache-Control and misbehaviours per origin, and can leave out the built-in sites', async () => {
    const other = await startReferenceServer({
      port: 0,
      builtInMisbehaviours: false,
      defaultCacheControl: 'max-age=30',
      cacheControl: { [FIXTURE_ORIGINS.low]: 'private, max-age=5' },
      misbehaviours: { [FIXTURE_ORIGINS.manyIssues]: { kind: 'unavailable', retryAfter: '5' } },
    });
    try {
      const get = (origin: string) =>
        fetch(`${other.baseUrl}/api/report?url=${encodeURIComponent(origin)}`);
      const low = await get(FIXTURE_ORIGINS.low);
      expect(low.headers.get('cache-control')).toBe('private, max-age=5');
      const high = await get(FIXTURE_ORIGINS.high);
      expect(high.headers.get('cache-control')).toBe('max-age=30');
      const unavailable = await get(MISBEHAVING_ORIGINS.unavailable);
      expect(unavailable.status).toBe(200);
      const manyIssues = await get(FIXTURE_ORIGINS.manyIssues);
      expect(manyIssues.status).toBe(503);
      expect(manyIssues.headers.get('retry-after')).toBe('5');
      await Promise.all([low.text(), high.text(), unavailable.text(), manyIssues.text()]);
    } finally {
      await other.close();
    }
  });
});

describe('the request log', () => {
  it('records every request in order, with the raw url parameter and headers', async () => {
    server.clearRequests();
    const leaky = `${FIXTURE_ORIGINS.high}/account?session=abc#top`;
    await lookup(leaky, { headers: { 'X-Probe': 'one' } });
    await fetch(`${server.baseUrl}/api/report`).then((response) => response.text());
    await fetch(`${server.baseUrl}/nowhere?x=1`).then((response) => response.text());
    await lookup(UNSCANNED_ORIGIN, { method: 'POST' });

    const requests = server.requests();
    expect(requests.map(({ method, path, url }) => ({ method, path, url }))).toEqual([
      { method: 'GET', path: '/api/report', url: leaky },
      { method: 'GET', path: '/api/report', url: null },
      { method: 'GET', path: '/nowhere', url: null },
      { method: 'POST', path: '/api/report', url: UNSCANNED_ORIGIN },
    ]);
    expect(requests[0]?.query).toBe(`url=${encodeURIComponent(leaky)}`);
    expect(requests[0]?.headers['x-probe']).toBe('one');
    expect(requests[0]?.headers.cookie).toBeUndefined();
    expect(requests[2]?.query).toBe('x=1');
    const times = requests.map((request) => request.receivedAt);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Math.abs((times[0] ?? 0) - Date.now())).toBeLessThan(10_000);
  });

  it('returns snapshots, and clearRequests empties it', async () => {
    server.clearRequests();
    await lookup(FIXTURE_ORIGINS.mid);
    const snapshot = server.requests();
    await lookup(FIXTURE_ORIGINS.low);
    expect(snapshot).toHaveLength(1);
    expect(server.requests()).toHaveLength(2);
    server.clearRequests();
    expect(server.requests()).toEqual([]);
  });

  it('is served as JSON at /__requests, and DELETE /__requests clears it', async () => {
    server.clearRequests();
    await lookup(FIXTURE_ORIGINS.mid);
    const response = await fetch(`${server.baseUrl}/__requests`);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const served = (await response.json()) as { path: string; url: string | null }[];
    expect(served.map(({ path, url }) => ({ path, url }))).toEqual([
      { path: '/api/report', url: FIXTURE_ORIGINS.mid },
      { path: '/__requests', url: null },
    ]);

    const cleared = await fetch(`${server.baseUrl}/__requests`, { method: 'DELETE' });
    expect(cleared.status).toBe(204);
    expect(server.requests()).toEqual([]);
  });
});
