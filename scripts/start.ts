/**
 * `npm start`: the product on the bundled reference server.
 *
 * Builds the extension against the reference server, starts it and the sample sites, and
 * launches Chromium with the extension on a few sample sites. With a display it is an
 * ordinary browser window to browse in (Ctrl+C or closing the window ends it); without one
 * it runs headless, saves a screenshot of each sample site's popup (two of them after a click on
 * "Check now") and prints a table. Chromium runs with WebMCP on, for the pages that offer tools.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launchExtensionBrowser } from '../extension-browser/extension-browser';
import { CHECK_SITES } from '../reference-server/check-sites';
import { LIVE_ORIGIN } from '../reference-server/fixtures/live-reports';
import { FIXTURE_ORIGINS, UNSCANNED_ORIGIN } from '../reference-server/fixtures/reports';
import { MISBEHAVING_ORIGINS } from '../reference-server/misbehaving-sites';
import { PAGE_SITE_PATHS, PAGE_SITES, type PageSiteName } from '../reference-server/page-sites';
import { RESCANNED_ORIGIN } from '../reference-server/rescanned-site';
import { startSampleSiteServer } from '../reference-server/sample-site-server';
import { DEFAULT_REFERENCE_SERVER_PORT, startReferenceServer } from '../reference-server/server';
import { ensureChromium } from './chromium';

const SAMPLE_SITES: { name: string; url: string }[] = [
  { name: 'high score', url: `${FIXTURE_ORIGINS.high}/` },
  { name: 'half score', url: `${FIXTURE_ORIGINS.mid}/pricing` },
  { name: 'low score', url: `${FIXTURE_ORIGINS.low}/` },
  { name: 'no score', url: `${FIXTURE_ORIGINS.nullScore}/` },
  { name: 'no developer surface', url: `${FIXTURE_ORIGINS.noDeveloperSurface}/` },
  { name: 'many issues', url: `${FIXTURE_ORIGINS.manyIssues}/` },
  // Scanned again after its first lookup: Refresh in its popup shows what changed.
  { name: 'rescanned', url: `${RESCANNED_ORIGIN}/` },
  { name: 'no report', url: `${UNSCANNED_ORIGIN}/` },
  { name: 'service unavailable', url: `${MISBEHAVING_ORIGINS.unavailable}/` },
  { name: 'live-shaped report', url: `${LIVE_ORIGIN}/` },
  { name: 'retired route', url: `${MISBEHAVING_ORIGINS.retired}/` },
  // Last of the looked-up samples: a 429 pauses every lookup for its Retry-After.
  { name: 'service busy (429)', url: `${MISBEHAVING_ORIGINS.busy}/` },
  { name: 'local site', url: 'http://localhost/' },
];

/** Sites whose popup gets a click on "Check now" before its screenshot (check-sites.ts). */
const CHECK_NOW_SITES: { name: string; url: string }[] = [
  { name: 'check now, findings since fixed', url: `${CHECK_SITES.fixed}/` },
  { name: 'check now, quick check', url: `${CHECK_SITES.ready}/` },
];

/**
 * Pages whose own content "This page" in Check now reads (page-sites.ts): WebMCP tools and
 * agent signals. The browser is launched with WebMCP on for them.
 */
const PAGE_SITE_NAMES: Record<PageSiteName, string> = {
  toolsScript: 'this page, tools by script',
  toolsMarkup: 'this page, tools in markup',
  formNoTool: 'this page, forms without tools',
  noTools: 'this page, article without tools',
  lateTool: 'this page, tool registered late',
  markdownNoVary: 'this page, markdown without Vary',
};
const THIS_PAGE_SITES: { name: string; url: string }[] = (
  Object.keys(PAGE_SITES) as PageSiteName[]
).map((site) => ({
  name: PAGE_SITE_NAMES[site],
  url: `${PAGE_SITES[site]}${PAGE_SITE_PATHS[site]}`,
}));

const port = Number(process.env.REFERENCE_SERVER_PORT ?? DEFAULT_REFERENCE_SERVER_PORT);
const serviceBaseUrl = `http://127.0.0.1:${port}`;
const extensionDir = resolve('.output/chrome-mv3-demo');
const screenshotDir = resolve('.output/screenshots');
const headless =
  process.argv.includes('--headless') || !(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);

console.log(`Building the extension against ${serviceBaseUrl}…`);
execFileSync('npx', ['wxt', 'build', '--mode', 'demo'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, WXT_REPORT_API_BASE_URL: serviceBaseUrl },
});

const chromiumPath = ensureChromium();
// --live: the reference server answers as the live service does (reference-server/live-dialect.ts).
const dialect = process.argv.includes('--live') ? 'live' : 'contract';
const service = await startReferenceServer({ port, dialect });
const sites = await startSampleSiteServer();
const browser = await launchExtensionBrowser({
  chromiumPath,
  extensionDir,
  sitesPort: sites.port,
  headless,
  webmcp: { secureOrigins: Object.values(PAGE_SITES) },
});
console.log(
  `Reference server on ${service.baseUrl}; sample sites resolve to 127.0.0.1:${sites.port}.`,
);

async function shutDown(code: number): Promise<never> {
  await browser.close().catch(() => undefined);
  await sites.close();
  await service.close();
  process.exit(code);
}

if (headless) {
  // No one to answer the first-run page: say yes to automatic lookups, as a user would.
  await browser.acceptAutomaticLookups();
  mkdirSync(screenshotDir, { recursive: true });
  const rows: { site: string; badge: string; state: string; screenshot: string }[] = [];
  for (const [index, site] of [...SAMPLE_SITES, ...CHECK_NOW_SITES, ...THIS_PAGE_SITES].entries()) {
    const { tabId } = await browser.openTab(site.url);
    const badge = await browser.settledBadgeOf(tabId);
    const popup = await browser.context.newPage();
    await popup.setViewportSize({ width: 400, height: 600 });
    await popup.goto(browser.popupUrl(tabId));
    await popup.locator('main').waitFor();
    await popup.waitForFunction(() => !document.querySelector('[role="status"][aria-busy="true"]'));
    if (CHECK_NOW_SITES.includes(site)) {
      // The demo build holds the sample hosts, so the click asks no question.
      await popup.getByRole('button', { name: 'Check now', exact: true }).click();
      await popup.locator('.check-summary').waitFor({ timeout: 30_000 });
      for (const details of await popup.locator('.live details').all()) await details.click();
    }
    if (THIS_PAGE_SITES.includes(site)) {
      await popup.getByRole('button', { name: 'Check now', exact: true }).click();
      await popup.locator('.this-page').waitFor({ timeout: 30_000 });
      // The late tool comes a second after the page loaded: the view shows it once it does.
      if (site.url.startsWith(PAGE_SITES.lateTool)) {
        await popup.locator('.this-page [data-tool="late_tool"]').waitFor({ timeout: 10_000 });
      }
      await popup.locator('.this-page').scrollIntoViewIfNeeded();
    }
    const screenshot = join(
      screenshotDir,
      `${String(index + 1).padStart(2, '0')}-${site.name.replaceAll(' ', '-')}.png`,
    );
    await popup.screenshot({ path: screenshot, fullPage: true });
    await popup.close();
    rows.push({
      site: new URL(site.url).host,
      badge: badge.text === '' ? '(none)' : badge.text,
      state: badge.title,
      screenshot: screenshot.replace(`${process.cwd()}/`, ''),
    });
  }
  console.log(
    '\nNo display: ran headless. Each sample site, its badge and the popup screenshot:\n',
  );
  console.table(rows);
  await shutDown(0);
} else {
  for (const site of [...SAMPLE_SITES, ...CHECK_NOW_SITES, ...THIS_PAGE_SITES]) {
    await browser.openTab(site.url);
  }
  // The first-run page last, in front: nothing is looked up automatically until it is answered.
  await (await browser.welcomePage()).bringToFront();
  console.log('\nChromium is open with the extension, its first-run page and the sample sites.');
  console.log('Answer the first-run page to start lookups, then browse away;');
  console.log('every host name resolves to the local sample-site server. Ctrl+C to stop.');
  browser.context.on('close', () => void shutDown(0));
  process.on('SIGINT', () => void shutDown(0));
  process.on('SIGTERM', () => void shutDown(0));
}
