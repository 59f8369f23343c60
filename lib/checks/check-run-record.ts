/**
 * The last check run per origin, in session storage (gone when the browser closes; removed by
 * "clear all local data"), so a popup opened again shows it with its time. The page that ran
 * it sends it to the worker, the one writer; the same schema checks that message and every read.
 */
import * as z from 'zod/mini';
import { isHttpOrigin } from '../contract/http-origin';
import { parseWith, type StoredRecord } from '../storage/record';
import type { Evidence, Live, Note } from './evidence';

export interface CheckResult {
  id: string;
  /** The service's name and tier of a probed check, for a quick check's list. */
  name: string | null;
  tier: 'essential' | 'recommended' | null;
  /** An API or MCP check: in a quick check, a miss means no such surface here. */
  surface: boolean;
  live: Live;
}

export interface CheckRun {
  origin: string;
  /** When it started (epoch ms). */
  at: number;
  ms: number;
  /** `running`: noted as it starts, so the log has every run even if the page closes. */
  state: 'running' | 'done' | 'cancelled';
  /** A quick check (no report to re-check), or a re-check of a report's findings. */
  quick: boolean;
  /** The home page answered 200: the site is reachable from this browser. */
  homeReachable: boolean;
  /** Every request sent, in the order answered. */
  requests: Evidence[];
  results: CheckResult[];
  /** Not scored by the service: robots.txt for AI crawlers, llms.txt (quick checks only). */
  info: Note[];
}

const short = (length: number) => z.string().check(z.maxLength(length));

/** Bounded like a run is: a page cannot hand the worker more than a run can hold. */
export function checkRunSchema() {
  const note = z.tuple([short(80)], short(2048)).check(z.maxLength(6));
  const evidence = z.object({
    method: z.enum(['GET', 'HEAD']),
    path: short(2048),
    accept: z.enum(['html', 'md', 'json', 'any']),
    status: z.nullable(z.int()),
    type: short(256),
    headers: z.array(z.tuple([short(64), short(256)])).check(z.maxLength(20)),
    bytes: z.number(),
    ms: z.number(),
    text: short(400),
    problem: z.nullable(z.enum(['redirect', 'timeout', 'network', 'cancelled', 'limit'])),
    cut: z.boolean(),
    binary: z.boolean(),
  });
  const live = z.object({
    level: z.enum(['pass', 'partial', 'fail', 'unknown']),
    note,
    paths: z.array(short(2100)).check(z.maxLength(20)),
    inferred: z.optional(z.boolean()),
  });
  return z.object({
    origin: short(2048).check(z.refine(isHttpOrigin)),
    at: z.number(),
    ms: z.number(),
    state: z.enum(['running', 'done', 'cancelled']),
    quick: z.boolean(),
    homeReachable: z.boolean(),
    requests: z.array(evidence).check(z.maxLength(16)),
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
  });
}

export const CHECK_RUN_RECORD: StoredRecord<CheckRun | null> = {
  name: 'check-run',
  area: 'session',
  key: 'check-run:',
  family: true,
  version: 1,
  parse: parseWith(() => z.nullable(checkRunSchema())) as (
    raw: unknown,
  ) => CheckRun | null | undefined,
  fallback: () => null,
};
