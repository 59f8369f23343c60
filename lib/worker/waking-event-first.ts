/**
 * Start-up housekeeping, started with the waking event, would delay the badge the user waits
 * for: it (`thenRun`) starts once no handler's work (`handling`) is under way, and no sooner
 * than `settleMs` after start, which leaves the waking event time to arrive.
 */
export function createWakingEventFirst(
  // Long enough for a queued event to be delivered, short enough not to be noticed.
  settleMs = 150,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
) {
  const underWay = new Set<Promise<unknown>>();

  async function settled(): Promise<void> {
    await wait(settleMs);
    // The work under way then, once: a busy user's later events do not hold it off for good.
    await Promise.allSettled([...underWay]);
  }

  return {
    handling(work: Promise<unknown>): void {
      const tracked = work.finally(() => underWay.delete(tracked));
      underWay.add(tracked);
      // Its outcome is the handler's business; here it only marks when the work is over.
      tracked.catch(() => {});
    },
    thenRun(housekeeping: () => void): void {
      void settled().then(housekeeping);
    },
  };
}
