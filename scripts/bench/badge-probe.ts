/// <reference types="chrome" />
/**
 * Watches, inside the extension's service worker, when tabs become active and when their
 * badge text is set, on the worker's own clock: the bench wraps `chrome.action.setBadgeText`
 * from outside (through the DevTools protocol), so the product carries no timing code.
 *
 * Installed again whenever a new worker is running: a stopped worker takes its wrapper along.
 */
import type { Worker } from 'playwright-core';

export interface BadgeSet {
  tabId: number;
  text: string;
  /** When the call was made and when the browser confirmed it (epoch ms, sub-ms precision). */
  calledAt: number;
  setAt: number;
}

export interface Activation {
  tabId: number;
  at: number;
}

interface ProbeLog {
  badges: BadgeSet[];
  activations: Activation[];
}

type ProbeGlobal = typeof globalThis & {
  benchProbe?: ProbeLog;
  benchSetBadgeText?: typeof chrome.action.setBadgeText;
};

export async function installBadgeProbe(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    const scope = globalThis as ProbeGlobal;
    if (scope.benchProbe) return;
    // No named functions in here: tsx would wrap them in a helper the worker does not have.
    const log: ProbeLog = { badges: [], activations: [] };
    const original = chrome.action.setBadgeText.bind(chrome.action);
    scope.benchSetBadgeText = original;
    chrome.action.setBadgeText = (async (details: chrome.action.BadgeTextDetails) => {
      const calledAt = performance.timeOrigin + performance.now();
      await original(details);
      log.badges.push({
        tabId: details.tabId ?? -1,
        text: details.text ?? '',
        calledAt,
        setAt: performance.timeOrigin + performance.now(),
      });
    }) as typeof chrome.action.setBadgeText;
    // Registered after the extension's own listener, so called right after it in the same
    // dispatch: its time is the event's time to well under a millisecond.
    chrome.tabs.onActivated.addListener(({ tabId }) => {
      log.activations.push({ tabId, at: performance.timeOrigin + performance.now() });
    });
    scope.benchProbe = log;
  });
}

/**
 * Time (ms) from the latest activation of `tabId` to its badge being set with an answer: not
 * the loading mark "…", and not the empty text a tab gets before it is looked up (every site
 * the bench visits is looked up, so an answer always has text).
 */
export async function activationToBadge(
  worker: Worker,
  tabId: number,
  timeoutMs = 10_000,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const elapsed = await worker.evaluate((id) => {
      const log = (globalThis as ProbeGlobal).benchProbe;
      if (!log) throw new Error('The badge probe is not installed in this worker');
      const activation = log.activations.filter((entry) => entry.tabId === id).at(-1);
      if (!activation) return null;
      const set = log.badges.find(
        (entry) =>
          entry.tabId === id &&
          entry.calledAt >= activation.at &&
          entry.text !== '…' &&
          entry.text !== '',
      );
      return set ? set.setAt - activation.at : null;
    }, tabId);
    if (elapsed !== null) return elapsed;
    if (Date.now() > deadline) throw new Error(`No badge set for tab ${tabId} after activation`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The floor of a badge update: one bare setBadgeText round trip, timed in the worker. */
export async function bareBadgeSet(worker: Worker, tabId: number): Promise<number> {
  return worker.evaluate(async (id) => {
    const set = (globalThis as ProbeGlobal).benchSetBadgeText;
    if (!set) throw new Error('The badge probe is not installed in this worker');
    const text = await chrome.action.getBadgeText({ tabId: id });
    const start = performance.now();
    await set({ tabId: id, text });
    return performance.now() - start;
  }, tabId);
}
