import { describe, expect, it } from 'vitest';
import { cacheLifetimeMs, MAX_LIFETIME_MS, NO_REPORT_FLOOR_MS } from '../../lib/cache-lifetime';
import type { LookupOutcome } from '../../lib/lookup-outcome';
import { fixtureReports } from '../fixtures/reports';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const report = (headers: Record<string, string>): LookupOutcome => ({
  kind: 'report',
  report: fixtureReports().high,
  response: { status: 200, headers },
});
const noReport = (headers: Record<string, string>): LookupOutcome => ({
  kind: 'no-report',
  message: null,
  scanUrl: null,
  documentationUrl: null,
  response: { status: 404, headers },
});

describe('cacheLifetimeMs', () => {
  it.each<[string, LookupOutcome, number]>([
    ['max-age', report({ 'cache-control': 'public, max-age=300' }), 300_000],
    ['max-age less Age', report({ 'cache-control': 'max-age=300', age: '100' }), 200_000],
    ['Age beyond max-age', report({ 'cache-control': 'max-age=300', age: '900' }), 0],
    ['quoted max-age', report({ 'cache-control': 'max-age="60"' }), 60_000],
    ['no-store', report({ 'cache-control': 'no-store, max-age=300' }), 0],
    ['no-cache', report({ 'cache-control': 'no-cache' }), 0],
    ['max-age=0', report({ 'cache-control': 'max-age=0' }), 0],
    ['no header', report({}), 0],
    ['garbage max-age', report({ 'cache-control': 'max-age=soon' }), 0],
    ['a year', report({ 'cache-control': 'max-age=31536000' }), MAX_LIFETIME_MS],
    ['404 without headers', noReport({}), NO_REPORT_FLOOR_MS],
    ['404 with max-age', noReport({ 'cache-control': 'max-age=60' }), 60_000],
    ['404 with no-store', noReport({ 'cache-control': 'no-store' }), 0],
    [
      '503 until Retry-After',
      { kind: 'unavailable', retryAt: NOW + 120_000, response: { status: 503, headers: {} } },
      120_000,
    ],
    [
      '503 without Retry-After',
      { kind: 'unavailable', retryAt: null, response: { status: 503, headers: {} } },
      0,
    ],
    ['network failure', { kind: 'network-failure', message: 'offline' }, 0],
    ['timeout', { kind: 'timeout', timeoutMs: 8000 }, 0],
    ['invalid response', { kind: 'invalid-response', problem: 'x', response: null }, 0],
    ['400', { kind: 'invalid-request', message: null, response: { status: 400, headers: {} } }, 0],
  ])('%s', (_name, outcome, expected) => {
    expect(cacheLifetimeMs(outcome, NOW)).toBe(expected);
  });
});
