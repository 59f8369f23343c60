/**
 * "This page" in Check now, in a real browser with WebMCP on (Chromium's feature flag,
 * Firefox's prefs) against the sample pages of reference-server/page-sites.ts: the page's tools
 * by script and in markup with their problems, forms without a tool, the page's signals, a tool
 * registered while the view is open, and the rules: no tool run, no request off the tab's
 * origin, clean for axe. Then a browser without WebMCP, which says so instead of "no tools".
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../../extension-browser/extension-browser';
import { PAGE_SITE_PATHS, PAGE_SITES } from '../../reference-server/page-sites';
import type { SampleSiteServer } from '../../reference-server/sample-site-server';
import { E2E_BROWSER, FIREFOX_ANDROID_E2E_EXTENSION_DIR } from '../../scripts/e2e-settings';
import { axeViolations, sidewaysOverflow } from './support/axe';
import { type E2eWorld, startE2eWorld } from './support/e2e-world';
import { PopupPage } from './support/popup-page';

let world: E2eWorld | undefined;
let browser: ExtensionBrowser;
let sites: SampleSiteServer;

const WEBMCP = { secureOrigins: [...Object.values(PAGE_SITES), 'http://localhost'] };

beforeAll(async () => {
  world = await startE2eWorld({}, { webmcp: WEBMCP });
  ({ browser, sites } = world);
});

afterAll(() => world?.close());

interface Checked {
  page: Page;
  popup: PopupPage;
  tab: Page;
}

/** Opens `url`, its popup, and clicks Check now; resolves once This page is shown. */
async function checkThisPage(url: string): Promise<Checked> {
  const { page: tab, tabId } = await browser.openTab(url);
  await browser.settledBadgeOf(tabId);
  const popup = await PopupPage.open(browser, tabId);
  const button = popup.page.getByRole('button', { name: 'Check now', exact: true });
  await button.waitFor({ timeout: 10_000 });
  await button.click();
  await popup.page.locator('.this-page').waitFor({ timeout: 30_000 });
  return { page: popup.page, popup, tab };
}

const section = (page: Page) => page.locator('.this-page');
const textOf = async (page: Page, selector: string) =>
  ((await section(page).locator(selector).first().textContent()) ?? '').replace(/\s+/g, ' ');

/** Each tool as "name (source): problems". */
async function toolLines(page: Page): Promise<string[]> {
  const tools = section(page).locator('.page-tools > li');
  const lines: string[] = [];
  for (let index = 0; index < (await tools.count()); index++) {
    const tool = tools.nth(index);
    const name = (await tool.locator('.issue-name').textContent())?.replace(/\s+/g, ' ').trim();
    lines.push(`${name}: ${await tool.locator('.live').textContent()}`);
  }
  return lines.sort();
}

/** This page's signal named `name`. */
const signal = (page: Page, name: string) =>
  section(page).locator('li.page-item', { has: page.locator('.issue-name', { hasText: name }) });

/** The live verdict of This page's signal named `name`. */
const signalOf = async (page: Page, name: string) =>
  (await signal(page, name).locator('.live-verdict').first().textContent()) ?? '';

const toolCalls = (tab: Page) =>
  tab.evaluate(() => (window as { __toolCalls?: number }).__toolCalls ?? 0);

describe('a page with tools by script and in markup', () => {
  let checked: Checked;
  let visitsBefore: number;

  beforeAll(async () => {
    visitsBefore = sites.visits().length;
    checked = await checkThisPage(`${PAGE_SITES.toolsScript}${PAGE_SITE_PATHS.toolsScript}`);
  });

  afterAll(() => checked.popup.close());

  it('lists each tool with where it came from and its problems', async () => {
    expect(await textOf(checked.page, '.page-summary')).toBe(
      'Tools: 5 (3 by script, 2 in markup) · problems: 5 · forms without a tool: 0',
    );
    expect(await toolLines(checked.page)).toEqual([
      'add_to_cart (by script): parameters without a type: quantity; parameters without a description: quantity',
      'search_products (by script): No problem found',
      'track_order (in markup): another tool has the same name',
      'track_order (in markup): another tool has the same name',
      'track_parcel (by script): no description',
    ]);
    const search = section(checked.page).locator('li[data-tool="search_products"]');
    expect((await search.textContent())?.replace(/\s+/g, ' ')).toContain(
      'Search the catalogue by keyword',
    );
    expect(await search.locator('.tool-params').textContent()).toBe(
      'query: string — Words to search for',
    );
  });

  it('ran no tool, submitted no form, and asked nothing but the tab’s own origin', async () => {
    expect(await toolCalls(checked.tab)).toBe(0);
    const hosts = sites
      .visits()
      .slice(visitsBefore)
      .filter((visit) => visit.path !== '/favicon.ico')
      .map((visit) => visit.host);
    expect(new Set(hosts)).toEqual(new Set([new URL(PAGE_SITES.toolsScript).host]));
  });

  it('is clean for axe', async () => {
    expect(await axeViolations(checked.page)).toEqual([]);
  });
});

describe('a page with tools in markup only', () => {
  it('reads the forms’ tools, their parameters and what they lack', async () => {
    const { page, popup } = await checkThisPage(
      `${PAGE_SITES.toolsMarkup}${PAGE_SITE_PATHS.toolsMarkup}`,
    );
    expect(await textOf(page, '.page-summary')).toBe(
      'Tools: 2 (0 by script, 2 in markup) · problems: 2 · forms without a tool: 0',
    );
    expect(await toolLines(page)).toEqual([
      'contact_us (in markup): No problem found',
      'newsletter (in markup): no description; parameters without a description: email',
    ]);
    expect(
      await section(page).locator('li[data-tool="contact_us"] .tool-params').textContent(),
    ).toBe('name: text — Your namemessage: textarea — What you want to say');
    await popup.close();
  });
});

describe('a page with acting forms and no tool', () => {
  it('names the forms without a tool and the controls without a name', async () => {
    const { page, popup } = await checkThisPage(
      `${PAGE_SITES.formNoTool}${PAGE_SITE_PATHS.formNoTool}`,
    );
    expect(await textOf(page, '.page-summary')).toBe(
      'Tools: 0 (0 by script, 0 in markup) · problems: 0 · forms without a tool: 2',
    );
    expect(await section(page).getByText('No tools for agents on this page.').count()).toBe(1);
    const forms = await section(page).locator('.page-forms li').allTextContents();
    expect(forms.map((form) => form.split(':')[0])).toEqual(['Search', 'Sign-up']);
    expect(await signalOf(page, 'Controls with a name')).toBe('fails');
    expect(await signal(page, 'Controls with a name').locator('.live-note').textContent()).toBe(
      '2 controls without an accessible name: button.icon, input',
    );
    await popup.close();
  });
});

describe('a page whose signals are right', () => {
  it('finds its markdown twin, its linked markdown version, its data and its text', async () => {
    const { page, popup } = await checkThisPage(`${PAGE_SITES.noTools}${PAGE_SITE_PATHS.noTools}`);
    expect(await signalOf(page, 'Markdown content negotiation')).toBe('passes now');
    expect(await signalOf(page, 'Markdown version linked from the page')).toBe('passes now');
    expect(await signalOf(page, 'Content without JavaScript')).toBe('passes now');
    expect(await signalOf(page, 'Page size in tokens')).toBe('passes now');
    expect(await signalOf(page, 'Controls with a name')).toBe('passes now');
    expect(await signalOf(page, 'JSON-LD structured data')).toBe('partly passes');
    await popup.close();
  });
});

describe('a page whose markdown twin lacks Vary and whose text needs JavaScript', () => {
  it('says so, with the evidence of the page’s own address', async () => {
    const { page, popup } = await checkThisPage(
      `${PAGE_SITES.markdownNoVary}${PAGE_SITE_PATHS.markdownNoVary}`,
    );
    expect(await signalOf(page, 'Markdown content negotiation')).toBe('fails');
    expect(await signalOf(page, 'Content without JavaScript')).toBe('fails');
    expect(await signalOf(page, 'Markdown version linked from the page')).toBe('fails');
    const item = signal(page, 'Markdown content negotiation');
    await item.getByText('Evidence').click();
    expect(await item.locator('.evidence code').first().textContent()).toMatch(
      /^GET \/guide · 200, text\/markdown; charset=utf-8, \d+ bytes · \d+ ms/,
    );
    await popup.close();
  });
});

describe('a page that registers a tool while the view is open', () => {
  it('shows the tool once the page has it, without another click', async () => {
    // The page's own timer is put off: the test registers the tool once the first read is shown.
    const { page, popup, tab } = await checkThisPage(`${PAGE_SITES.lateTool}/?after=600000`);
    await section(page).getByText('No tools for agents on this page.').waitFor();
    await tab.evaluate(`(document.modelContext ?? navigator.modelContext).registerTool({
      name: 'late_tool',
      description: 'Registered while the view is open',
      inputSchema: { type: 'object', properties: {} },
      execute: () => ({ content: [] }),
    })`);
    await section(page).locator('li[data-tool="late_tool"]').waitFor({ timeout: 10_000 });
    expect(await toolLines(page)).toEqual(['late_tool (by script): No problem found']);
    expect(await toolCalls(tab)).toBe(0);
    await popup.close();
  });
});

describe('a browser that does not show WebMCP', () => {
  beforeAll(async () => {
    await world?.close();
    world = await startE2eWorld();
    ({ browser, sites } = world);
  });

  it('says so, never "no tools"', async () => {
    // localhost is a secure context: the API is missing because the browser lacks it.
    const { page, popup } = await checkThisPage('http://localhost/');
    expect(await section(page).textContent()).toContain(
      'This browser does not show script-registered tools; tools in markup: 0',
    );
    expect(await section(page).getByText('No tools for agents on this page.').count()).toBe(0);
    await popup.close();
  });
});

describe.runIf(E2E_BROWSER === 'firefox')(
  'Firefox for Android (its build, at a phone size)',
  () => {
    beforeAll(async () => {
      await world?.close();
      world = await startE2eWorld(
        {},
        { extensionDir: FIREFOX_ANDROID_E2E_EXTENSION_DIR, webmcp: WEBMCP },
      );
      ({ browser, sites } = world);
    });

    it('shows This page in the popup at 360 px, without sideways overflow', async () => {
      const { page, popup } = await checkThisPage(
        `${PAGE_SITES.toolsMarkup}${PAGE_SITE_PATHS.toolsMarkup}`,
      );
      await page.setViewportSize({ width: 360, height: 640 });
      expect(await toolLines(page)).toHaveLength(2);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await popup.close();
    });
  },
);
