/** The last check run per origin, in session storage, and the schema every run handed over meets. */
import * as v from 'valibot';
import { isHttpOrigin } from '../contract/http-origin';
import { jsonNumber } from '../contract/json-schemas';
import { parseWith, type StoredRecord } from '../storage/record';
import { keptSchemas, LIMITS, short } from './evidence';

/** Runs kept at once, the newest: one per origin. */
export const MAX_KEPT_RUNS = 20;
/** A kept run's size as stored text: past it, evidence texts go first, then results. */
export const MAX_RUN_CHARS = 200_000;

/** Bounded as a run is made: a page cannot hand the worker more than a run can hold. */
export function checkRunSchema() {
  const { note, evidence, live } = keptSchemas();
  return v.object({
    /** Given by the worker as the run starts: only that run may settle the record. */
    id: short(64),
    origin: v.pipe(short(2048), v.check(isHttpOrigin)),
    /** When it started (epoch ms). */
    at: jsonNumber(),
    ms: jsonNumber(),
    /** `running` until its page hands it back (`done`, `cancelled`) or is found gone (`abandoned`). */
    state: v.picklist(['running', 'done', 'cancelled', 'abandoned']),
    /** A quick check (no report to re-check), or a re-check of a report's findings. */
    quick: v.boolean(),
    /** The home page answered 200: the site is reachable from this browser. */
    homeReachable: v.boolean(),
    /** Every request sent, in the order answered. */
    requests: v.pipe(v.array(evidence), v.maxLength(LIMITS.requests)),
    results: v.pipe(
      v.array(
        v.object({
          id: short(200),
          /** The service's name and tier of a probed check, for a quick check's list. */
          name: v.nullable(short(200)),
          tier: v.nullable(v.picklist(['essential', 'recommended'])),
          /** An API or MCP check: in a quick check, a miss means no such surface here. */
          surface: v.boolean(),
          live,
        }),
      ),
      v.maxLength(200),
    ),
    /** Not scored by the service: robots.txt for AI crawlers, llms.txt (quick checks only). */
    info: v.pipe(v.array(note), v.maxLength(4)),
    /** Part of what was found did not fit the record and was left out. */
    cut: v.boolean(),
  });
}

export type CheckRun = v.InferOutput<ReturnType<typeof checkRunSchema>>;
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
  parse: parseWith(() => v.nullable(checkRunSchema())),
  fallback: () => null,
};
