/**
 * Figure 3: a scripted browse — many sites, revisits, tab switches, reloads — and the requests
 * it cost against the distinct (origin, freshness window) pairs it needed
 * (request-accounting.ts).
 *
 * The service marks every answer fresh for LIFETIME_S seconds. The browse runs in phases that
 * each last well under that lifetime, with pauses longer than it between them, so each need
 * is clearly inside or clearly outside the window of the request before it: the count of
 * windows does not depend on a few milliseconds either way.
 */
import type { Page } from 'playwright-core';
import { type BenchWorld, benchSite, tabIdOf } from './bench-world';
import {
  accountRequests,
  freshnessWindows,
  type Need,
  type RequestAccount,
} from './request-accounting';

const LIFETIME_S = 6;
/** The phases of the browse must each finish within this, or the accounting is unsound. */
const PHASE_LIMIT_MS = (LIFETIME_S - 1.5) * 1000;
const PAUSE_MS = (LIFETIME_S + 1.5) * 1000;

/** Sites of the browse: bench sites with reports, and one the service has no report for. */
const BROWSE_SITES = [
  ...Array.from({ length: 10 }, (_, index) => benchSite(300 + index)),
  'http://no-report.bench-sites.com',
];

export interface BrowseResult extends RequestAccount {
  needs: number;
  lifetimeSeconds: number;
}

export async function measureScriptedBrowse(world: BenchWorld): Promise<BrowseResult> {
  for (const origin of BROWSE_SITES) {
    world.service.setMisbehaviour(origin, {
      kind: 'cache-control',
      value: `max-age=${LIFETIME_S}`,
    });
  }
  const { browser } = world;
  const needs: Need[] = [];
  const site = (index: number) => BROWSE_SITES[index % BROWSE_SITES.length] as string;
  /** Each step is something a person does to the tab in front, so each is a need. */
  const settle = async (page: Page) => {
    const tabId = await tabIdOf(world, page);
    await browser.settledBadgeOf(tabId);
  };
  const visit = async (page: Page, origin: string, path = '/') => {
    needs.push({ origin, at: Date.now() });
    await page.goto(`${origin}${path}`);
    await settle(page);
  };
  const switchTo = async (page: Page) => {
    needs.push({ origin: new URL(page.url()).origin, at: Date.now() });
    const tabId = await tabIdOf(world, page);
    // Settled only once the extension has answered this switch: until it hears of it, the
    // badge still shows the answer from before, settled as it is, and a request the switch
    // then makes can come after the count (once in Firefox: 15 requests for 16 windows).
    await browser.untilTabStateWritten(tabId, () => page.bringToFront());
    await browser.settledBadgeOf(tabId);
  };
  const reload = async (page: Page) => {
    needs.push({ origin: new URL(page.url()).origin, at: Date.now() });
    await page.reload();
    await settle(page);
  };
  const phase = async (name: string, steps: () => Promise<void>) => {
    const start = Date.now();
    await steps();
    const took = Date.now() - start;
    if (took > PHASE_LIMIT_MS) {
      throw new Error(`Browse phase "${name}" took ${took} ms, over ${PHASE_LIMIT_MS} ms`);
    }
  };
  const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS));

  world.service.clearRequests();
  const tabs: Page[] = [];
  const openTab = async (origin: string) => {
    const page = await browser.context.newPage();
    await page.bringToFront();
    tabs.push(page);
    await visit(page, origin);
    return page;
  };

  await phase('open four sites', async () => {
    for (let index = 0; index < 4; index++) await openTab(site(index));
  });
  await phase('switch, revisit, reload', async () => {
    const [first, second, third, fourth] = tabs as [Page, Page, Page, Page];
    await switchTo(first);
    await switchTo(third);
    await visit(third, site(4));
    await visit(third, site(0), '/another/page');
    await reload(third);
    await switchTo(second);
    await switchTo(fourth);
    await switchTo(first);
  });
  await phase('more sites in one tab', async () => {
    const first = tabs[0] as Page;
    for (let index = 5; index < BROWSE_SITES.length; index++) await visit(first, site(index));
    await visit(first, site(5), '/?query=1');
  });
  await pause();
  await phase('back after the answers went stale', async () => {
    const [first, second, third] = tabs as [Page, Page, Page];
    await switchTo(second);
    await switchTo(third);
    await reload(third);
    // Another path than the second tab's, so each tab is found by its address.
    await visit(first, site(1), '/from-the-first-tab');
    await switchTo(first);
  });
  await pause();
  await phase('once more, late', async () => {
    const fourth = tabs[3] as Page;
    await switchTo(fourth);
    await visit(fourth, site(8));
    await switchTo(tabs[1] as Page);
  });

  const requested = world.service
    .lookedUp()
    .flatMap((url) => (url === null ? [] : [new URL(url).origin]));
  for (const page of tabs) await page.close();
  const windows = freshnessWindows(needs, LIFETIME_S * 1000);
  return {
    ...accountRequests(requested, windows),
    needs: needs.length,
    lifetimeSeconds: LIFETIME_S,
  };
}
