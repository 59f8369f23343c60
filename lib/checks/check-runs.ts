/** The worker's side of a run's record: only the run that started it settles it, and only while
 * it runs, so nothing is written after a clear and a late message never moves a record back. */
import { keyOf } from '../storage/record';
import type { Store } from '../storage/store';
import { CHECK_RUN_RECORD, type CheckRun, keptRun, MAX_KEPT_RUNS } from './check-run-record';
import { LIMITS } from './evidence';

/** What the lookup log notes of a run: as it starts, and as it ends. */
export interface CheckRunLog {
  checkRun(run: Pick<CheckRun, 'origin' | 'at' | 'state' | 'requests'>): Promise<void>;
}

/** A run still "running" this long after it started has lost its page. */
const ABANDONED_AFTER_MS = LIMITS.runMs + 10_000;

export type CheckRunStart = { ok: true; run: CheckRun } | { ok: false; reason: 'private' };

export function createCheckRuns(deps: {
  store: Store;
  log: CheckRunLog;
  now(): number;
  /** Whether the tab the run is for is in a private window, as the browser says. */
  isPrivateTab(tabId: number): Promise<boolean>;
}) {
  const { store } = deps;
  /** Settles the record of `id` with `next` if it is still that run's and running, and logs it:
   * whether it did. */
  async function settle(origin: string, id: string, next: (running: CheckRun) => CheckRun) {
    let settled = null as CheckRun | null;
    await store.update(
      CHECK_RUN_RECORD,
      (current) => {
        if (current?.id !== id || current.state !== 'running') return current;
        settled = next(current);
        return settled;
      },
      { id: origin },
    );
    if (settled) await deps.log.checkRun(settled);
    return settled !== null;
  }

  /** The kept runs as stored: [key, value]. */
  const storedRuns = async () =>
    Object.entries(await store.readAll('session')).filter(([key]) =>
      key.startsWith(CHECK_RUN_RECORD.key),
    );

  /** Keeps the newest runs only; `keep` is the origin about to be written. */
  async function prune(keep: string) {
    const others = (await storedRuns()).filter(([key]) => key !== keyOf(CHECK_RUN_RECORD, keep));
    const at = ([, value]: [string, unknown]) =>
      Number((value as { at?: unknown } | null)?.at ?? 0);
    const newestFirst = others.sort((one, other) => at(other) - at(one));
    await store.removeKeys(
      'session',
      newestFirst.slice(MAX_KEPT_RUNS - 1).map(([key]) => key),
    );
  }

  const abandon = (origin: string, id: string) =>
    settle(origin, id, (running) => ({
      ...running,
      state: 'abandoned',
      ms: deps.now() - running.at,
    }));

  return {
    /** The record of a run about to start, or why it may not: the worker decides. */
    async start(
      request: { origin: string; tabId: number | null; quick: boolean },
      from: { privateWindow: boolean },
    ): Promise<CheckRunStart> {
      const inPrivateTab =
        request.tabId !== null && (await deps.isPrivateTab(request.tabId).catch(() => false));
      if (from.privateWindow || inPrivateTab) return { ok: false, reason: 'private' };
      const run: CheckRun = {
        id: crypto.randomUUID(),
        origin: request.origin,
        at: deps.now(),
        ms: 0,
        state: 'running',
        quick: request.quick,
        homeReachable: false,
        requests: [],
        results: [],
        info: [],
        cut: false,
      };
      await prune(run.origin);
      await store.write(CHECK_RUN_RECORD, run, { id: run.origin });
      await deps.log.checkRun(run);
      return { ok: true, run };
    },

    /** False when the record is no longer that run's running one (cleared, abandoned, newer). */
    async finish(run: CheckRun): Promise<boolean> {
      if (run.state === 'running' || run.state === 'abandoned') return false;
      return settle(run.origin, run.id, (running) => ({ ...keptRun(run), at: running.at }));
    },

    abandon,

    /** Runs whose page went away while the worker was stopped. */
    async reconcile(): Promise<void> {
      const now = deps.now();
      const runs = (await storedRuns()).map(([, value]) => CHECK_RUN_RECORD.parse(value));
      await Promise.all(
        runs.flatMap((run) =>
          run?.state === 'running' && now - run.at > ABANDONED_AFTER_MS
            ? [abandon(run.origin, run.id)]
            : [],
        ),
      );
    },
  };
}

export type CheckRuns = ReturnType<typeof createCheckRuns>;
