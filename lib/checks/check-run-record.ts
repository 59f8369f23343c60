/** The last check run per origin, in session storage, and the schema every run handed over meets. */
import * as z from 'zod/mini';
import { isHttpOrigin } from '../contract/http-origin';
import { parseWith, type StoredRecord } from '../storage/record';
import { keptSchemas, LIMITS, short } from './evidence';

/** Runs kept at once, the newest: one per origin. */
export const MAX_KEPT_RUNS = 20;
/** A kept run's size as stored text: past it, evidence texts go first, then results. */
export const MAX_RUN_CHARS = 200_000;

/** Bounded as a run is made: a page cannot hand the worker more than a run can hold. */
export function checkRunSchema() {
  const { note, evidence, live } = keptSchemas();
  return z.object({
    /** Given by the worker as the run starts: only that run may settle the record. */
    id: short(64),
    origin: short(2048).check(z.refine(isHttpOrigin)),
    /** When it started (epoch ms). */
    at: z.number(),
    ms: z.number(),
    /** `running` until its page hands it back (`done`, `cancelled`) or is found gone (`abandoned`). */
    state: z.enum(['running', 'done', 'cancelled', 'abandoned']),
    /** A quick check (no report to re-check), or a re-check of a report's findings. */
    quick: z.boolean(),
    /** The home page answered 200: the site is reachable from this browser. */
    homeReachable: z.boolean(),
    /** Every request sent, in the order answered. */
    requests: z.array(evidence).check(z.maxLength(LIMITS.requests)),
    results: z
      .array(
        z.object({
          id: short(200),
          /** The service's name and tier of a probed check, for a quick check's list. */
          name: z.nullable(short(200)),
          tier: z.nullable(z.enum(['essential', 'recommended'])),
          /** An API or MCP check: in a quick check, a miss means no such surface here. */
          surface: z.boolean(),
          live,
        }),
      )
      .check(z.maxLength(200)),
    /** Not scored by the service: robots.txt for AI crawlers, llms.txt (quick checks only). */
    info: z.array(note).check(z.maxLength(4)),
    /** Part of what was found did not fit the record and was left out. */
    cut: z.boolean(),
  });
}

export type CheckRun = z.infer<ReturnType<typeof checkRunSchema>>;
export type CheckResult = CheckRun['results'][number];

/** The run as it fits a record: evidence texts left out, then the last results, until it is
 * within MAX_RUN_CHARS; marked `cut` when anything was. */
export function keptRun(run: CheckRun): CheckRun {
  const size = (value: CheckRun) => JSON.stringify(value).length;
  if (size(run) <= MAX_RUN_CHARS) return run;
  let kept: CheckRun = {
    ...run,
    cut: true,
    requests: run.requests.map((request) => ({ ...request, text: '' })),
  };
  while (kept.results.length > 0 && size(kept) > MAX_RUN_CHARS)
    kept = { ...kept, results: kept.results.slice(0, Math.floor(kept.results.length / 2)) };
  return kept;
}

export const CHECK_RUN_RECORD: StoredRecord<CheckRun | null> = {
  name: 'check-run',
  area: 'session',
  key: 'check-run:',
  family: true,
  version: 2,
  parse: parseWith(() => z.nullable(checkRunSchema())),
  fallback: () => null,
};
