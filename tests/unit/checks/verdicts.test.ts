import { describe, expect, it } from 'vitest';
import type { Live } from '../../../lib/checks/evidence';
import { llmsInfo, robotsInfo } from '../../../lib/checks/file-rules';
import { quickSummary, verdictOf } from '../../../lib/checks/verdicts';
import { issue } from '../../../reference-server/fixtures/reports';
import { fakeAnswers } from './site-answers';

const live = (level: Live['level']): Live => ({ level, note: ['noteFoundAt', '/x'], paths: [] });
const stored = (result: 'failed' | 'partial', details: string | null = null) =>
  issue('content-no-js', 'essential', result, 'Content without JavaScript', details, null);

describe('verdictOf', () => {
  it('names what changed since the scan', () => {
    const reachable = { homeReachable: true };
    expect(verdictOf(live('pass'), { stored: stored('partial'), ...reachable })).toBe('passes');
    expect(verdictOf(live('pass'), { stored: stored('failed'), ...reachable })).toBe('passes');
    expect(verdictOf(live('partial'), { stored: stored('failed'), ...reachable })).toBe('improved');
    expect(verdictOf(live('partial'), { stored: stored('partial'), ...reachable })).toBe('failing');
    expect(verdictOf(live('fail'), { stored: stored('failed'), ...reachable })).toBe('failing');
    expect(verdictOf(live('unknown'), { stored: stored('failed'), ...reachable })).toBe('unknown');
  });
  it('says "reachable for you" where the scanner could not fetch the page (meta.ai), never "passes now"', () => {
    const blocked = stored('failed', 'Could not fetch homepage');
    expect(verdictOf(live('pass'), { stored: blocked, homeReachable: true })).toBe('reachable');
    expect(verdictOf(live('fail'), { stored: blocked, homeReachable: true })).toBe('reachable');
    // Not reachable from the browser either: the live result stands.
    expect(verdictOf(live('fail'), { stored: blocked, homeReachable: false })).toBe('failing');
  });
  it('gives a quick check its own words; a missing API or MCP surface is not counted', () => {
    const quick = { stored: null, homeReachable: true };
    expect(verdictOf(live('partial'), quick)).toBe('partial');
    expect(verdictOf(live('fail'), quick)).toBe('fails');
    expect(verdictOf(live('fail'), { ...quick, surface: true })).toBe('no-surface');
    expect(quickSummary(['passes', 'partial', 'fails', 'unknown', 'no-surface', 'passes'])).toEqual(
      { passing: 2, judged: 4 },
    );
  });
});

describe('robots.txt and llms.txt, as information', () => {
  it('reads each AI crawler by RFC 9309: its own group replaces *, tokens in any case', () => {
    const body =
      'User-agent: gptbot\nUser-agent: ClaudeBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private\n';
    const [, rules] = robotsInfo(fakeAnswers({ '/robots.txt': { body } }));
    expect(rules).toBe(
      'GPTBot ✗, ChatGPT-User ✓, OAI-SearchBot ✓, ClaudeBot ✗, Claude-User ✓, PerplexityBot ✓, Google-Extended ✓, CCBot ✓',
    );
  });
  it('a 4xx means no restriction, a 5xx or no answer means assume all disallowed, an HTML page is named', () => {
    expect(robotsInfo(fakeAnswers({ '/robots.txt': { status: 404 } }))).toEqual([
      'infoRobotsNone',
      '404',
    ]);
    expect(robotsInfo(fakeAnswers({ '/robots.txt': { status: 503 } }))).toEqual([
      'infoRobotsUnreachable',
    ]);
    expect(robotsInfo(fakeAnswers({ '/robots.txt': { problem: 'timeout' } }))).toEqual([
      'infoRobotsUnreachable',
    ]);
    expect(robotsInfo(fakeAnswers({ '/robots.txt': { body: '<!doctype html><p>app' } }))).toEqual([
      'infoRobotsNotText',
    ]);
  });
  it('reads malformed robots.txt without failing, and llms.txt with or without an H1', () => {
    expect(
      robotsInfo(
        fakeAnswers({ '/robots.txt': { body: 'User-agent GPTBot\nDisallow /\n\u0000<html>' } }),
      )[0],
    ).toBe('infoRobots');
    expect(llmsInfo(fakeAnswers({ '/llms.txt': { body: '# Site\n\n> About' } }))).toEqual([
      'infoLlms',
      '15',
      '✓',
    ]);
    expect(llmsInfo(fakeAnswers({}))).toEqual(['infoLlmsNone']);
  });
});
