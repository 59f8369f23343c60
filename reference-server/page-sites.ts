/**
 * Sample pages for "This page" in Check now, which reads the page a tab shows: the WebMCP tools
 * it offers agents (registered by script through `document.modelContext` in Chromium,
 * `navigator.modelContext` in Firefox, or declared in markup as `<form toolname>`) and its
 * agent signals (forms without a tool, unnamed controls, JSON-LD, markdown negotiation).
 * Each is `http://<name>.readiness-fixtures.com` with one page (PAGE_SITE_PATHS):
 *
 * - tools-script: three tools by script (one with an untyped, undescribed parameter, one with
 *   a blank description) and two `<form toolname>` declaring the same name;
 * - tools-markup: two form tools, one without a description or parameter descriptions;
 * - form-no-tool: a search and a sign-up form without tools, a button without a name and an
 *   input without a label;
 * - no-tools: an article with metadata and JSON-LD, served as markdown too (with Vary);
 * - late-tool: one tool registered a second after load (`?after=N`: N ms after);
 * - markdown-no-vary: markdown without Vary, invalid JSON-LD, text that needs JavaScript.
 *
 * Every tool's `execute` and every form's submit handler counts itself in
 * `window.__toolCalls`, so a test can prove that reading the tools ran none of them.
 * WebMCP needs a secure context: a browser reaches these pages over plain http only when
 * launched with the `webmcp` option (extension-browser-contract.ts).
 */
import type { ServerResponse } from 'node:http';
import { FIXTURE_DOMAIN } from './fixtures/reports';

export const PAGE_SITES = {
  toolsScript: `http://tools-script.${FIXTURE_DOMAIN}`,
  toolsMarkup: `http://tools-markup.${FIXTURE_DOMAIN}`,
  formNoTool: `http://form-no-tool.${FIXTURE_DOMAIN}`,
  noTools: `http://no-tools.${FIXTURE_DOMAIN}`,
  lateTool: `http://late-tool.${FIXTURE_DOMAIN}`,
  markdownNoVary: `http://markdown-no-vary.${FIXTURE_DOMAIN}`,
} as const;

export type PageSiteName = keyof typeof PAGE_SITES;

/** The one page each site serves. */
export const PAGE_SITE_PATHS: Record<PageSiteName, string> = {
  toolsScript: '/shop/search',
  toolsMarkup: '/contact',
  formNoTool: '/',
  noTools: '/docs/setup',
  lateTool: '/',
  markdownNoVary: '/guide',
};

/** The sites' host names, e.g. for a browser's list of origins treated as secure. */
export const PAGE_SITE_HOSTS: string[] = Object.values(PAGE_SITES).map(
  (origin) => new URL(origin).host,
);

const HTML = 'text/html; charset=utf-8';
const MARKDOWN = 'text/markdown; charset=utf-8';

interface Answer {
  status?: number;
  type: string;
  body: string;
  headers?: Record<string, string>;
}

const html = (title: string, head: string, body: string): Answer => ({
  type: HTML,
  body:
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">${head}</head>` +
    `<body>${body}</body></html>`,
});

/** Text for an inline script: no `</script>` can end it early. */
const inline = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Every form on the page counts a submit as a tool call and stays on the page. */
const COUNT_SUBMITS = `<script>
for (const form of document.forms) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    window.__toolCalls = (window.__toolCalls || 0) + 1;
  });
}
</script>`;

/**
 * A script registering `tools` (name, description, inputSchema, annotations) one by one:
 * Chromium's registerTool returns a promise, Firefox's nothing, and a duplicate name may
 * throw, so each is awaited in a try. Every execute counts itself.
 */
const registerTools = (tools: object[]) => `
  const mc = document.modelContext || navigator.modelContext;
  if (mc?.registerTool) {
    for (const tool of ${inline(tools)}) {
      try {
        await mc.registerTool({
          ...tool,
          execute: async () => {
            window.__toolCalls = (window.__toolCalls || 0) + 1;
            return { content: [{ type: 'text', text: 'Done' }] };
          },
        });
      } catch {}
    }
  }`;

const TOOLS_SCRIPT_PAGE = html(
  'Product search',
  '',
  '<main><h1>Product search</h1>' +
    '<p>Find a product in the catalogue, add it to the cart or track an order.</p>' +
    '<h2>Track an order</h2>' +
    '<form toolname="track_order" tooldescription="Track an order">' +
    '<label>Order <input name="order" toolparamdescription="Order number"></label> ' +
    '<button type="submit">Track</button></form>' +
    // The same tool name declared twice: a finding (Chromium registers only the first).
    '<h2>Track a return</h2>' +
    '<form toolname="track_order" tooldescription="Track a return">' +
    '<label>Return <input name="return" toolparamdescription="Return number"></label> ' +
    '<button type="submit">Track</button></form></main>' +
    COUNT_SUBMITS +
    `<script>(async () => {${registerTools([
      {
        name: 'search_products',
        description: 'Search the catalogue by keyword',
        inputSchema: {
          type: 'object',
          properties: { query: { type: 'string', description: 'Words to search for' } },
          required: ['query'],
        },
        annotations: { readOnlyHint: true },
      },
      {
        name: 'add_to_cart',
        description: 'Add a product to the cart',
        // `quantity` has neither a type nor a description: a finding.
        inputSchema: {
          type: 'object',
          properties: { sku: { type: 'string', description: 'Product code' }, quantity: {} },
        },
      },
      {
        // A blank description, which Chromium accepts and an agent cannot use.
        name: 'track_parcel',
        description: ' ',
        inputSchema: {
          type: 'object',
          properties: { order: { type: 'string', description: 'Order number' } },
        },
      },
    ])}\n})();</script>`,
);

const TOOLS_MARKUP_PAGE = html(
  'Contact us',
  '',
  '<main><h1>Contact us</h1>' +
    '<form toolname="contact_us" tooldescription="Send a message to the team">' +
    '<p><label>Name <input name="name" autocomplete="name" toolparamdescription="Your name"></label></p>' +
    '<p><label>Message <textarea name="message" toolparamdescription="What you want to say"></textarea></label></p>' +
    '<p><button type="submit">Send</button></p></form>' +
    '<h2>Newsletter</h2>' +
    // No tooldescription, no toolparamdescription: findings.
    '<form toolname="newsletter">' +
    '<p><label>Email <input type="email" name="email" autocomplete="email"></label></p>' +
    '<p><button type="submit">Subscribe</button></p></form></main>' +
    COUNT_SUBMITS,
);

const FORM_NO_TOOL_PAGE = html(
  'Welcome',
  '',
  '<main><h1>Welcome</h1>' +
    '<form role="search" action="/search">' +
    '<label>Search the site <input type="search" name="q"></label> ' +
    '<button type="submit">Search</button></form>' +
    '<h2>Sign up</h2>' +
    '<form action="/sign-up" method="post">' +
    '<p><label>Email <input type="email" name="email" autocomplete="email"></label></p>' +
    '<p><label>Password <input type="password" name="password" autocomplete="new-password"></label></p>' +
    '<p><button type="submit">Sign up</button></p></form>' +
    // Flaws on purpose: a button without an accessible name, an input without a label.
    '<button type="button" class="icon"><svg aria-hidden="true" width="16" height="16"></svg></button>' +
    '<p><input name="coupon"></p></main>' +
    COUNT_SUBMITS,
);

const SETUP_PARAGRAPHS = [
  'This guide sets up the command-line client on a new machine. It takes about ten minutes and needs no account: everything it installs stays in your home folder, and you can remove it again by deleting one directory.',
  'First install the client with your package manager, or download the archive for your system from the releases page and unpack it somewhere on your path. Run the version command afterwards to check that the shell finds it; it prints the version and the folder it reads its settings from.',
  'Next create a settings file in that folder. The file is plain text with one setting a line: the address of the service, the folder for downloaded reports, and how many requests the client may send at once. Each setting has a sensible default, so an empty file works too.',
  'Then sign in once with the login command. It opens a page in your browser where you approve the client; the token it receives is kept in your system keychain, never in the settings file, and it expires after thirty days without use.',
  'Proxies and company networks need one more setting: the address of the proxy, written the same way as in your browser. The client also honours the usual environment variables for it, so a machine that already works with other command-line tools usually needs nothing more.',
  'To keep the client up to date, run the update command now and then, or let your package manager do it. Updates never change your settings file; when a setting is renamed, the client reads the old name too and prints a note saying which line to change.',
  'Finally run the check command on a site you know. The first run downloads the rules and takes a little longer; later runs reuse them until a new version is published. If anything fails, the doctor command lists what it found and how to fix it.',
];
const SETUP_DESCRIPTION = 'How to install, configure and sign in to the command-line client.';

const NO_TOOLS_PAGE = html(
  'Setup',
  `<meta name="description" content="${SETUP_DESCRIPTION}">` +
    `<link rel="canonical" href="${PAGE_SITES.noTools}${PAGE_SITE_PATHS.noTools}">` +
    `<link rel="alternate" type="text/markdown" href="${PAGE_SITE_PATHS.noTools}.md">` +
    `<script type="application/ld+json">${inline({
      '@context': 'https://schema.org',
      '@type': 'TechArticle',
      headline: 'Setup',
    })}</script>`,
  `<main><article><h1>Setup</h1><h2>Steps</h2>${SETUP_PARAGRAPHS.map((text) => `<p>${text}</p>`).join('')}</article></main>`,
);
const SETUP_MARKDOWN = `# Setup\n\n${SETUP_DESCRIPTION}\n\n${SETUP_PARAGRAPHS.join('\n\n')}\n`;

const GUIDE_PARAGRAPHS = [
  'This guide walks through the dashboard from the first sign-in to a shared report. It is written for people who look after a website and want to know how agents and people see it, without reading the specifications behind each check.',
  'The dashboard opens on the list of your sites. Each row shows the latest score, when the site was last scanned and whether anything changed since the scan before. Select a row to open the site: the summary at the top names the three findings that matter most.',
  'Below the summary every check has a line of its own. A check that passed shows a tick and a short sentence saying what was found; a check that failed says what is missing and links to the part of this guide that explains how to fix it on common hosting platforms.',
  'Scans run once a week on their own. You can start one at any time with the Scan now button; it takes less than a minute for most sites, and the page updates when it is done. Scans read only public pages and files, the same ones a search engine reads.',
  'To share a report, open the Share menu and choose a link or a file. A link shows the report as it is now and updates with each scan; a file keeps the report as it was when you saved it. Links can be revoked from the settings page at any time.',
  'Notifications tell you when a score drops or a check that used to pass starts failing. They come by email by default; the settings page also offers a weekly digest instead, or none at all. Each notification names the site, the check and the scan that found the change.',
  'Teams share one list of sites. Invite a colleague from the Members page with their email address; they choose a password when they first sign in. Owners can add and remove sites and members, while everyone else can read reports, start scans and share links.',
  'Every report can also be downloaded as a spreadsheet with one row per check, for those who track progress in their own tools. The columns stay the same from one scan to the next, so a formula written once keeps working as new scans arrive each week.',
  'The history tab draws each score over the last year, with a mark for every scan. Hover over a mark to see what changed in that scan; select it to open the report as it was then. Comparing two scans side by side shows which checks passed or failed in each, and which findings are new.',
  'Keyboard users can reach every part of the dashboard: the list of sites, the checks and the menus all follow the usual tab order, and the shortcuts page lists the few keys that jump straight to search, to the next site or back to the summary.',
  'If a result looks wrong, the Report a problem link under each check sends us the scan and your note. We answer within two working days, and a fixed rule is applied to the next scan of every site, so the correction shows up without anything else to do on your side.',
];

const MARKDOWN_NO_VARY_PAGE = html(
  'Dashboard guide',
  // Invalid on purpose: the object is never closed.
  '<script type="application/ld+json">{ "@type": "Article", </script>',
  '<main id="app"></main>' +
    // The guide exists only once this script has run.
    `<script>
const main = document.getElementById('app');
const heading = document.createElement('h1');
heading.textContent = 'Dashboard guide';
main.append(heading);
for (const text of ${inline(GUIDE_PARAGRAPHS)}) {
  const paragraph = document.createElement('p');
  paragraph.textContent = text;
  main.append(paragraph);
}
</script>`,
);
const GUIDE_MARKDOWN = `# Dashboard guide\n\n${GUIDE_PARAGRAPHS.join('\n\n')}\n`;

const LATE_TOOL_PAGE = html(
  'Late tool',
  '',
  '<main><h1>Late tool</h1><p>This page offers its one tool a second after it has loaded.</p></main>' +
    `<script>
// \`?after=N\`: N ms instead of a second, so that a test can read the page before the tool comes.
const after = Number(new URLSearchParams(location.search).get('after') ?? 1000);
window.addEventListener('load', () => {
  setTimeout(async () => {${registerTools([
    {
      name: 'late_tool',
      description: 'Registered a second after load',
      inputSchema: { type: 'object', properties: {} },
    },
  ])}
  }, after);
});
</script>`,
);

const NOT_FOUND: Answer = { status: 404, type: 'text/plain; charset=utf-8', body: 'Not found\n' };

function pageSiteAnswer(origin: string, path: string, accept: string): Answer | null {
  const pathname = path.split('?')[0];
  const wantsMarkdown = accept.includes('text/markdown');
  switch (origin) {
    case PAGE_SITES.toolsScript:
      return pathname === PAGE_SITE_PATHS.toolsScript ? TOOLS_SCRIPT_PAGE : NOT_FOUND;
    case PAGE_SITES.toolsMarkup:
      return pathname === PAGE_SITE_PATHS.toolsMarkup ? TOOLS_MARKUP_PAGE : NOT_FOUND;
    case PAGE_SITES.formNoTool:
      return pathname === PAGE_SITE_PATHS.formNoTool ? FORM_NO_TOOL_PAGE : NOT_FOUND;
    case PAGE_SITES.lateTool:
      return pathname === PAGE_SITE_PATHS.lateTool ? LATE_TOOL_PAGE : NOT_FOUND;
    case PAGE_SITES.noTools:
      if (pathname === `${PAGE_SITE_PATHS.noTools}.md`)
        return { type: MARKDOWN, body: SETUP_MARKDOWN };
      if (pathname !== PAGE_SITE_PATHS.noTools) return NOT_FOUND;
      return {
        ...(wantsMarkdown ? { type: MARKDOWN, body: SETUP_MARKDOWN } : NO_TOOLS_PAGE),
        headers: { vary: 'Accept' },
      };
    case PAGE_SITES.markdownNoVary:
      if (pathname !== PAGE_SITE_PATHS.markdownNoVary) return NOT_FOUND;
      // Negotiates, but without the Vary header that says so.
      return wantsMarkdown ? { type: MARKDOWN, body: GUIDE_MARKDOWN } : MARKDOWN_NO_VARY_PAGE;
    default:
      return null;
  }
}

/** Answers one request of a page site; false when the host is none of them. */
export function answerPageSite(
  origin: string,
  path: string,
  accept: string,
  response: ServerResponse,
): boolean {
  const answer = pageSiteAnswer(origin, path, accept);
  if (answer === null) return false;
  if (path.split('?')[0] === '/favicon.ico') {
    response.writeHead(204).end();
    return true;
  }
  response
    .writeHead(answer.status ?? 200, { 'content-type': answer.type, ...answer.headers })
    .end(answer.body);
  return true;
}
