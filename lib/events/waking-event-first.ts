/**
 * Start-up housekeeping (reconciling tabs, making sure the alarms exist) waits until the event
 * that woke the worker has been answered. The browser delivers that event just after the
 * worker's script has run; housekeeping started at the same moment competes with it for the
 * browser's storage, tab and badge calls, and the badge the user is waiting for comes later.
 * Nothing in it is urgent: it repairs what a stopped worker left half done.
 *
 * The handlers of tab events report their work (`handling`). Housekeeping starts once no such
 * work is under way, and no sooner than `settleMs` after start, which leaves the waking event
 * time to arrive (a worker woken by an alarm or a message has no tab event to wait for).
 */
export interface WakingEventFirst {
  /** Work a tab event started; housekeeping waits for it. */
  handling(work: Promise<unknown>): void;
  /** Runs `housekeeping` once the waking event, if any, has been answered. */
  thenRun(housekeeping: () => void): void;
}

/** Long enough for a queued event to be delivered, short enough not to be noticed. */
export const WAKING_EVENT_SETTLE_MS = 150;

export function createWakingEventFirst(
  settleMs = WAKING_EVENT_SETTLE_MS,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
): WakingEventFirst {
  const underWay = new Set<Promise<unknown>>();

  async function settled(): Promise<void> {
    await wait(settleMs);
    // The work under way then, once: a busy user's later events do not hold it off for good.
    await Promise.allSettled([...underWay]);
  }

  return {
    handling(work) {
      const tracked = work.finally(() => underWay.delete(tracked));
      underWay.add(tracked);
      // Its outcome is the handler's business; here it only marks when the work is over.
      tracked.catch(() => {});
    },
    thenRun(housekeeping) {
      void settled().then(housekeeping);
    },
  };
}
