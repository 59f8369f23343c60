/**
 * Sample sites that serve real files for "Check now" (npm start, the e2e tests, the bench):
 * one that passes every browser-checkable check, one whose stored report lists findings it
 * has since fixed, a soft-404 single-page app, markdown negotiation without Vary, a robots.txt
 * that blocks GPTBot and ClaudeBot, Organization JSON-LD without an address, and hostile
 * answers of every kind checks.md names. Each is `http://<name>.readiness-fixtures.com`.
 */
import type { ServerResponse } from 'node:http';
import { FIXTURE_DOMAIN } from './fixtures/reports';

export const CHECK_SITES = {
  ready: `http://agent-ready.${FIXTURE_DOMAIN}`,
  fixed: `http://fixed-since.${FIXTURE_DOMAIN}`,
  spa: `http://soft-404-spa.${FIXTURE_DOMAIN}`,
  noVary: `http://no-vary.${FIXTURE_DOMAIN}`,
  robotsBlock: `http://robots-block-ai.${FIXTURE_DOMAIN}`,
  orgNoAddress: `http://org-no-address.${FIXTURE_DOMAIN}`,
} as const;

/** Sites that misbehave on every path but `/start`, the page a tab opens on. */
export const HOSTILE_SITES = {
  refused: `http://refused.${FIXTURE_DOMAIN}`,
  timeout: `http://no-answer.${FIXTURE_DOMAIN}`,
  drip: `http://slow-drip.${FIXTURE_DOMAIN}`,
  serverError: `http://server-error.${FIXTURE_DOMAIN}`,
  redirectLoop: `http://redirect-loop.${FIXTURE_DOMAIN}`,
  redirectAway: `http://redirect-away.${FIXTURE_DOMAIN}`,
  huge: `http://huge-body.${FIXTURE_DOMAIN}`,
  endless: `http://endless-body.${FIXTURE_DOMAIN}`,
  binary: `http://binary.${FIXTURE_DOMAIN}`,
  garbage: `http://garbage.${FIXTURE_DOMAIN}`,
} as const;

/** The page a tab opens on a hostile site: the only one that answers as a page should. */
export const HOSTILE_START_PATH = '/start';

interface File {
  status?: number;
  type: string;
  body: string | Buffer;
  headers?: Record<string, string>;
}
/** Paths to files; `/ md` is the home page asked for as markdown. */
type Site = Record<string, File>;

const FILLER =
  'This sample site is served locally for the extension to check. It says who runs it, what it offers agents and people, how to reach its team and how it treats data, in plain sentences long enough to count as real content. ';
const page = (title: string, more = '', lang = ' lang="en"') => ({
  type: 'text/html; charset=utf-8',
  body:
    `<!doctype html><html${lang}><head><meta charset="utf-8"><title>${title}</title>${more}</head>` +
    `<body><h1>${title}</h1><h2>About this page</h2><p>${FILLER.repeat(3)}</p><a href="/docs">Docs</a></body></html>`,
});
const json = (value: unknown, status = 200): File => ({
  status,
  type: 'application/json',
  body: JSON.stringify(value),
});
const text = (body: string, type = 'text/plain; charset=utf-8'): File => ({ type, body });
const missing: File = {
  status: 404,
  type: 'text/markdown; charset=utf-8',
  body: '# Not found\n\nTry the [sitemap](/sitemap.xml), [llms.txt](/llms.txt) or the [docs](/docs).\n',
};

const organization = (address: boolean) => ({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: 'Agent Ready Example',
  description: 'A sample organisation for the extension to check.',
  url: '/',
  logo: '/logo.png',
  contactPoint: { '@type': 'ContactPoint', contactType: 'support', email: 'help@example.com' },
  ...(address ? { address: { '@type': 'PostalAddress', addressLocality: 'Berlin' } } : {}),
});
/** The home page sets a cookie: a check's requests must never carry it back. */
const home = (address: boolean): File => ({
  headers: { 'set-cookie': 'session=signed-in; Path=/', vary: 'Accept' },
  ...page(
    'Agent Ready',
    '<link rel="canonical" href="/"><meta property="og:image" content="/og.png">' +
      '<meta property="og:type" content="website">' +
      `<script type="application/ld+json">${JSON.stringify(organization(address))}</script>`,
  ),
});

function passingSite(origin: string): Site {
  return {
    '/': home(true),
    '/ md': {
      ...text('# Agent Ready\n\n```sh\ncurl /api\n```\n', 'text/markdown; charset=utf-8'),
      headers: { vary: 'Accept' },
    },
    '/robots.txt': text(`User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`),
    '/sitemap.xml': text(
      `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/</loc></url><url><loc>${origin}/about</loc></url></urlset>`,
      'application/xml',
    ),
    '/llms.txt': text(
      '# Agent Ready\n\n> A sample site.\n\n## When to use\n\nUse this when you need a sample.\n\n- [Docs](/docs)\n',
    ),
    '/agents.md': text('# Agents\n\nBest for trying the extension.\n', 'text/markdown'),
    '/about': page('About'),
    '/contact': page('Contact'),
    '/privacy': page('Privacy'),
    '/docs': page('Docs'),
    '/openapi.json': json({
      openapi: '3.1.0',
      info: { title: 'Sample', version: '1' },
      components: {
        securitySchemes: {
          oauth: {
            type: 'oauth2',
            flows: {
              clientCredentials: { tokenUrl: '/token', scopes: { 'read:reports': 'Read' } },
            },
          },
        },
      },
    }),
    '/.well-known/oauth-authorization-server': json({
      issuer: origin,
      authorization_endpoint: `${origin}/authorize`,
      token_endpoint: `${origin}/token`,
    }),
    '/.well-known/oauth-protected-resource': json({
      resource: origin,
      scopes_supported: ['read:reports'],
    }),
    '/.well-known/mcp/server-card.json': json({
      name: 'sample',
      version: '1',
      serverUrl: `${origin}/mcp`,
    }),
    '/api': {
      ...json({ error: 'unauthorized' }, 401),
      headers: { 'ratelimit-policy': '"default";q=100;w=60', ratelimit: '"default";r=99;t=60' },
    },
  };
}

export function checkSite(origin: string): Site | null {
  const passing = passingSite(origin);
  switch (origin) {
    case CHECK_SITES.ready:
    case 'http://localhost':
      return passing;
    case CHECK_SITES.noVary:
      return { ...passing, '/ md': text('# Agent Ready\n', 'text/markdown') };
    case CHECK_SITES.robotsBlock:
      return {
        ...passing,
        '/robots.txt': text(
          'User-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n',
        ),
      };
    case CHECK_SITES.orgNoAddress:
      return { ...passing, '/': home(false) };
    case CHECK_SITES.fixed: {
      // Fixed since its scan: the 404, markdown negotiation, metadata, JSON-LD; not yet the
      // Organization's address, the sitemap, or a contact page.
      const { '/sitemap.xml': _sitemap, '/contact': _contact, ...rest } = passing;
      return { ...rest, '/': home(false), '/robots.txt': text('User-agent: *\nAllow: /\n') };
    }
    default:
      return null;
  }
}

const SHELL = page('App', '', '');
SHELL.body =
  '<!doctype html><html><head><title>App</title></head><body><div id="root"></div><script src="/app.js"></script></body></html>';

/** Answers one request of a check site; false when the host is none of them. */
export function answerCheckSite(
  origin: string,
  path: string,
  accept: string,
  response: ServerResponse,
): boolean {
  if (origin === CHECK_SITES.spa) {
    response.writeHead(200, { 'content-type': SHELL.type }).end(SHELL.body);
    return true;
  }
  const site = checkSite(origin);
  if (site === null) return answerHostile(origin, path, response);
  const wantsMarkdown = path === '/' && accept.includes('text/markdown');
  const file = site[wantsMarkdown ? '/ md' : path] ?? missing;
  response
    .writeHead(file.status ?? 200, { 'content-type': file.type, ...file.headers })
    .end(file.body);
  return true;
}

const GARBAGE: Site = {
  '/': page(
    '<script>alert(1)</script>',
    '<script type="application/ld+json">{"@type": "Organization", broken</script>',
  ),
  '/robots.txt': text('\uFEFFUser-agent GPTBot\nDisallow /\n<html>\n\u0000'),
  '/openapi.json': {
    type: 'application/json',
    body: '<!doctype html><html><body>Not JSON</body></html>',
  },
  '/.well-known/oauth-authorization-server': json({ issuer: '<img src=x onerror=alert(1)>' }),
  '/llms.txt': text('\uFEFF# Title <script>alert(1)</script>\n\n```\nunclosed fence\n'),
  '/sitemap.xml': text('<urlset><loc>javascript:alert(1)</loc>', 'text/html'),
};

function answerHostile(origin: string, path: string, response: ServerResponse): boolean {
  if (!Object.values(HOSTILE_SITES).includes(origin as never)) return false;
  if (path === HOSTILE_START_PATH) {
    const start = page('A hostile sample site');
    response.writeHead(200, { 'content-type': start.type }).end(start.body);
    return true;
  }
  switch (origin) {
    case HOSTILE_SITES.refused:
      response.socket?.destroy();
      break;
    case HOSTILE_SITES.timeout:
      // Never answers: the request's time limit has to end it.
      break;
    case HOSTILE_SITES.drip: {
      response.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => response.write('<p>'), 300);
      response.on('close', () => clearInterval(timer));
      break;
    }
    case HOSTILE_SITES.serverError:
      response
        .writeHead(503, { 'content-type': 'text/html', 'retry-after': '60' })
        .end('<h1>Down</h1>');
      break;
    case HOSTILE_SITES.redirectLoop:
      response.writeHead(302, { location: path }).end();
      break;
    case HOSTILE_SITES.redirectAway:
      response.writeHead(302, { location: 'http://elsewhere.example/' }).end();
      break;
    case HOSTILE_SITES.huge:
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(
        `<!doctype html><html><body><h1>Huge</h1>${'<p>filler</p>'.repeat(800_000)}</body></html>`,
      );
      break;
    case HOSTILE_SITES.endless: {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = 'x'.repeat(64 * 1024);
      const pump = () => {
        while (!response.destroyed && response.write(chunk)) {}
      };
      response.on('drain', pump);
      pump();
      break;
    }
    case HOSTILE_SITES.binary:
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 0xff, 0]));
      break;
    default: {
      const file = GARBAGE[path] ?? { ...page('<b>Not</b> found'), status: 200 };
      const headers = {
        'content-type': file.type,
        vary: '<script>alert(1)</script>',
        'x-cache': '<b>HIT</b>',
      };
      response.writeHead(file.status ?? 200, headers).end(file.body);
    }
  }
  return true;
}
