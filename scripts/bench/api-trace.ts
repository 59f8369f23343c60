/// <reference types="chrome" />
/**
 * The profile behind figure 2: which extension API calls the worker awaits between a tab's
 * activation and its badge, and how long each took. Installed from outside, like the badge
 * probe, and only for samples of their own, so the wrapping does not slow the timed ones.
 */
import type { Page } from 'playwright-core';
import { activationToBadge, installBadgeProbe } from './badge-probe';
import type { BenchWorld } from './bench-world';

export interface ApiCallProfile {
  api: string;
  /** Calls per activation. */
  callsPerActivation: number;
  /** Milliseconds from call to answer, summed per activation (calls may overlap). */
  msPerActivation: number;
}

export interface ActivationProfile {
  activations: number;
  /** Median activation → badge (ms) with the trace on. */
  medianMs: number;
  calls: ApiCallProfile[];
}

interface Span {
  api: string;
  start: number;
  end: number;
}

type TraceGlobal = typeof globalThis & { benchTrace?: Span[] };

async function installApiTrace(world: BenchWorld): Promise<void> {
  const worker = await world.browser.worker();
  await worker.evaluate(() => {
    const scope = globalThis as TraceGlobal;
    if (scope.benchTrace) return;
    // No named functions in here: tsx would wrap them in a helper the worker does not have.
    const spans: Span[] = [];
    const targets: [string, Record<string, unknown>, string[]][] = [
      ['storage.local', chrome.storage.local as never, ['get', 'set', 'remove']],
      ['storage.session', chrome.storage.session as never, ['get', 'set', 'remove']],
      ['tabs', chrome.tabs as never, ['get', 'query']],
      [
        'action',
        chrome.action as never,
        ['setBadgeText', 'setBadgeBackgroundColor', 'setTitle', 'setBadgeTextColor'],
      ],
      ['globalThis', globalThis as never, ['fetch']],
    ];
    for (const [area, owner, methods] of targets) {
      for (const method of methods) {
        const original = (owner[method] as (...args: unknown[]) => unknown).bind(owner);
        owner[method] = async (...args: unknown[]) => {
          const start = performance.now();
          try {
            return await original(...args);
          } finally {
            spans.push({ api: `${area}.${method}`, start, end: performance.now() });
          }
        };
      }
    }
    scope.benchTrace = spans;
  });
}

export async function profileActivations(
  world: BenchWorld,
  tabs: { page: Page; tabId: number }[],
  activations: number,
): Promise<ActivationProfile> {
  await installApiTrace(world);
  const worker = await world.browser.worker();
  await installBadgeProbe(worker);
  await worker.evaluate(() => {
    (globalThis as TraceGlobal).benchTrace?.splice(0);
  });
  const times: number[] = [];
  for (let index = 0; index < activations; index++) {
    const tab = tabs[index % tabs.length] as { page: Page; tabId: number };
    await tab.page.bringToFront();
    times.push(await activationToBadge(worker, tab.tabId));
    // Let the work after the badge (the rest of the writes) finish inside this sample.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const spans = await worker.evaluate(() => (globalThis as TraceGlobal).benchTrace ?? []);
  const byApi = new Map<string, { calls: number; ms: number }>();
  for (const span of spans) {
    const row = byApi.get(span.api) ?? { calls: 0, ms: 0 };
    row.calls += 1;
    row.ms += span.end - span.start;
    byApi.set(span.api, row);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    activations,
    medianMs: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
    calls: [...byApi]
      .map(([api, { calls, ms }]) => ({
        api,
        callsPerActivation: calls / activations,
        msPerActivation: ms / activations,
      }))
      .sort((a, b) => b.msPerActivation - a.msPerActivation),
  };
}
