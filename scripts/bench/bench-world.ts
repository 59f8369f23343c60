/// <reference types="chrome" />
/**
 * What every figure of the bench runs against: the reference server on a free loopback port,
 * the extension built for it as production code, the sample-site server, and headless
 * Chromium with the extension loaded. Every host name resolves to 127.0.0.1
 * (extension-browser/extension-browser.ts), so nothing leaves the machine.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import {
  type BrowserName,
  type ExtensionBrowser,
  launchExtensionBrowser,
} from '../../extension-browser/extension-browser';
import { FIXTURE_ORIGINS, fixtureReports } from '../../reference-server/fixtures/reports';
import { retargetReport } from '../../reference-server/report-store';
import {
  type SampleSiteServer,
  startSampleSiteServer,
} from '../../reference-server/sample-site-server';
import {
  type Dialect,
  type ReferenceServer,
  startReferenceServer,
} from '../../reference-server/server';
import { ensureChromium } from '../chromium';
import { ensureFirefox } from '../firefox';

/** Where the bench build goes: `wxt build --mode bench` (Chrome MV3). */
export const BENCH_EXTENSION_DIR = resolve('.output/chrome-mv3-bench');
/** The same for Firefox (MV2): `wxt build -b firefox --mode bench`. */
export const FIREFOX_BENCH_EXTENSION_DIR = resolve('.output/firefox-mv2-bench');

/**
 * The floor page: an extension page with nothing in it, loaded from the same extension, so
 * the popup is compared with the least a page of this extension can cost. Written into the
 * bench build only; the product has no such page. Its one character gives Firefox a first
 * contentful paint to time (popup-timing.ts).
 */
export const BLANK_PAGE = 'bench-blank.html';
const BLANK_PAGE_HTML =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>Blank</title><body>.</body></html>\n';

/** A floor page's script: writes the score `value` (a script expression) where the popup would. */
const writeScore = (value: string) =>
  `const score = document.createElement('p');\n` +
  `score.className = 'score-figure';\n` +
  `score.textContent = ${value};\n` +
  'document.body.append(score);\n';

/**
 * The floor of figure 1 (toolbar-popup-timing.ts): a popup whose one module script writes the
 * score, the least any script-rendered popup can cost. Written into the bench build only.
 */
export const FLOOR_POPUP_PAGE = 'bench-floor-popup.html';

/**
 * The floor of figure 1b's popup page (popup-timing.ts): a page whose one module script reads
 * the tab's state from storage, as a page opened without a handed state must, and writes its
 * score. What a page costs that shows anything stored. Written into the bench build only.
 */
export const READ_FLOOR_PAGE = 'bench-floor-read.html';

/** Each floor page and its one module script, written beside it as `<page>.js`. */
const FLOOR_PAGE_SCRIPTS: Record<string, string> = {
  [FLOOR_POPUP_PAGE]: writeScore("'92'"),
  [READ_FLOOR_PAGE]:
    "const key = 'tab-state:' + new URLSearchParams(location.search).get('tabId');\n" +
    // Firefox's promise-returning namespace is `browser`; Chromium's is `chrome`.
    '(globalThis.browser ?? chrome).storage.session.get(key).then((stored) => {\n' +
    writeScore("String(stored[key]?.view?.report?.score ?? '–')") +
    '});\n',
};

/** Sites the service has a report for beyond the fixtures: `http://s0.bench-sites.com` … */
/** Figure 8 looks up the first 2,000; figure 2c needs sites none of them is. */
export const BENCH_SITE_COUNT = 2600;
export const benchSite = (index: number) => `http://s${index}.bench-sites.com`;

export interface BenchWorld {
  service: ReferenceServer;
  sites: SampleSiteServer;
  browser: ExtensionBrowser;
  browserName: BrowserName;
  /** The browser's executable. */
  browserPath: string;
  /** `chrome-extension://ID/PATH` (`moz-extension://` in Firefox). */
  extensionUrl(path: string): string;
  close(): Promise<void>;
}

/**
 * The reference server's port: BENCH_REFERENCE_PORT when set (so runs beside other servers on
 * this machine can pick a port none of them uses), else a free one the system picks.
 */
export function benchReferencePort(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.BENCH_REFERENCE_PORT;
  if (raw === undefined || raw === '') return 0;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`BENCH_REFERENCE_PORT is not a port: ${raw}`);
  }
  return port;
}

/**
 * Chromium unless told otherwise; in Firefox (Debian's firefox-esr, driven over WebDriver
 * BiDi with loopback-only prefs and MOZ_DISABLE_NONLOCAL_CONNECTIONS=1, see
 * extension-browser/firefox-extension-browser.ts) the extension is the Firefox MV2 build.
 * `dialect: 'live'` serves the same sites the way the live service answers, its limiter of
 * 120 lookups per 60 s per client included (figure 7).
 *
 * `variant`: the extension built from that git ref instead of the working tree (ab.ts);
 * `service`: a server already running, shared with another world and left running on close.
 */
export async function startBenchWorld(
  browserName: BrowserName = 'chromium',
  options: { dialect?: Dialect; variant?: string; service?: ReferenceServer } = {},
): Promise<BenchWorld> {
  const browserPath = browserName === 'firefox' ? ensureFirefox() : ensureChromium();
  const service =
    options.service ??
    (await startReferenceServer({
      port: benchReferencePort(),
      dialect: options.dialect ?? 'contract',
      // A day: the answers kept for thousands of sites outlast the figures that list them,
      // as a day of browsing stays on a user's sites page.
      cacheControl: Object.fromEntries(
        Array.from({ length: BENCH_SITE_COUNT }, (_, index) => [benchSite(index), 'max-age=86400']),
      ),
      extraReports: (baseUrl, now) => {
        const template = fixtureReports(baseUrl, now).mid;
        const reports: Record<string, ReturnType<typeof retargetReport>> = {};
        for (let index = 0; index < BENCH_SITE_COUNT; index++) {
          reports[benchSite(index)] = retargetReport(template, benchSite(index), baseUrl);
        }
        return reports;
      },
    }));
  const extensionDir = buildBenchExtension(service.baseUrl, browserName, options.variant);
  const sites = await startSampleSiteServer();
  const browser = await launchExtensionBrowser({
    browserName,
    executablePath: browserPath,
    extensionDir,
    sitesPort: sites.port,
    headless: true,
  });
  // The user has said yes to automatic lookups, as every figure here assumes.
  await browser.acceptAutomaticLookups();
  return {
    service,
    sites,
    browser,
    browserName,
    browserPath,
    extensionUrl: (path) =>
      `${browserName === 'firefox' ? 'moz' : 'chrome'}-extension://${browser.extensionId}/${path}`,
    async close() {
      await browser.close();
      await sites.close();
      if (options.service === undefined) await service.close();
    },
  };
}

/**
 * Production code pointed at the bench's server: NODE_ENV=production because any other mode
 * compiles Preact's development JSX (file names and line numbers in every element), which
 * would make the popup heavier than what users run.
 */
function buildBenchExtension(baseUrl: string, browserName: BrowserName, variant?: string): string {
  const firefox = browserName === 'firefox';
  const build = (cwd: string) =>
    execFileSync('npx', ['wxt', 'build', '-b', firefox ? 'firefox' : 'chrome', '--mode', 'bench'], {
      cwd,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production', WXT_REPORT_API_BASE_URL: baseUrl },
    });
  let dir = firefox ? FIREFOX_BENCH_EXTENSION_DIR : BENCH_EXTENSION_DIR;
  if (variant === undefined) build(process.cwd());
  else {
    // The ref's files only (no work tree of it is checked out), built beside this one's
    // dependencies, and the build kept as .output/<target>-bench-<variant>.
    const source = mkdtempSync(join(tmpdir(), 'arb-bench-variant-'));
    try {
      const archive = join(source, 'source.tar');
      execFileSync('git', ['archive', '--format=tar', '-o', archive, variant]);
      execFileSync('tar', ['-xf', archive, '-C', source]);
      symlinkSync(realpathSync('node_modules'), join(source, 'node_modules'));
      build(source);
      const target = firefox ? 'firefox-mv2-bench' : 'chrome-mv3-bench';
      dir = resolve(`.output/${target}-${variant.replace(/[^\w.-]+/g, '-')}`);
      rmSync(dir, { recursive: true, force: true });
      cpSync(join(source, '.output', target), dir, { recursive: true });
    } finally {
      rmSync(source, { recursive: true, force: true });
    }
  }
  writeFileSync(join(dir, BLANK_PAGE), BLANK_PAGE_HTML);
  for (const [page, script] of Object.entries(FLOOR_PAGE_SCRIPTS)) {
    const scriptFile = page.replace(/\.html$/, '.js');
    writeFileSync(
      join(dir, page),
      '<!doctype html><html lang="en"><meta charset="utf-8"><title>Floor</title>' +
        `<script type="module" src="${scriptFile}"></script><body></body></html>\n`,
    );
    writeFileSync(join(dir, scriptFile), script);
  }
  return dir;
}

/** The id the extension knows a page's tab by (the page's address must be unique). */
export async function tabIdOf(world: BenchWorld, page: Page): Promise<number> {
  const worker = await world.browser.worker();
  return worker.evaluate(async (pageUrl) => {
    const tab = (await chrome.tabs.query({})).find((candidate) => candidate.url === pageUrl);
    if (tab?.id === undefined) throw new Error(`No tab shows ${pageUrl}`);
    return tab.id;
  }, page.url());
}

export { FIXTURE_ORIGINS };

/**
 * A figure run on its own (`npm run bench:…`): `measureIn` for each of `browsers` (those named in
 * the first argument, "chromium,firefox" by default), one after another; exits 1 on the first
 * failure.
 */
export function runInEachBrowser(
  measureIn: (browserName: BrowserName) => Promise<void>,
  browsers = (process.argv[2]?.split(',') ?? ['chromium', 'firefox']) as BrowserName[],
): void {
  (async () => {
    for (const browserName of browsers) await measureIn(browserName);
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
