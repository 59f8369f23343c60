/** What a run fetched: as judged (with the body) and as kept and shown (plain text, cut), the
 * schemas of what is kept, and the run's limits. */
import * as z from 'zod/mini';
import type { MessageKey } from '../locale/i18n';

// The e2e builds compile in shorter time limits (build/e2e-build-modes.ts), so that their sites
// that never answer end a run in seconds.
const TIME_LIMITS = import.meta.env.WXT_CHECK_TIME_LIMITS ?? { requestMs: 5_000, runMs: 20_000 };

/** The limits of one run: requests to the tab's own origin only, few, small and short. */
export const LIMITS = {
  requests: 16,
  parallel: 4,
  requestMs: TIME_LIMITS.requestMs,
  bytes: 1_000_000,
  runMs: TIME_LIMITS.runMs,
  evidenceChars: 300,
  /** Kept per answer: enough for every deciding header a real site sends. */
  headers: 20,
  headerName: 64,
  headerValue: 200,
  path: 2_048,
} as const;

/** Which media type a request asks for: its only header. */
export const ACCEPT_HEADER = {
  html: 'text/html',
  md: 'text/markdown',
  json: 'application/json',
  any: '*/*',
} satisfies Record<RequestSpec['accept'], string>;

/** Why a request gave no answer to judge; `refused`: not sent, as it would leave the origin. */
const PROBE_PROBLEMS = ['redirect', 'timeout', 'network', 'cancelled', 'limit', 'refused'] as const;

/** A message key and its substitutions: every note is said in the user's language. */
export type Note = [MessageKey, ...string[]];

export const short = (length: number) => z.string().check(z.maxLength(length));

/** The schemas of what a run keeps, bounded by the limits the run is made within. */
export function keptSchemas() {
  // Any short key: one that is no message key shows as its words (`noteText`).
  const key = z.custom<MessageKey>((value) => typeof value === 'string' && value.length <= 80);
  const note = z.tuple([key], short(LIMITS.path)).check(z.maxLength(6));
  const evidence = z.object({
    method: z.enum(['GET', 'HEAD']),
    path: short(LIMITS.path),
    accept: z.enum(['html', 'md', 'json', 'any']),
    /** Null when nothing usable came back (see `problem`). */
    status: z.nullable(z.int()),
    /** Content-Type as received; empty when absent. */
    type: short(LIMITS.headerValue),
    /** The headers that decide verdicts (Vary, Location, Age and cache status…), as received. */
    headers: z
      .array(z.tuple([short(LIMITS.headerName), short(LIMITS.headerValue)]))
      .check(z.maxLength(LIMITS.headers)),
    bytes: z.number(),
    ms: z.number(),
    /** The first characters of the body. */
    text: short(LIMITS.evidenceChars),
    problem: z.nullable(z.enum(PROBE_PROBLEMS)),
    /** The body went past the read limit and was cut there. */
    cut: z.boolean(),
    binary: z.boolean(),
  });
  /** What the browser found for one check, now. `unknown`: can't be checked (the note says why). */
  const live = z.object({
    level: z.enum(['pass', 'partial', 'fail', 'unknown']),
    note,
    /** The requests it rests on, by `requestKey`: `/` as HTML and as Markdown are two. */
    paths: z.array(short(LIMITS.path + 20)).check(z.maxLength(LIMITS.requests)),
    /** The pass rule is our reading of the service's texts, not published. */
    inferred: z.optional(z.boolean()),
  });
  return { note, evidence, live };
}

export type Evidence = z.infer<ReturnType<typeof keptSchemas>['evidence']>;
export type Live = z.infer<ReturnType<typeof keptSchemas>['live']>;
export type RequestSpec = Pick<Evidence, 'method' | 'path' | 'accept'>;
export type ProbeProblem = NonNullable<Evidence['problem']>;

/** An answer as the rules read it: the evidence and the whole body read (up to the limit). */
export interface Fetched {
  evidence: Evidence;
  body: string;
  header(name: string): string;
}

export const requestKey = (spec: RequestSpec) => `${spec.method} ${spec.path} ${spec.accept}`;
