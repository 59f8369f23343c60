/**
 * A whole run against a stubbed fetch: the limits every request keeps, and a property test
 * that no answer a site can give makes a run throw, hang or leave its origin.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Probe } from '../../../lib/checks/answers';
import { LIMITS } from '../../../lib/checks/evidence';
import { HOME_RULES } from '../../../lib/checks/home-rules';
import { runChecks } from '../../../lib/checks/run-checks';

const ORIGIN = 'https://site.example';
type Answer = (url: URL, init: RequestInit) => Response | Promise<Response>;

function stubFetch(answer: Answer) {
  const calls: { url: URL; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (input: URL, init: RequestInit) => {
    calls.push({ url: new URL(input), init });
    return answer(new URL(input), init);
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a run', () => {
  it('asks only the tab origin, without cookies or cache, redirects not followed, only Accept', async () => {
    const calls = stubFetch(() => new Response('', { status: 404 }));
    const run = await runChecks(ORIGIN, null, new AbortController().signal);
    // The plan's 15, and OIDC discovery after the authorization server's metadata was missing.
    expect(calls.map(({ url }) => url.pathname).at(-1)).toBe('/.well-known/openid-configuration');
    expect(calls.length).toBe(16);
    expect(run.requests.length).toBe(16);
    for (const { url, init } of calls) {
      expect(url.origin).toBe(ORIGIN);
      expect(init).toMatchObject({ credentials: 'omit', cache: 'no-store', redirect: 'manual' });
      expect(Object.keys(init.headers as object)).toEqual(['Accept']);
    }
    expect(calls[0]?.url.pathname).toMatch(/^\/[0-9a-f]{24}$/);
  });

  it('re-checks only the findings of a report, and names ids it cannot probe', async () => {
    const calls = stubFetch(
      () => new Response('<h1>x</h1>', { headers: { 'content-type': 'text/html' } }),
    );
    const run = await runChecks(
      ORIGIN,
      ['markdown-negotiation-vary', 'brand-search-accuracy', 'new-check'],
      new AbortController().signal,
    );
    expect(calls.map(({ url }) => url.pathname)).toEqual(['/']);
    expect(
      run.results.map((result) => [result.id, result.live.level, result.live.note[0]]),
    ).toEqual([
      ['markdown-negotiation-vary', 'fail', 'noteMdVary'],
      ['brand-search-accuracy', 'unknown', 'checkWhySearch'],
      ['new-check', 'unknown', 'checkWhyNoProbe'],
    ]);
  });

  it('reads at most the byte limit of an endless body, then cancels it', async () => {
    let cancelled = false;
    stubFetch(() => {
      const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
      return new Response(
        new ReadableStream({
          pull: (controller) => controller.enqueue(chunk),
          cancel: () => {
            cancelled = true;
          },
        }),
      );
    });
    const run = await runChecks(ORIGIN, ['content-no-js'], new AbortController().signal);
    expect(run.requests[0]).toMatchObject({ bytes: LIMITS.bytes, cut: true });
    expect(run.requests[0]?.text.length).toBe(LIMITS.evidenceChars);
    expect(cancelled).toBe(true);
  });

  it('ends a request that does not answer in time, and a cancelled run stops sending', async () => {
    vi.useFakeTimers();
    stubFetch(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    );
    const running = runChecks(ORIGIN, ['content-no-js'], new AbortController().signal);
    await vi.advanceTimersByTimeAsync(LIMITS.requestMs);
    expect((await running).requests[0]?.problem).toBe('timeout');
    vi.useRealTimers();
    const stop = new AbortController();
    stop.abort();
    const calls = stubFetch(() => new Response(''));
    const cancelled = await runChecks(ORIGIN, null, stop.signal);
    expect(calls).toEqual([]);
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.results.every((result) => result.live.level === 'unknown')).toBe(true);
  });

  it('never throws, whatever the site answers, and keeps its limits', async () => {
    const body = fc.oneof(
      fc.string(),
      fc.constant(
        '<!doctype html><html><h1>x</h1><script type="application/ld+json">{"@graph":[1,null,{"@type":7}]}</script>',
      ),
      fc.json(),
      fc.constant('\uFEFF# llms\n```\n'),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => bytes),
    );
    const answer = fc.record({
      kind: fc.constantFrom('ok', 'throw', 'redirect', 'nobody'),
      status: fc.constantFrom(200, 204, 301, 401, 404, 410, 429, 500, 503),
      type: fc.constantFrom(
        '',
        'text/html',
        'text/markdown',
        'application/json',
        'application/octet-stream',
        '<script>',
      ),
      vary: fc.string({ maxLength: 20 }),
      body,
    });
    await fc.assert(
      fc.asyncProperty(fc.array(answer, { minLength: 1, maxLength: 20 }), async (answers) => {
        let index = 0;
        const calls = stubFetch(() => {
          const next = answers[index++ % answers.length] as (typeof answers)[number];
          if (next.kind === 'throw') throw new TypeError('Failed to fetch');
          if (next.kind === 'redirect')
            return Object.defineProperty(new Response(null, { status: 200 }), 'type', {
              value: 'opaqueredirect',
            });
          const content = next.status === 204 || next.kind === 'nobody' ? null : next.body;
          const headers: Record<string, string> = { 'content-type': next.type };
          if (/^[\x20-\x7e]*$/.test(next.vary)) headers.vary = next.vary;
          return new Response(content, { status: next.status, headers });
        });
        const run = await runChecks(ORIGIN, null, new AbortController().signal);
        expect(calls.length).toBeLessThanOrEqual(LIMITS.requests);
        expect(calls.every(({ url }) => url.origin === ORIGIN)).toBe(true);
        expect(run.results.length).toBe(14);
        for (const result of run.results)
          expect(['pass', 'partial', 'fail', 'unknown']).toContain(result.live.level);
      }),
      { numRuns: 60 },
    );
  });

  it("follows a Sitemap line's path on the site itself, and neither asks nor counts one elsewhere", async () => {
    const calls = stubFetch((url) => {
      if (url.pathname === '/robots.txt')
        return new Response(
          'Sitemap: https://elsewhere.example/sitemap.xml\nSitemap: https://site.example//evil.example/map.xml\n',
        );
      return new Response('', { status: 404 });
    });
    const run = await runChecks(ORIGIN, ['sitemap'], new AbortController().signal);
    expect(calls.map(({ url }) => url.href)).toContain(
      'https://site.example//evil.example/map.xml',
    );
    expect(calls.every(({ url }) => url.origin === ORIGIN)).toBe(true);
    expect(run.requests.every((evidence) => evidence.problem !== 'refused')).toBe(true);
    expect(run.requests.length).toBe(calls.length);
  });

  it('holds Cancel over the judging: checks not judged by then say so', async () => {
    stubFetch(() => new Response('<h1>x</h1>', { headers: { 'content-type': 'text/html' } }));
    const stop = new AbortController();
    const rule = HOME_RULES['content-no-js'] as Probe;
    const judge = rule.judge.bind(rule);
    // The user cancels while the first check is judged.
    vi.spyOn(rule, 'judge').mockImplementation((answers) => {
      stop.abort();
      return judge(answers);
    });
    const run = await runChecks(ORIGIN, null, stop.signal);
    expect(run.state).toBe('cancelled');
    expect(run.results[0]).toMatchObject({ id: 'content-no-js', live: { level: 'fail' } });
    for (const result of run.results.slice(1))
      expect(result.live).toMatchObject({ level: 'unknown', note: ['checkWhy_cancelled'] });
  });
});
