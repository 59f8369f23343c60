// @vitest-environment node
/**
 * The reference server's clock (its `now` option): every report it holds is scanned an age
 * before the clock's reading at the start, so what a report says ("Scanned 3 days ago") does
 * not change with the day a test runs; a stand-in report and a skewed Date follow the clock
 * at each request.
 *
 * fixed dates: the clock this file gives the server, and the scan times that clock makes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ScanReport } from '../../../lib/contract/report-schema';
import { LIVE_ORIGIN } from '../../../reference-server/fixtures/live-reports';
import {
  FIXTURE_DOMAIN,
  FIXTURE_ORIGINS,
  fixtureReports,
} from '../../../reference-server/fixtures/reports';
import { scannedBefore } from '../../../reference-server/fixtures/scan-times';
import { RESCANNED_ORIGIN } from '../../../reference-server/rescanned-site';
import { type ReferenceServer, startReferenceServer } from '../../../reference-server/server';

/** The moment the unit and component tests usually take for now. */
const NOW = Date.parse('2026-11-22T09:30:00Z');
const DAY = 86_400_000;
const EXTRA = `http://extra.${FIXTURE_DOMAIN}`;

let server: ReferenceServer | undefined;
let reading = NOW;

afterEach(async () => {
  await server?.close();
  server = undefined;
  reading = NOW;
});

async function start(dialect: 'contract' | 'live' = 'contract'): Promise<ReferenceServer> {
  server = await startReferenceServer({
    port: 0,
    dialect,
    now: () => reading,
    extraReports: (baseUrl, now) => ({
      [EXTRA]: { ...fixtureReports(baseUrl, now).high, target: `${EXTRA}/` },
    }),
  });
  return server;
}

async function reportOf(s: ReferenceServer, origin: string): Promise<ScanReport> {
  const response = await fetch(`${s.baseUrl}/api/report?url=${encodeURIComponent(origin)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ScanReport;
}

describe("the reference server's clock", () => {
  it('dates every report it holds by its reading at the start, as the fixtures always said', async () => {
    const s = await start();
    expect(s.datedAt).toBe(NOW);
    // A later reading dates nothing already stored.
    reading = NOW + 5 * DAY;
    const scanned = async (origin: string) => (await reportOf(s, origin)).scanned_at;
    expect(await scanned(FIXTURE_ORIGINS.mid)).toBe('2026-11-19T09:30:00Z');
    expect(await scanned(FIXTURE_ORIGINS.low)).toBe('2026-08-02T17:05:00Z');
    expect(await scanned(LIVE_ORIGIN)).toBe('2026-08-22T20:00:22.369Z');
    expect(await scanned(EXTRA)).toBe('2026-11-19T09:30:00Z');
    expect(await scanned(RESCANNED_ORIGIN)).toBe('2026-11-10T08:00:00Z');
    expect(await scanned(RESCANNED_ORIGIN)).toBe('2026-11-20T08:00:00Z');
    expect(s.reports().get(FIXTURE_ORIGINS.high)).toEqual(
      fixtureReports(s.baseUrl, s.datedAt).high,
    );
  });

  it('dates the live dialect the same way, the live service to the millisecond', async () => {
    const s = await start('live');
    expect((await reportOf(s, FIXTURE_ORIGINS.high)).scanned_at).toBe('2026-08-22T20:00:22.369Z');
  });

  it('dates a stand-in report and a skewed Date by its reading at the request', async () => {
    const s = await start();
    reading = NOW + 5 * DAY;
    const elsewhere = `http://elsewhere.${FIXTURE_DOMAIN}`;
    s.setMisbehaviour(elsewhere, { kind: 'wrong-content-type' });
    const standIn = await fetch(`${s.baseUrl}/api/report?url=${encodeURIComponent(elsewhere)}`);
    expect(((await standIn.json()) as ScanReport).scanned_at).toBe('2026-11-24T09:30:00Z');

    s.setMisbehaviour(FIXTURE_ORIGINS.mid, { kind: 'skewed-clock', offsetMs: -3_600_000 });
    const skewed = await fetch(
      `${s.baseUrl}/api/report?url=${encodeURIComponent(FIXTURE_ORIGINS.mid)}`,
    );
    expect(skewed.headers.get('date')).toBe('Fri, 27 Nov 2026 08:30:00 GMT');
  });

  it('writes an age before a clock as the service writes a time: whole seconds, or milliseconds', () => {
    const clock = Date.parse('2026-11-22T09:30:00.250Z');
    expect(scannedBefore(clock, { days: 3 })).toBe('2026-11-19T09:30:00Z');
    expect(scannedBefore(clock, { days: 0, milliseconds: 1 }, 'milliseconds')).toBe(
      '2026-11-22T09:30:00.249Z',
    );
  });
});
