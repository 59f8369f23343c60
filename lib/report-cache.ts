/**
 * Answers from the service kept in extension storage, so they outlive the MV3 worker (which
 * the browser stops after about 30 s idle) and a tab switch costs no request.
 *
 * Keys carry the service base URL: a report from one service is never served for another.
 */
import { storage } from 'wxt/utils/storage';
import { cacheLifetimeMs } from './cache-lifetime';
import type { LookupOutcome } from './lookup-outcome';

export interface CachedLookup {
  outcome: LookupOutcome;
  /** When the answer arrived (epoch ms). */
  receivedAt: number;
  /** When it stops being fresh (epoch ms). */
  expiresAt: number;
}

export interface ReportCache {
  /** The fresh answer for a target, or null when there is none. */
  getFresh(target: string): Promise<CachedLookup | null>;
  /** Keeps an answer for as long as its lifetime allows; answers with no lifetime are dropped. */
  put(target: string, outcome: LookupOutcome, receivedAt: number): Promise<void>;
}

export function createReportCache(deps: { baseUrl: string; now: () => number }): ReportCache {
  const keyFor = (target: string) =>
    `local:report-cache:${encodeURIComponent(deps.baseUrl)}|${target}` as const;

  return {
    async getFresh(target) {
      const entry = await storage.getItem<CachedLookup>(keyFor(target));
      if (entry === null) return null;
      if (entry.expiresAt <= deps.now()) {
        await storage.removeItem(keyFor(target));
        return null;
      }
      return entry;
    },
    async put(target, outcome, receivedAt) {
      const lifetime = cacheLifetimeMs(outcome, receivedAt);
      if (lifetime <= 0) return;
      const entry: CachedLookup = { outcome, receivedAt, expiresAt: receivedAt + lifetime };
      await storage.setItem(keyFor(target), entry);
    },
  };
}
