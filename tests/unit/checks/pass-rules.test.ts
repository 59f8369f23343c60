/**
 * Every probe's pass rule against the cases in ../shared/notes/checks.md and the details of the
 * four real reports it cites (vercel.com, eve.dev, meta.ai, example.org; tests/fixtures/real-reports.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Probe } from '../../../lib/checks/answers';
import { probesFor } from '../../../lib/checks/check-table';
import { type FakeAnswer, fakeAnswers, html, words } from './site-answers';

const ORIGIN = 'https://site.example';
const PROBES = probesFor(ORIGIN);
const probe = (id: string) => PROBES[id] as Probe;
const judge = (id: string, site: Record<string, FakeAnswer>) => probe(id).judge(fakeAnswers(site));
const level = (id: string, site: Record<string, FakeAnswer>) => judge(id, site).level;

const HTML = 'text/html; charset=utf-8';
const SHELL: FakeAnswer = { type: HTML, body: html('<div id="root"></div>') };
/** Every path answers the app shell with 200: a single-page app's catch-all. */
const spa = (site: Record<string, FakeAnswer> = {}) =>
  new Proxy(site, { get: (target, key: string) => target[key] ?? SHELL });

describe('agent-friendly-404', () => {
  const missing = (answer: FakeAnswer) => ({ '/?random': answer });
  it('fails a 200 app shell for a path that cannot exist (vercel: soft-404)', () => {
    expect(level('agent-friendly-404', missing(SHELL))).toBe('fail');
  });
  it('gives partial credit to a real 404 without a markdown body (eve.dev, example.org)', () => {
    expect(
      level('agent-friendly-404', missing({ status: 404, type: HTML, body: html('<h1>404</h1>') })),
    ).toBe('partial');
    expect(
      level('agent-friendly-404', missing({ status: 410, type: 'text/plain', body: 'Gone' })),
    ).toBe('partial');
  });
  it('gives partial credit to another error status (meta.ai: 401)', () => {
    expect(judge('agent-friendly-404', missing({ status: 401, type: HTML, body: '' }))).toEqual({
      level: 'partial',
      note: ['note404Other', '401'],
    });
  });
  it('passes a 404 with a short markdown body that links onward', () => {
    const body = '# Not found\n\nSee the [sitemap](/sitemap.xml).';
    expect(level('agent-friendly-404', missing({ status: 404, type: 'text/markdown', body }))).toBe(
      'pass',
    );
  });
  it('names a redirect, a timeout and a server error rather than guessing', () => {
    // Where a redirect ends is hidden from extensions: a home page or a 404 page, unknown.
    expect(judge('agent-friendly-404', missing({ problem: 'redirect' }))).toEqual({
      level: 'unknown',
      note: ['checkWhy_redirect'],
    });
    expect(judge('agent-friendly-404', missing({ problem: 'timeout' }))).toEqual({
      level: 'unknown',
      note: ['checkWhy_timeout'],
    });
    expect(judge('agent-friendly-404', missing({ status: 503, body: 'down' }))).toEqual({
      level: 'unknown',
      note: ['checkWhyServerError', '503'],
    });
  });
});

describe('content-no-js', () => {
  const home = (body: string) => ({ 'GET / html': { type: HTML, body: html(body) } });
  it('fails under 500 characters (example.org: 139)', () => {
    expect(
      judge('content-no-js', home(`<h1>Example Domain</h1><p>${'x'.repeat(120)}</p>`)).level,
    ).toBe('fail');
  });
  it('gives partial credit without an H1 (vercel: 976 characters, no H1)', () => {
    expect(level('content-no-js', home(`<h2>Ship</h2><p>${words(976)}</p>`))).toBe('partial');
  });
  it('gives partial credit to an H1 with a flat outline (eve.dev: 6074 characters)', () => {
    expect(level('content-no-js', home(`<h1>eve</h1><p>${words(6074)}</p>`))).toBe('partial');
  });
  it('passes an H1 with a heading outline and 500+ characters; scripts and styles do not count', () => {
    const result = judge(
      'content-no-js',
      home(`<h1>A</h1><h2>B</h2><p>${words(600)}</p><script>${'y'.repeat(900)}</script>`),
    );
    expect(result.level).toBe('pass');
    expect(result.note).toEqual(['noteContent', expect.stringMatching(/^\d+$/), 'h1, h2']);
    expect(Number(result.note[1])).toBeLessThan(700);
  });
  it("can't be checked when the home page redirects (its target is hidden)", () => {
    expect(judge('content-no-js', { 'GET / html': { problem: 'redirect' } })).toEqual({
      level: 'unknown',
      note: ['checkWhy_redirect'],
    });
  });
});

describe('markdown-negotiation-vary', () => {
  const md = (answer: FakeAnswer) => ({ 'GET / md': answer });
  it('fails HTML with only Next.js headers in Vary (eve.dev, meta.ai)', () => {
    const vary = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch';
    expect(
      judge('markdown-negotiation-vary', md({ type: HTML, body: html('x'), headers: { vary } })),
    ).toEqual({
      level: 'fail',
      note: ['noteMdVary', HTML, vary],
    });
  });
  it('fails HTML without Vary (example.org)', () => {
    expect(level('markdown-negotiation-vary', md({ type: 'text/html', body: html('x') }))).toBe(
      'fail',
    );
  });
  it('fails markdown without Vary: Accept — a cache may hand it to the HTML probe', () => {
    expect(
      level(
        'markdown-negotiation-vary',
        md({ type: 'text/markdown', body: '# Hi', headers: { vary: 'Accept-Encoding' } }),
      ),
    ).toBe('fail');
  });
  it('fails a markdown type whose body is HTML', () => {
    expect(
      level(
        'markdown-negotiation-vary',
        md({ type: 'text/markdown', body: html('x'), headers: { vary: 'Accept' } }),
      ),
    ).toBe('fail');
  });
  it('passes text/markdown with the accept token in Vary, in any case', () => {
    expect(
      level(
        'markdown-negotiation-vary',
        md({
          type: 'text/markdown; charset=utf-8',
          body: '# Hi',
          headers: { vary: 'Accept-Encoding, ACCEPT' },
        }),
      ),
    ).toBe('pass');
  });
});

describe('openapi-spec', () => {
  it('passes a spec at /openapi.json (vercel: 3.0.3)', () => {
    expect(
      judge('openapi-spec', {
        '/openapi.json': { type: 'application/json', body: '{"openapi":"3.0.3","paths":{}}' },
      }),
    ).toEqual({
      level: 'pass',
      note: ['noteFoundAt', '/openapi.json'],
    });
  });
  it('passes YAML at /api/openapi.yaml, whatever its content type', () => {
    expect(
      level('openapi-spec', {
        '/api/openapi.yaml': { type: 'application/octet-stream', body: 'openapi: 3.1.0\n' },
      }),
    ).toBe('pass');
  });
  it('fails when neither path has one (meta.ai, eve.dev: "No OpenAPI/Swagger specification found")', () => {
    expect(judge('openapi-spec', {})).toEqual({
      level: 'fail',
      note: ['noteNotFoundAt', '/openapi.json, /api/openapi.yaml'],
    });
  });
  it('does not take an SPA catch-all or a JSON file without the key for a spec', () => {
    expect(level('openapi-spec', spa())).toBe('fail');
    expect(
      level('openapi-spec', {
        '/openapi.json': { type: 'application/json', body: '{"title":"x"}' },
      }),
    ).toBe('fail');
  });
});

const ORG = {
  '@type': 'Organization',
  name: 'Vercel',
  description: 'Frontend cloud',
  url: 'https://vercel.com',
  logo: 'https://vercel.com/logo.png',
  contactPoint: { '@type': 'ContactPoint', contactType: 'sales', email: 'sales@vercel.com' },
};
const withJsonLd = (...blocks: string[]) => ({
  'GET / html': {
    type: HTML,
    body: html(
      '<h1>x</h1>',
      blocks.map((block) => `<script type="application/ld+json">${block}</script>`).join(''),
    ),
  },
});

describe('json-ld', () => {
  it('fails without JSON-LD (example.org, eve.dev)', () => {
    expect(level('json-ld', withJsonLd())).toBe('fail');
  });
  it('passes an identity node with name, description, url and an extra, also inside @graph', () => {
    expect(level('json-ld', withJsonLd(JSON.stringify(ORG)))).toBe('pass');
    const app = {
      '@type': 'SoftwareApplication',
      name: 'a',
      description: 'b',
      url: 'c',
      applicationCategory: 'Dev',
    };
    expect(
      level('json-ld', withJsonLd(JSON.stringify({ '@graph': [{ '@type': 'WebSite' }, app] }))),
    ).toBe('pass');
  });
  it('gives partial credit to JSON-LD without a complete identity node', () => {
    expect(level('json-ld', withJsonLd(JSON.stringify({ '@type': 'WebSite', name: 'x' })))).toBe(
      'partial',
    );
  });
  it('fails JSON-LD whose nodes have no type: nothing an agent can use', () => {
    expect(level('json-ld', withJsonLd(JSON.stringify({ name: 'x', url: 'y' })))).toBe('fail');
    expect(level('json-ld', withJsonLd(JSON.stringify([{ '@type': [] }, { '@graph': {} }])))).toBe(
      'fail',
    );
  });
  it('reads JSON-LD nested hundreds deep, and counts a block nested 100,000 deep as unreadable', () => {
    const nested = (depth: number) =>
      `${'['.repeat(depth)}${JSON.stringify(ORG)}${']'.repeat(depth)}`;
    expect(level('json-ld', withJsonLd(nested(500)))).toBe('pass');
    expect(judge('json-ld', withJsonLd(nested(100_000), JSON.stringify(ORG)))).toEqual({
      level: 'pass',
      note: ['noteJsonLd', '2', '1', 'Organization'],
    });
  });
  it('counts an unreadable block and does not throw', () => {
    expect(judge('json-ld', withJsonLd('{"@type": "Organization", broken'))).toEqual({
      level: 'fail',
      note: ['noteJsonLd', '1', '1', '–'],
    });
  });
});

describe('org-schema-completeness', () => {
  it('gives partial credit to an Organization with contactPoint but no address (vercel)', () => {
    expect(judge('org-schema-completeness', withJsonLd(JSON.stringify(ORG)))).toEqual({
      level: 'partial',
      note: ['noteOrg', 'Organization', '✓', '✗'],
    });
  });
  it('passes contactPoint and a PostalAddress, and fails without an Organization (eve.dev)', () => {
    const full = { ...ORG, address: { '@type': 'PostalAddress', addressLocality: 'SF' } };
    expect(level('org-schema-completeness', withJsonLd(JSON.stringify(full)))).toBe('pass');
    expect(level('org-schema-completeness', withJsonLd())).toBe('fail');
  });
});

describe('metadata-completeness', () => {
  const home = (head: string, lang = ' lang="en"') => ({
    'GET / html': { type: HTML, body: html('x', head, lang) },
  });
  it('gives partial credit to 1 of 4 (example.org: missing canonical, og:image, og:type)', () => {
    expect(judge('metadata-completeness', home(''))).toEqual({
      level: 'partial',
      note: ['noteMetadata', '1', 'canonical, og:image, og:type'],
    });
  });
  it('gives partial credit to 3 of 4 (eve.dev: missing og:type)', () => {
    const head = '<link rel="canonical" href="/"><meta property="og:image" content="/a.png">';
    expect(judge('metadata-completeness', home(head)).note).toEqual([
      'noteMetadata',
      '3',
      'og:type',
    ]);
  });
  it('passes all four and fails none', () => {
    const head =
      '<link rel="canonical" href="/"><meta property="og:image" content="/a.png"><meta property="og:type" content="website">';
    expect(level('metadata-completeness', home(head))).toBe('pass');
    expect(level('metadata-completeness', home('', ''))).toBe('fail');
  });
});

describe('sitemap', () => {
  const urlset =
    '<?xml version="1.0"?><urlset><url><loc>https://site.example/</loc></url></urlset>';
  it('fails without one (meta.ai, example.org: "No sitemap found")', () => {
    expect(level('sitemap', {})).toBe('fail');
  });
  it('passes a urlset or a sitemap index with at least one loc', () => {
    expect(judge('sitemap', { '/sitemap.xml': { type: 'application/xml', body: urlset } })).toEqual(
      {
        level: 'pass',
        note: ['noteSitemap', '1', '/sitemap.xml'],
      },
    );
    expect(
      level('sitemap', {
        '/sitemap.xml': { body: '<sitemapindex><sitemap><loc>x</loc></sitemap></sitemapindex>' },
      }),
    ).toBe('pass');
  });
  it('follows a same-origin Sitemap line of robots.txt, never another origin', () => {
    const robots = (line: string) => ({
      '/robots.txt': { body: `User-agent: *\nAllow: /\nSitemap: ${line}\n` },
    });
    const answers = fakeAnswers(robots('https://site.example/maps/main.xml'));
    expect(probe('sitemap').followUps?.(answers)).toEqual([
      { method: 'GET', path: '/maps/main.xml', accept: 'any' },
    ]);
    expect(
      probe('sitemap').followUps?.(fakeAnswers(robots('https://cdn.example/sitemap.xml'))),
    ).toEqual([]);
    const site = { ...robots('/maps/main.xml'), '/maps/main.xml': { body: urlset } };
    expect(judge('sitemap', site).note).toEqual(['noteSitemap', '1', '/maps/main.xml']);
  });
  it('says "at least" for a sitemap cut at the read limit', () => {
    expect(judge('sitemap', { '/sitemap.xml': { body: urlset, cut: true } }).note[0]).toBe(
      'noteSitemapCut',
    );
  });
});

describe('trust-anchors', () => {
  const pageOf = (length: number): FakeAnswer => ({
    type: HTML,
    body: html(`<h1>x</h1><p>${words(length)}</p>`),
  });
  it('gives partial credit to About and Privacy without Contact (eve.dev)', () => {
    expect(judge('trust-anchors', { '/about': pageOf(900), '/privacy': pageOf(900) })).toEqual({
      level: 'partial',
      note: ['noteTrust', '/about, /privacy', '/contact'],
    });
  });
  it('passes three real pages; fails none, short pages and an SPA shell (example.org, meta.ai)', () => {
    expect(
      level('trust-anchors', {
        '/about': pageOf(900),
        '/contact': pageOf(900),
        '/privacy': pageOf(900),
      }),
    ).toBe('pass');
    expect(level('trust-anchors', { '/about': pageOf(100) })).toBe('fail');
    const shell = { type: HTML, body: html(`<p>${words(900)}</p>`) };
    expect(level('trust-anchors', spa({ '/?random': shell, '/about': shell }))).toBe('fail');
  });
});

describe('code-fence-validity', () => {
  it('passes even fences, fails an unclosed one, and cannot check a site without markdown', () => {
    const md = (body: string) => ({ 'GET / md': { type: 'text/markdown', body } });
    expect(level('code-fence-validity', md('# A\n```sh\nx\n```\n'))).toBe('pass');
    expect(level('code-fence-validity', md('# A\n~~~\nx\n'))).toBe('fail');
    expect(judge('code-fence-validity', {})).toEqual({
      level: 'unknown',
      note: ['checkWhyNoMarkdown'],
    });
  });
  const md = (body: string, llms = '# Site\n', more: FakeAnswer = {}) => ({
    'GET / md': { type: 'text/markdown', body, ...more },
    '/llms.txt': { body: llms },
  });
  it('judges fences as CommonMark does, not by counting fence lines', () => {
    // A backtick fence is not closed by tildes: the tildes are its content.
    expect(level('code-fence-validity', md('```\nx\n~~~\n'))).toBe('fail');
    // A longer fence line inside an open fence is content; the page is valid.
    expect(level('code-fence-validity', md('````\n```\nx\n````\n'))).toBe('pass');
    // Fences in a block quote and in a list item count; the quote's end closes an open one.
    expect(level('code-fence-validity', md('> ```\n> x\n\nafter\n'))).toBe('fail');
    expect(level('code-fence-validity', md('- item\n\n  ```\n  x\n  ```\n'))).toBe('pass');
  });
  it('judges each document on its own: two left open do not close each other', () => {
    expect(judge('code-fence-validity', md('# A\n```\n', '# B\n```\n'))).toEqual({
      level: 'fail',
      note: ['noteFencesOpen', '/, /llms.txt'],
    });
  });
  it("can't tell about a fence left open in a body cut at the read limit", () => {
    expect(judge('code-fence-validity', md('```\nx', '# B\n', { cut: true }))).toEqual({
      level: 'unknown',
      note: ['checkWhyCut'],
    });
  });
});

describe('agent-instruction', () => {
  it('gives partial credit to a file without when-to-use guidance (vercel, meta.ai)', () => {
    expect(
      level('agent-instruction', { '/llms.txt': { body: '# Vercel\n\n- [Docs](/docs)\n' } }),
    ).toBe('partial');
  });
  it('fails without a file (eve.dev, example.org), or an llms.txt that is an HTML page (meta.ai)', () => {
    expect(level('agent-instruction', {})).toBe('fail');
    expect(
      level('agent-instruction', {
        '/llms.txt': { type: 'text/plain', body: html('<h1>App</h1>') },
      }),
    ).toBe('fail');
  });
  it('passes a "when to use" section', () => {
    expect(
      level('agent-instruction', {
        '/agents.md': { body: '# A\n\n## When to use\n\nFor deploys.' },
      }),
    ).toBe('pass');
  });
});

const json = (value: unknown): FakeAnswer => ({
  type: 'application/json',
  body: JSON.stringify(value),
});
const AUTH_SERVER = {
  issuer: 'https://site.example',
  authorization_endpoint: '/a',
  token_endpoint: '/t',
};

describe('oauth-support', () => {
  it('passes authorization server metadata, or OIDC discovery after a miss (vercel, meta.ai via OIDC)', () => {
    expect(
      level('oauth-support', { '/.well-known/oauth-authorization-server': json(AUTH_SERVER) }),
    ).toBe('pass');
    const oidcOnly = fakeAnswers({ '/.well-known/openid-configuration': json(AUTH_SERVER) });
    expect(probe('oauth-support').followUps?.(oidcOnly)).toEqual([
      { method: 'GET', path: '/.well-known/openid-configuration', accept: 'any' },
    ]);
    expect(level('oauth-support', { '/.well-known/openid-configuration': json(AUTH_SERVER) })).toBe(
      'pass',
    );
  });
  it('fails without metadata (eve.dev: OAuth mentioned in docs only, which a browser cannot credit)', () => {
    expect(
      level('oauth-support', { '/.well-known/oauth-authorization-server': json({ issuer: 'x' }) }),
    ).toBe('fail');
  });
});

describe('scoped-permissions', () => {
  it('passes scopes_supported in protected-resource metadata, or named scopes in the spec', () => {
    expect(
      level('scoped-permissions', {
        '/.well-known/oauth-protected-resource': json({ scopes_supported: ['read'] }),
      }),
    ).toBe('pass');
    const spec = {
      openapi: '3.1.0',
      components: {
        securitySchemes: { o: { type: 'oauth2', flows: { x: { scopes: { 'read:a': 'r' } } } } },
      },
    };
    expect(level('scoped-permissions', { '/openapi.json': json(spec) })).toBe('pass');
  });
  it('gives partial credit to security schemes without scopes (vercel) and fails none (meta.ai, eve.dev)', () => {
    const spec = {
      openapi: '3.0.3',
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    };
    expect(level('scoped-permissions', { '/openapi.json': json(spec) })).toBe('partial');
    expect(level('scoped-permissions', {})).toBe('fail');
  });
});

describe('mcp-server', () => {
  const card = (answer: FakeAnswer) => ({ '/.well-known/mcp/server-card.json': answer });
  it("can't check a live server behind a found card: that needs MCP's own POST requests", () => {
    expect(judge('mcp-server', card(json({ name: 'x', serverUrl: '/mcp' })))).toEqual({
      level: 'unknown',
      note: ['checkWhyMcpFound', '/.well-known/mcp/server-card.json'],
    });
  });
  it('asks the other places real sites publish at only when the first holds no card', () => {
    const places = probe('mcp-server').followUps?.(fakeAnswers({})) ?? [];
    expect(places.map((spec) => spec.path)).toEqual([
      '/.well-known/mcp.json',
      '/.well-known/mcp',
      '/.well-known/mcp/manifest.json',
      '/.well-known/ai-catalog.json',
      '/.well-known/mcp/server-card',
      '/.well-known/mcp-server',
    ]);
    const found = fakeAnswers(card(json({ name: 'x', url: 'https://mcp.site.example' })));
    expect(probe('mcp-server').followUps?.(found)).toEqual([]);
  });
  it.each([
    [
      'a legacy mcp.json with a client-style map (cloudflare.com)',
      '/.well-known/mcp.json',
      {
        mcpServers: { site: { name: 'Site', transport: { type: 'http', url: 'https://x/mcp' } } },
      },
    ],
    [
      'a card named by its serverInfo (SEP draft)',
      '/.well-known/mcp/server-card',
      {
        serverInfo: { name: 'x', version: '1' },
        url: 'https://x/mcp',
      },
    ],
    [
      'an AI catalogue with an MCP entry',
      '/.well-known/ai-catalog.json',
      {
        specVersion: '1.0',
        entries: [
          { identifier: 'urn:air:x:mcp', type: 'application/mcp-server-card+json', url: '/c' },
        ],
      },
    ],
    [
      'a manifest at the path the service named for meta.ai',
      '/.well-known/mcp/manifest.json',
      {
        name: 'x',
        tools: [{ name: 'search' }],
      },
    ],
  ])('finds %s', (_case, path, body) => {
    expect(judge('mcp-server', { [path]: json(body) })).toEqual({
      level: 'unknown',
      note: ['checkWhyMcpFound', path],
    });
  });
  it('gives partial credit to a file that is no valid card (meta.ai: "not valid JSON")', () => {
    expect(judge('mcp-server', card({ type: 'application/json', body: '{not json' }))).toEqual({
      level: 'partial',
      note: ['noteMcpInvalid', '/.well-known/mcp/server-card.json'],
    });
    expect(level('mcp-server', { '/.well-known/mcp.json': json({ mcpServers: {} }) })).toBe(
      'partial',
    );
  });
  it("fails when no place has anything, and can't tell when places were not asked", () => {
    expect(level('mcp-server', {})).toBe('fail');
    expect(judge('mcp-server', { '/.well-known/mcp-server': { problem: 'limit' } })).toEqual({
      level: 'unknown',
      note: ['checkWhy_limit'],
    });
    // An app shell at every path is no card (operator.chatgpt.com).
    expect(level('mcp-server', spa())).toBe('fail');
  });
});

describe('rate-limit-headers', () => {
  it('HEAD, then GET where HEAD is refused; fails without fields (vercel: API on another host)', () => {
    const refused = fakeAnswers({ 'HEAD /api any': { status: 405 } });
    expect(probe('rate-limit-headers').followUps?.(refused)).toEqual([
      { method: 'GET', path: '/api', accept: 'any' },
    ]);
    expect(
      level('rate-limit-headers', {
        'HEAD /api any': { status: 405 },
        'GET /api any': { status: 401, headers: { 'RateLimit-Policy': 'q=1' } },
      }),
    ).toBe('pass');
    expect(level('rate-limit-headers', { 'HEAD /api any': { status: 200 } })).toBe('fail');
  });
});
