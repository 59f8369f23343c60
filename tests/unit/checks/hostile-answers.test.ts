/**
 * Answers built to make reading them slow, 1 MB each (reference-server/heavy-sites.ts, the
 * same the e2e tests and the bench's figure 10 serve), and more of their kind generated: every
 * check ends in a verdict or a named state, and one rule that throws costs only its own check.
 * How long each judgement takes is the bench's figure 10, not this file's.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Probe } from '../../../lib/checks/answers';
import { QUICK_CHECK_IDS } from '../../../lib/checks/check-table';
import { HOME_RULES } from '../../../lib/checks/home-rules';
import { runChecks } from '../../../lib/checks/run-checks';
import { HEAVY_SITES, type HeavyKind, heavyAnswer } from '../../../reference-server/heavy-sites';

const LEVELS = ['pass', 'partial', 'fail', 'unknown'];

function serve(origin: string, answer: (path: string, accept: string) => Response) {
  vi.stubGlobal('fetch', async (input: URL, init: RequestInit) => {
    const url = new URL(input);
    expect(url.origin).toBe(origin);
    const accept = (init.headers as Record<string, string>).Accept ?? '';
    return answer(url.pathname, accept);
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function quickCheck(origin: string) {
  const run = await runChecks(origin, null, new AbortController().signal);
  expect(run.state).toBe('done');
  expect(run.results.map((result) => result.id)).toEqual(QUICK_CHECK_IDS);
  for (const result of run.results) {
    expect(LEVELS).toContain(result.live.level);
    expect(result.live.note[0]).toMatch(/^(note|check)/);
  }
  return run;
}

describe('a 1 MB hostile answer', () => {
  it.each(
    Object.keys(HEAVY_SITES) as HeavyKind[],
  )('%s: every check ends in a verdict or a named state', async (kind) => {
    const origin = HEAVY_SITES[kind];
    serve(origin, (path, accept) => {
      const heavy = heavyAnswer(origin, path, accept);
      if (heavy === null) throw new Error(`no answer for ${path}`);
      return new Response(heavy.body, {
        status: heavy.status,
        headers: { 'content-type': heavy.type },
      });
    });
    const run = await quickCheck(origin);
    expect(run.info).toHaveLength(2);
  }, 60_000);

  it('that makes a rule throw costs that check only', async () => {
    vi.spyOn(HOME_RULES['json-ld'] as Probe, 'judge').mockImplementation(() => {
      throw new RangeError('Maximum call stack size exceeded');
    });
    const origin = 'https://site.example';
    serve(origin, () => new Response('<h1>x</h1>', { headers: { 'content-type': 'text/html' } }));
    const run = await quickCheck(origin);
    const byId = Object.fromEntries(run.results.map((result) => [result.id, result.live]));
    expect(byId['json-ld']).toMatchObject({ level: 'unknown', note: ['checkWhyRuleFailed'] });
    expect(byId['content-no-js']?.level).toBe('fail');
  });
});

/** Runs of what the rules look for (white space after key words, nesting, fences), long. */
const hostileText = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        ' ',
        '\n',
        '\t',
        '\r\n',
        'Sitemap:',
        'User-agent: *\n',
        'Disallow: /*$\n',
        'scopes:',
        '"scopes":{',
        '#',
        '> ',
        '- ',
        '1. ',
        '```',
        '~~~',
        '[',
        '{"@graph":',
        '<script type="application/ld+json">',
        '<loc>',
      ),
      fc.integer({ min: 1, max: 20_000 }),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((runs) => runs.map(([unit, count]) => unit.repeat(count)).join(''));

describe('generated hostile answers', () => {
  it('every check ends in a verdict or a named state', async () => {
    const origin = 'https://site.example';
    await fc.assert(
      fc.asyncProperty(
        hostileText,
        fc.constantFrom('text/html', 'text/plain', 'application/json', 'text/markdown'),
        async (body, type) => {
          serve(origin, () => new Response(body, { headers: { 'content-type': type } }));
          await quickCheck(origin);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
