/// <reference types="chrome" />
/**
 * Figure 7: a burst of distinct sites against a service that limits lookups the way the live
 * one does (120 per 60 s per client, reference server in its live dialect). One active tab per
 * site, opened one after another as fast as each leaves "loading". The extension must spend the quota
 * its answers state and no more: no request may be answered 429, and every tab must end in a
 * named state (a score, or "busy" until the window reopens). Then, bounded in time, the tabs
 * left busy must be looked up by the worker's alarm once the window has reopened.
 */
import { type BenchWorld, benchSite } from './bench-world';

const BUSY_MARK = '‖';
const LOADING_MARK = '…';
/** How long the tabs may take to leave "loading" after the burst. */
const SETTLE_LIMIT_MS = 30_000;
/** The live window is 60 s; the waiting tabs must all be looked up within this after it. */
const REOPEN_LIMIT_MS = 60_000 + 30_000;

export interface BurstResult {
  sites: number;
  burstMs: number;
  /** Lookups the service answered, by status, over the whole figure. */
  answered200: number;
  answered429: number;
  /** Right after the burst. */
  afterBurst: { score: number; busy: number; other: number; unnamed: number };
  /** Once the window reopened (or the limit passed). */
  afterReopen: { score: number; busy: number; other: number; unnamed: number };
  reopenMs: number;
}

type Tally = BurstResult['afterBurst'];

async function tally(world: BenchWorld, tabIds: number[]): Promise<Tally> {
  const counts: Tally = { score: 0, busy: 0, other: 0, unnamed: 0 };
  for (const tabId of tabIds) {
    const { text } = await world.browser.badgeOf(tabId);
    if (/^\d+$/.test(text)) counts.score += 1;
    else if (text === BUSY_MARK) counts.busy += 1;
    else if (text === '' || text === LOADING_MARK) counts.unnamed += 1;
    else counts.other += 1;
  }
  return counts;
}

async function until(condition: () => Promise<boolean>, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline && !(await condition())) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Opens one active tab per URL, in turn, from inside the worker: each is in front until its
 * badge leaves "loading" (a score, or busy), then the next opens. Driving it from the worker
 * rather than page by page over the debugging protocol keeps the burst inside one quota
 * window on a slow machine, which is the point of the figure.
 */
async function openInTurn(world: BenchWorld, urls: string[]): Promise<number[]> {
  const worker = await world.browser.worker();
  return worker.evaluate(
    async ({ urls, loading, limitMs }) => {
      const ids: number[] = [];
      for (const url of urls) {
        const tab = await chrome.tabs.create({ url, active: true });
        if (tab.id === undefined) continue;
        ids.push(tab.id);
        const deadline = Date.now() + limitMs;
        for (;;) {
          const text = await chrome.action.getBadgeText({ tabId: tab.id });
          if ((text !== '' && text !== loading) || Date.now() > deadline) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }
      return ids;
    },
    { urls, loading: LOADING_MARK, limitMs: 5_000 },
  );
}

export async function measureBurst(world: BenchWorld, siteCount: number): Promise<BurstResult> {
  const before200 = world.service.lookupsAnswered(200);
  const before429 = world.service.lookupsAnswered(429);
  const started = Date.now();
  const tabIds = await openInTurn(
    world,
    Array.from({ length: siteCount }, (_, index) => `${benchSite(index)}/`),
  );
  const burstMs = Date.now() - started;
  await until(async () => (await tally(world, tabIds)).unnamed === 0, SETTLE_LIMIT_MS);
  const afterBurst = await tally(world, tabIds);

  const reopenStarted = Date.now();
  await until(async () => (await tally(world, tabIds)).busy === 0, REOPEN_LIMIT_MS);
  const afterReopen = await tally(world, tabIds);
  return {
    sites: siteCount,
    burstMs,
    answered200: world.service.lookupsAnswered(200) - before200,
    answered429: world.service.lookupsAnswered(429) - before429,
    afterBurst,
    afterReopen,
    reopenMs: Date.now() - reopenStarted,
  };
}
