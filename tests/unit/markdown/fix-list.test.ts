import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_BASE_URL } from '../../../lib/contract/service-base-url';
import { fixListMarkdown, markdownCode, markdownText } from '../../../lib/markdown/fix-list';
import { fixtureReports } from '../../../reference-server/fixtures/reports';

// fixed date: the clock this test gives the fixture reports; their scans are ages before it
const NOW = Date.parse('2026-11-22T09:30:00Z');

const reports = fixtureReports(DEFAULT_SERVICE_BASE_URL, NOW);
const SERVICE = { serviceBaseUrl: 'https://is-agentic.com' };

describe('fixListMarkdown', () => {
  it('lists every issue of the mid fixture by tier, failed before partial, with the report link', () => {
    expect(fixListMarkdown(reports.mid, SERVICE)).toBe(
      [
        '# Agent readiness fixes for mid.readiness-fixtures.com',
        '',
        // fixed date: the mid fixture's scan, three days before the clock this test gives it
        'Score 75 of 100 (B), scanned 2026-11-19.',
        'Full report: <https://is-agentic.com/scan/mid.readiness-fixtures.com>',
        '',
        '## Essential (2)',
        '',
        '- [ ] **Agent-friendly 404 pages** — id `agent-friendly-404`, tier `essential`, result `failed`',
        '  - Found: Unknown paths return status 200 with an HTML page.',
        '  - Fix: Return status 404 with a short text or JSON body for unknown paths.',
        '- [ ] **Structured data \\(JSON-LD\\)** — id `json-ld`, tier `essential`, result `partial`',
        '  - Found: JSON-LD found on 3 of 10 sampled pages.',
        '  - Fix: Add schema.org JSON-LD to every page template.',
        '',
        '## Recommended (1)',
        '',
        '- [ ] **OpenAPI description** — id `openapi-spec`, tier `recommended`, result `failed`',
        '  - Fix: Publish an OpenAPI document and link it from your developer portal.',
        '',
        '## Bonus (1)',
        '',
        '- [ ] **MCP server** — id `mcp-server`, tier `bonus`, result `failed`',
        '  - Found: No MCP server manifest was found.',
        '',
      ].join('\n'),
    );
  });

  it('leaves out a null or blank details and recommendation rather than printing "null"', () => {
    const markdown = fixListMarkdown(
      {
        ...reports.mid,
        issues: [
          {
            id: 'a',
            name: 'A',
            tier: 'bonus',
            result: 'partial',
            details: null,
            recommendation: '  ',
          },
        ],
      },
      SERVICE,
    );
    expect(markdown).not.toMatch(/null|Found:|Fix:/);
    expect(markdown).toContain('- [ ] **A** — id `a`, tier `bonus`, result `partial`');
  });

  it('says there is nothing to fix for a report without issues, and notes a null score', () => {
    const markdown = fixListMarkdown({ ...reports.nullScore, issues: [] }, SERVICE);
    // fixed date: the fixture's scan, three days before the clock this test gives it
    expect(markdown).toContain('No score (Not scored), scanned 2026-11-19.');
    expect(markdown).toContain('Every check passed: nothing to fix.');
    expect(markdown).not.toContain('##');
  });

  it('leaves out the report link when report_url is not http(s)', () => {
    const markdown = fixListMarkdown(
      { ...reports.mid, report_url: 'javascript:alert(1)' },
      SERVICE,
    );
    expect(markdown).not.toMatch(/Full report|javascript/);
  });

  it('leaves out a plain-http report link from an https service, and keeps it from an http one', () => {
    const report = { ...reports.mid, report_url: 'http://is-agentic.com/r/mid' };
    expect(fixListMarkdown(report, SERVICE)).not.toContain('http://is-agentic.com/r/mid');
    expect(fixListMarkdown(report, { serviceBaseUrl: 'http://127.0.0.1:8797' })).toContain(
      '<http://is-agentic.com/r/mid>',
    );
  });

  it('keeps markup, links and line breaks from the server as inert text', () => {
    const markdown = fixListMarkdown(
      {
        ...reports.mid,
        display_target: '<img src=x onerror=alert(1)>',
        issues: [
          {
            id: 'x`y',
            name: '[click](javascript:alert(1)) *bold*',
            tier: 'essential',
            result: 'failed',
            details: 'line one\n# not a heading\r\n- not an item',
            recommendation: '<script>alert(2)</script>',
          },
        ],
      },
      SERVICE,
    );
    expect(markdown).toContain('# Agent readiness fixes for \\<img src=x onerror=alert\\(1\\)\\>');
    expect(markdown).toContain('**\\[click\\]\\(javascript:alert\\(1\\)\\) \\*bold\\***');
    expect(markdown).toContain('id ``x`y``');
    expect(markdown).toContain('  - Found: line one \\# not a heading - not an item');
    expect(markdown).toContain('  - Fix: \\<script\\>alert\\(2\\)\\</script\\>');
    // Every angle bracket left unescaped is the report link's.
    const withoutLink = markdown.replace(`<${reports.mid.report_url}>`, '');
    expect(withoutLink).not.toMatch(/(^|[^\\])</m);
  });
});

describe('markdownText and markdownCode', () => {
  it.each([
    ['plain words', 'plain words'],
    ['a_b*c', 'a\\_b\\*c'],
    ['a & b', 'a \\& b'],
    ['back\\slash', 'back\\\\slash'],
  ])('escapes %j', (input, expected) => {
    expect(markdownText(input)).toBe(expected);
  });

  it.each([
    ['id', '`id`'],
    ['a`b', '``a`b``'],
    ['`edge', '`` `edge ``'],
    ['', '` `'],
  ])('fences %j', (input, expected) => {
    expect(markdownCode(input)).toBe(expected);
  });
});
