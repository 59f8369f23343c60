/**
 * How often fencesOf, isAllowed and the pass rules mcp-server, markdown-negotiation-vary, sitemap
 * and agent-friendly-404 agree with public test suites on their own cases, per source.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { probesFor } from '../../../lib/checks/check-table';
import { fencesOf } from '../../../lib/checks/markdown-fences';
import { isAllowed, readRobotsTxt } from '../../../lib/checks/robots-txt';
import {
  AGREEING,
  type CaseSource,
  FENCE_CASES,
  ROBOTS_CASES,
  RULE_CASES,
  type RuleCase,
} from '../../fixtures/agreement-cases';
import { fakeAnswers } from './site-answers';

/** Every case where we give another verdict than its source, by name, and why. The list must be
 * exact: a new difference fails, and so does a listed one that went away. */
const KNOWN_DIFFERENCES: Record<string, string> = {
  'afdocs: ignores fences inside markdown table cells':
    'afdocs skips every line holding `|`. CommonMark has no tables: `  ``` |` opens a fence that nothing closes.',
  'afdocs: accepts backticks in a backtick-fence info string (known minor divergence)':
    'afdocs documents this as its own divergence. Under CommonMark ```foo`bar opens no fence, so the last ``` opens one that is never closed.',
  'afdocs: handles blockquote fences with lazy continuation (no > on content lines)':
    'afdocs lets a quoted fence run on over unquoted lines. CommonMark has no lazy continuation for fenced code (spec example 239): the first unquoted line ends the quote, and the fence with it.',
  'ID_LineSyntax_Line #3: FooBot /x/y':
    'Google-only: Google takes `disallow /` as if it had its colon. RFC 9309 needs the colon, so the line is no rule.',
  'Lighthouse ard-schema audit: catalog signalled but not loadable':
    'Lighthouse fails a catalogue that answers 500. We take a 5xx for the server\'s trouble of the moment and answer "can\'t be checked" rather than fail the site.',
  'afdocs content-negotiation: markdown with text/markdown content-type':
    'afdocs looks at the content type only. We, like the inspector, also want `Vary: Accept` (or `*`), without which a cache may hand the markdown to a browser; here there is none.',
  'inspector sitemap: robots.txt declares Sitemap: (any location)':
    'The inspector passes on the robots.txt line alone and never fetches the sitemap. We follow a same-origin Sitemap line and need a sitemap there; the case gives none (/deep/map.xml answers 404).',
  'inspector sitemap: /sitemap.xml with <urlset></urlset> and no robots directive':
    'The inspector passes an empty `<urlset>`. We want at least one `<loc>`: a sitemap that lists no page gives an agent nothing.',
};

/** Our rule's answer to a case, as AGREEING names them: its level and its note's key. */
function ourAnswer(c: RuleCase): string {
  const rule = probesFor(c.origin)[c.rule];
  if (rule === undefined) throw new Error(`no rule ${c.rule}`);
  const { level, note } = rule.judge(fakeAnswers(c.site));
  return `${level} ${note[0]}`;
}

interface Outcome {
  source: CaseSource;
  kind: string;
  name: string;
  agrees: boolean;
}

const outcomes: Outcome[] = [
  ...FENCE_CASES.map((c) => ({
    source: c.source,
    kind: 'code fences',
    name: c.name,
    agrees: (fencesOf(c.markdown).unclosed > 0 ? 'fail' : 'pass') === c.expected,
  })),
  ...ROBOTS_CASES.map((c) => ({
    source: c.source,
    kind: 'robots.txt',
    name: c.name,
    agrees:
      (isAllowed(readRobotsTxt(c.robotsTxt), c.agent, c.path) ? 'allowed' : 'disallowed') ===
      c.expected,
  })),
  ...RULE_CASES.map((c) => ({
    source: c.source,
    kind: c.rule,
    name: c.name,
    agrees: AGREEING[c.rule][c.expected]?.includes(ourAnswer(c)) ?? false,
  })),
];

function table(): string {
  const rows = new Map<string, { cases: number; agree: number }>();
  for (const { source, kind, agrees } of outcomes) {
    const key = `${source.repo} (${kind}, ${source.licence})`;
    const row = rows.get(key) ?? { cases: 0, agree: 0 };
    rows.set(key, { cases: row.cases + 1, agree: row.agree + (agrees ? 1 : 0) });
  }
  const lines = [...rows].map(
    ([key, r]) => `| ${key} | ${r.cases} | ${r.agree} | ${r.cases - r.agree} |`,
  );
  const reasons = Object.entries(KNOWN_DIFFERENCES).map(([name, why]) => `- ${name}: ${why}`);
  return [
    '| source | cases | agree | differ |',
    '|---|---|---|---|',
    ...lines,
    '',
    'Known differences:',
    ...reasons,
    '',
  ].join('\n');
}

describe('agreement with public test suites', () => {
  it('has cases from every source, each named once', () => {
    expect(FENCE_CASES.length).toBeGreaterThan(0);
    expect(ROBOTS_CASES.length).toBeGreaterThan(0);
    expect(new Set(RULE_CASES.map((c) => c.rule))).toEqual(new Set(Object.keys(AGREEING)));
    const names = outcomes.map((o) => o.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("reads every source's verdict through AGREEING", () => {
    const unmapped = RULE_CASES.filter((c) => AGREEING[c.rule][c.expected] === undefined);
    expect(unmapped.map((c) => `${c.name}: ${c.expected}`)).toEqual([]);
  });

  it('differs from a source exactly where KNOWN_DIFFERENCES says why', () => {
    const differing = outcomes.filter((o) => !o.agrees).map((o) => o.name);
    expect(differing.sort()).toEqual(Object.keys(KNOWN_DIFFERENCES).sort());
  });

  // Printed, and kept in .test-results/agreement.md (ignored by git).
  it('reports agreement per source', () => {
    const report = table();
    console.log(`\n${report}`);
    const folder = new URL('../../../.test-results/', import.meta.url);
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      new URL('agreement.md', folder),
      `# Agreement with public test suites\n\n${report}`,
    );
    expect(report).toContain('| google/robotstxt');
    expect(report).toContain('| investblog/agent-readiness-inspector (mcp-server');
  });
});
