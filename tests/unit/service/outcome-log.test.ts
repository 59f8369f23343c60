import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SERVICE_BASE_URL } from '../../../lib/contract/service-base-url';
import { type LookupOutcome, outcomeWarning } from '../../../lib/service/lookup-outcome';
import { FIXTURE_ORIGINS, fixtureReports } from '../../../reference-server/fixtures/reports';
import { askingThrough } from '../support/asking-through';

// fixed date: the clock this test gives the fixture reports; their scans are ages before it
const NOW = Date.parse('2026-11-22T09:30:00Z');

const TARGET = FIXTURE_ORIGINS.mid;
const JSON_META = { status: 200, headers: { 'content-type': 'application/json' } };

const quiet: [string, LookupOutcome][] = [
  [
    'a report',
    {
      kind: 'report',
      report: fixtureReports(DEFAULT_SERVICE_BASE_URL, NOW).mid,
      response: JSON_META,
    },
  ],
  [
    'no report',
    {
      kind: 'no-report',
      message: null,
      scanUrl: null,
      documentationUrl: null,
      response: { status: 404, headers: {} },
    },
  ],
  ['unavailable', { kind: 'unavailable', retryAt: null, response: { status: 503, headers: {} } }],
  ['a network failure', { kind: 'network-failure', message: 'Failed to fetch' }],
  ['a timeout', { kind: 'timeout', timeoutMs: 8000 }],
  ['a busy service (429)', { kind: 'busy', retryAt: null, response: { status: 429, headers: {} } }],
];

describe('outcomeWarning', () => {
  it('names a 400 as the extension’s own bug, with the site and the service’s message', () => {
    const warning = outcomeWarning(TARGET, {
      kind: 'invalid-request',
      message: 'url must be an absolute URL',
      response: { status: 400, headers: {} },
    });
    expect(warning).toBe(
      `Agent Readiness Badge: the report service refused the lookup of ${TARGET} (HTTP 400: url must be an absolute URL). The extension sent a request the service does not accept; it is not retried automatically.`,
    );
  });

  it('names a retired route: the extension needs an update or the base URL is wrong', () => {
    const warning = outcomeWarning('https://example.org', {
      kind: 'service-moved',
      message: 'No API route matches this path.',
      documentationUrl: null,
      response: { status: 404, headers: {} },
    });
    expect(warning).toContain('no longer answers lookups at its configured address (HTTP 404');
    expect(warning).toContain('needs an update, or the service address in the options is wrong');
  });

  it('keeps a long server message short', () => {
    const warning = outcomeWarning(TARGET, {
      kind: 'invalid-request',
      message: 'x'.repeat(10_000),
      response: { status: 400, headers: {} },
    });
    expect(warning?.length).toBeLessThan(500);
  });

  it.each<[string, LookupOutcome, string]>([
    [
      'a contract violation',
      { kind: 'invalid-response', problem: 'score: too big (maximum 100)', response: JSON_META },
      `Agent Readiness Badge: the report service's answer for ${TARGET} (HTTP 200) broke the contract: score: too big (maximum 100)`,
    ],
    [
      'a problem without a response',
      { kind: 'invalid-response', problem: 'response too large', response: null },
      `Agent Readiness Badge: the report service's answer for ${TARGET} broke the contract: response too large`,
    ],
    [
      'a redirect (an opaque response, status 0)',
      {
        kind: 'invalid-response',
        problem: 'unexpected redirect',
        response: { status: 0, headers: {} },
      },
      `Agent Readiness Badge: the report service's answer for ${TARGET} broke the contract: unexpected redirect`,
    ],
  ])('describes %s', (_case, outcome, expected) => {
    expect(outcomeWarning(TARGET, outcome)).toBe(expected);
  });

  it.each(quiet)('says nothing about %s', (_case, outcome) => {
    expect(outcomeWarning(TARGET, outcome)).toBeNull();
  });
});

describe('the warnings of the answers that arrive', () => {
  it('passes every outcome through and warns only where outcomeWarning has something', async () => {
    const rejected: LookupOutcome = {
      kind: 'invalid-request',
      message: null,
      response: { status: 400, headers: {} },
    };
    const outcomes = [...quiet.map(([, outcome]) => outcome), rejected];
    const log = { warn: vi.fn() };
    const lookup = askingThrough(
      async (target: string) => {
        expect(target).toBe(TARGET);
        return outcomes.shift() as LookupOutcome;
      },
      { warn: log.warn },
    );

    for (const [, outcome] of quiet) expect(await lookup(TARGET)).toBe(outcome);
    expect(log.warn).not.toHaveBeenCalled();
    expect(await lookup(TARGET)).toBe(rejected);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(outcomeWarning(TARGET, rejected));
  });
});
