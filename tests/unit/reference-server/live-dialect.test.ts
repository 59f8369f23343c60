// @vitest-environment node
/**
 * The reference server's live mode over real HTTP: it must answer the way
 * ../shared/notes/live-service.md says the live service does, while the contract mode (its
 * own test file) stays exact.
 */
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { contractSchemas } from '../../../lib/contract/report-schema';
import { createReportClient } from '../../../lib/service/report-client';
import { LIVE_ORIGIN } from '../../../reference-server/fixtures/live-reports';
import { FIXTURE_ORIGINS, UNSCANNED_ORIGIN } from '../../../reference-server/fixtures/reports';
import { MISBEHAVING_ORIGINS } from '../../../reference-server/misbehaving-sites';
import { type ReferenceServer, startReferenceServer } from '../../../reference-server/server';

let server: ReferenceServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function live(rateLimit = { limit: 120, windowMs: 60_000 }) {
  server = await startReferenceServer({ port: 0, dialect: 'live', rateLimit });
  return server;
}

const get = (s: ReferenceServer, path: string, origin: string, method = 'GET') =>
  fetch(`${s.baseUrl}${path}?url=${encodeURIComponent(origin)}`, { method });

describe('reference server, live dialect', () => {
  it('serves live-shaped reports on /api/v1/report with the rate-limit fields and no Deprecation', async () => {
    const s = await live();
    const response = await get(s, '/api/v1/report', LIVE_ORIGIN);
    expect(response.status).toBe(200);
    const report = v.parse(contractSchemas().scanReport, await response.json());
    expect(report.score_label).toBe('Strong technical baseline');
    expect(report.target).toBe(LIVE_ORIGIN);
    expect(report.issues.map((issue) => issue.id)).toContain('markdown-negotiation-vary');
    expect(response.headers.get('ratelimit-policy')).toBe('"public-report";q=120;w=60');
    expect(response.headers.get('ratelimit-remaining')).toBe('119');
    expect(response.headers.get('ratelimit')).toMatch(/^"public-report";r=119;t=\d+$/);
    expect(response.headers.get('deprecation')).toBeNull();
  });

  it('marks the /api/report alias deprecated with a successor link, same body', async () => {
    const s = await live();
    const response = await get(s, '/api/report', FIXTURE_ORIGINS.high);
    expect(response.status).toBe(200);
    expect(response.headers.get('deprecation')).toMatch(/^@\d+$/);
    expect(response.headers.get('link')).toBe(
      `<${s.baseUrl}/api/v1/report>; rel="successor-version"`,
    );
    expect((await response.json()).score_label).toBe('Strong technical baseline');
  });

  it('answers every error as problem details with the real codes', async () => {
    const s = await live();
    const cases: [Promise<Response>, number, string][] = [
      [get(s, '/api/v1/report', UNSCANNED_ORIGIN), 404, 'report_not_found'],
      [get(s, '/api/v1/report', 'javascript:alert(1)'), 400, 'invalid_url'],
      [get(s, '/api/v1/report', UNSCANNED_ORIGIN, 'POST'), 405, 'method_not_allowed'],
      [get(s, '/api/v2/report', UNSCANNED_ORIGIN), 404, 'api_route_not_found'],
      [get(s, '/api/report', MISBEHAVING_ORIGINS.retired), 404, 'api_route_not_found'],
      [get(s, '/api/report', MISBEHAVING_ORIGINS.busy), 429, 'rate_limit_exceeded'],
      [
        get(s, '/api/report', MISBEHAVING_ORIGINS.unavailable),
        503,
        'report_temporarily_unavailable',
      ],
    ];
    for (const [pending, status, code] of cases) {
      const response = await pending;
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(response.headers.get('ratelimit-policy')).not.toBeNull();
      const body = await response.json();
      expect(body).toMatchObject({ status, code });
      expect(body).not.toHaveProperty('error');
      expect(body).not.toHaveProperty('scan_url');
    }
  });

  it('puts the scan link only in resolution, where the client finds it', async () => {
    const s = await live();
    const body = await (await get(s, '/api/v1/report', UNSCANNED_ORIGIN)).json();
    expect(body.resolution).toContain(`${s.baseUrl}/scan/unscanned.`);
    const client = createReportClient({ baseUrl: s.baseUrl });
    expect(await client.lookupReport(UNSCANNED_ORIGIN)).toMatchObject({
      kind: 'no-report',
      scanUrl: `${s.baseUrl}/scan/${new URL(UNSCANNED_ORIGIN).host}`,
    });
  });

  it('limits each client to its quota and answers the rest 429 with Retry-After', async () => {
    const s = await live({ limit: 3, windowMs: 60_000 });
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 5; i += 1) {
      last = await get(s, '/api/v1/report', FIXTURE_ORIGINS.mid);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last?.headers.get('ratelimit-remaining')).toBe('0');
  });

  it('the contract mode stays the default: no rate-limit fields, Error bodies', async () => {
    server = await startReferenceServer({ port: 0 });
    const response = await get(server, '/api/report', UNSCANNED_ORIGIN);
    expect(response.headers.get('ratelimit-policy')).toBeNull();
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toHaveProperty('scan_url');
  });
});
