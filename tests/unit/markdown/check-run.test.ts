/**
 * Copy as Markdown of a check run is inert: what the site or the service said is a code span,
 * so it never renders as a mention, a link or markup; the report link is given only when the
 * safe-URL check passes it; unseen characters are gone.
 */
import { describe, expect, it } from 'vitest';
import type { CheckRun } from '../../../lib/checks/check-run-record';
import { pageTools } from '../../../lib/checks/this-page';
import { checkRunMarkdown, thisPageMarkdown } from '../../../lib/markdown/check-run';
import { fixedSiteReport } from '../../../reference-server/fixtures/check-site-reports';
import { HOSTILE_STRINGS } from '../../fixtures/hostile-strings';

// fixed date: the clock this test gives the fixture report
const NOW = Date.parse('2026-11-22T09:30:00Z');
const SERVICE = 'https://is-agentic.com';
const DATA = `@octocat #12 https://evil.example/x www.evil.example [x](https://evil.example) ${HOSTILE_STRINGS['bidi overrides']} ${HOSTILE_STRINGS['zero-width characters']} ${HOSTILE_STRINGS['a script tag']}`;

const report = fixedSiteReport(SERVICE, NOW);
const reportWithData = {
  ...report,
  issues: report.issues.map((issue) => ({ ...issue, name: DATA, details: DATA })),
};
const id = report.issues[0]?.id ?? '';

const run: CheckRun = {
  id: 'r',
  origin: 'https://site.example',
  at: NOW,
  ms: 10,
  state: 'done',
  quick: false,
  homeReachable: true,
  requests: [
    {
      method: 'GET',
      path: '/@octocat',
      accept: 'any',
      status: 200,
      type: DATA,
      headers: [['vary', DATA]],
      bytes: 10,
      ms: 1,
      text: DATA,
      problem: null,
      cut: false,
      binary: false,
    },
  ],
  results: [
    {
      id,
      name: null,
      tier: null,
      surface: false,
      live: { level: 'fail', note: ['noteFoundAt', DATA], paths: ['GET /@octocat any'] },
    },
    {
      id: 'other',
      name: DATA,
      tier: null,
      surface: false,
      live: { level: 'unknown', note: ['checkWhyMcpFound', DATA], paths: [] },
    },
  ],
  info: [['infoRobots', DATA]],
  cut: false,
};

/** The Markdown with every code span and the report's autolink taken out: what renders as text. */
const outsideCode = (markdown: string) =>
  markdown.replace(/(`+)[\s\S]*?\1/g, '').replace(`<${report.report_url}>`, '');

describe('checkRunMarkdown', () => {
  it('puts everything the site and the service said in code spans', () => {
    const markdown = checkRunMarkdown(run, reportWithData, { serviceBaseUrl: SERVICE });
    const text = outsideCode(markdown);
    for (const sign of ['@', 'http', 'www.', '<script', '](', '#12'])
      expect(text).not.toContain(sign);
    expect(markdown).toContain('`@octocat #12');
  });

  it('drops bidirectional controls and zero-width characters', () => {
    const markdown = checkRunMarkdown(run, reportWithData, { serviceBaseUrl: SERVICE });
    expect(markdown).not.toMatch(/[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/);
    expect(markdown).toContain('exe.txt');
  });

  it('links the report only when the safe-URL check passes it', () => {
    const safe = checkRunMarkdown(run, report, { serviceBaseUrl: SERVICE, id });
    expect(safe).toContain(`<${report.report_url}>`);
    const unsafe = { ...report, report_url: 'javascript:alert(document.domain)' };
    const markdown = checkRunMarkdown(run, unsafe, { serviceBaseUrl: SERVICE, id });
    expect(markdown).not.toContain('<javascript:');
    expect(outsideCode(markdown)).not.toContain('javascript:');
  });
});

describe('thisPageMarkdown', () => {
  const facts = {
    origin: 'https://site.example',
    path: `/${DATA}`,
    secure: true,
    webmcp: false,
    scriptTools: [],
    markupTools: [
      { name: DATA, description: DATA, fields: [{ name: DATA, type: 'text', description: '' }] },
    ],
    formsWithoutTool: [{ kind: 'search' as const, label: DATA }],
    unnamed: { count: 0, examples: [] },
    textChars: 10,
    markdownLink: null,
  };
  const page = { facts, tools: pageTools(facts), run };

  it('names the page, says the browser shows no script tools, and lists tools, problems and findings', () => {
    const markdown = thisPageMarkdown(page, SERVICE);
    expect(markdown).toMatch(/^## This page: `https:\/\/site\.example\//);
    expect(markdown).toContain(
      'This browser does not show script-registered tools; tools in markup: 1',
    );
    expect(markdown).toContain('(in markup)');
    expect(markdown).toContain('parameters without a description:');
    expect(markdown).toContain(`### \``);
  });

  it('puts everything the page said in code spans', () => {
    const text = outsideCode(thisPageMarkdown(page, SERVICE));
    for (const sign of ['@', 'http', 'www.', '<script', '](', '#12'])
      expect(text).not.toContain(sign);
  });
});
