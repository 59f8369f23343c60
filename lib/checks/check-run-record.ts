/** The last check run per origin, in session storage, and the schema every run handed over meets. */
import * as z from 'zod/mini';
import { isHttpOrigin } from '../contract/http-origin';
import { parseWith, type StoredRecord } from '../storage/record';
import { type Evidence, LIMITS, type Live, type Note, PROBE_PROBLEMS } from './evidence';

export interface CheckResult {
  id: string;
  /** The service's name and tier of a probed check, for a quick check's list. */
  name: string | null;
  tier: 'essential' | 'recommended' | null;
  /** An API or MCP check: in a quick check, a miss means no such surface here. */
  surface: boolean;
  live: Live;
}

/** `running` until its page hands it back (`done`, `cancelled`) or is found gone (`abandoned`). */
export const RUN_STATES = ['running', 'done', 'cancelled', 'abandoned'] as const;

export interface CheckRun {
  /** Given by the worker as the run starts: only that run may settle the record. */
  id: string;
  origin: string;
  /** When it started (epoch ms). */
  at: number;
  ms: number;
  state: (typeof RUN_STATES)[number];
  /** A quick check (no report to re-check), or a re-check of a report's findings. */
  quick: boolean;
  /** The home page answered 200: the site is reachable from this browser. */
  homeReachable: boolean;
  /** Every request sent, in the order answered. */
  requests: Evidence[];
  results: CheckResult[];
  /** Not scored by the service: robots.txt for AI crawlers, llms.txt (quick checks only). */
  info: Note[];
  /** Part of what was found did not fit the record and was left out. */
  cut: boolean;
}

/** Runs kept at once, the newest: one per origin. */
export const MAX_KEPT_RUNS = 20;
/** A kept run's size as stored text: past it, evidence texts go first, then results. */
export const MAX_RUN_CHARS = 200_000;

const short = (length: number) => z.string().check(z.maxLength(length));

/** Bounded as a run is made: a page cannot hand the worker more than a run can hold. */
export function checkRunSchema() {
  const note = z.tuple([short(80)], short(LIMITS.path)).check(z.maxLength(6));
  const evidence = z.object({
    method: z.enum(['GET', 'HEAD']),
    path: short(LIMITS.path),
    accept: z.enum(['html', 'md', 'json', 'any']),
    status: z.nullable(z.int()),
    type: short(LIMITS.headerValue),
    headers: z
      .array(z.tuple([short(LIMITS.headerName), short(LIMITS.headerValue)]))
      .check(z.maxLength(LIMITS.headers)),
    bytes: z.number(),
    ms: z.number(),
    text: short(LIMITS.evidenceChars),
    problem: z.nullable(z.enum(PROBE_PROBLEMS)),
    cut: z.boolean(),
    binary: z.boolean(),
  });
  const live = z.object({
    level: z.enum(['pass', 'partial', 'fail', 'unknown']),
    note,
    paths: z.array(short(LIMITS.path + 20)).check(z.maxLength(LIMITS.requests)),
    inferred: z.optional(z.boolean()),
  });
  return z.object({
    id: short(64),
    origin: short(2048).check(z.refine(isHttpOrigin)),
    at: z.number(),
    ms: z.number(),
    state: z.enum(RUN_STATES),
    quick: z.boolean(),
    homeReachable: z.boolean(),
    requests: z.array(evidence).check(z.maxLength(LIMITS.requests)),
    results: z
      .array(
        z.object({
          id: short(200),
          name: z.nullable(short(200)),
          tier: z.nullable(z.enum(['essential', 'recommended'])),
          surface: z.boolean(),
          live,
        }),
      )
      .check(z.maxLength(200)),
    info: z.array(note).check(z.maxLength(4)),
    cut: z.boolean(),
  });
}

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
  while (kept.results.length > 0 && size(kept) > MAX_RUN_CHARS) {
    kept = { ...kept, results: kept.results.slice(0, Math.floor(kept.results.length / 2)) };
  }
  return kept;
}

export const CHECK_RUN_RECORD: StoredRecord<CheckRun | null> = {
  name: 'check-run',
  area: 'session',
  key: 'check-run:',
  family: true,
  version: 2,
  parse: parseWith(() => z.nullable(checkRunSchema())) as (
    raw: unknown,
  ) => CheckRun | null | undefined,
  fallback: () => null,
};
