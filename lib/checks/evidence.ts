/** What a run fetched: as judged (with the body) and as kept and shown (plain text, cut), the
 * schemas of what is kept, and the run's limits. */
import * as v from 'valibot';
import { jsonNumber } from '../contract/json-schemas';
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

export const short = (length: number) => v.pipe(v.string(), v.maxLength(length));

/** The schemas of what a run keeps, bounded by the limits the run is made within. */
export function keptSchemas() {
  // Any short key: one that is no message key shows as its words (`noteText`).
  const key = v.custom<MessageKey>((value) => typeof value === 'string' && value.length <= 80);
  const note = v.pipe(v.tupleWithRest([key], short(LIMITS.path)), v.maxLength(6));
  const evidence = v.object({
    method: v.picklist(['GET', 'HEAD']),
    path: short(LIMITS.path),
    accept: v.picklist(['html', 'md', 'json', 'any']),
    /** Null when nothing usable came back (see `problem`). */
    status: v.nullable(v.pipe(v.number(), v.safeInteger())),
    /** Content-Type as received; empty when absent. */
    type: short(LIMITS.headerValue),
    /** The headers that decide verdicts (Vary, Location, Age and cache status…), as received. */
    headers: v.pipe(
      v.array(v.strictTuple([short(LIMITS.headerName), short(LIMITS.headerValue)])),
      v.maxLength(LIMITS.headers),
    ),
    bytes: jsonNumber(),
    ms: jsonNumber(),
    /** The first characters of the body. */
    text: short(LIMITS.evidenceChars),
    problem: v.nullable(v.picklist(PROBE_PROBLEMS)),
    /** The body went past the read limit and was cut there. */
    cut: v.boolean(),
    binary: v.boolean(),
  });
  /** What the browser found for one check, now. `unknown`: can't be checked (the note says why). */
  const live = v.object({
    level: v.picklist(['pass', 'partial', 'fail', 'unknown']),
    note,
    /** The requests it rests on, by `requestKey`: `/` as HTML and as Markdown are two. */
    paths: v.pipe(v.array(short(LIMITS.path + 20)), v.maxLength(LIMITS.requests)),
    /** The pass rule is our reading of the service's texts, not published. */
    inferred: v.optional(v.boolean()),
  });
  return { note, evidence, live };
}

export type Evidence = v.InferOutput<ReturnType<typeof keptSchemas>['evidence']>;
export type Live = v.InferOutput<ReturnType<typeof keptSchemas>['live']>;
export type RequestSpec = Pick<Evidence, 'method' | 'path' | 'accept'>;
export type ProbeProblem = NonNullable<Evidence['problem']>;

/** An answer as the rules read it: the evidence and the whole body read (up to the limit). */
export interface Fetched {
  evidence: Evidence;
  body: string;
  header(name: string): string;
}

export const requestKey = (spec: RequestSpec) => `${spec.method} ${spec.path} ${spec.accept}`;
