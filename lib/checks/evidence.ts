/** What a run fetched: as judged (with the body) and as kept and shown (plain text, cut). */
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
export type Accept = 'html' | 'md' | 'json' | 'any';

export const ACCEPT_HEADER: Record<Accept, string> = {
  html: 'text/html',
  md: 'text/markdown',
  json: 'application/json',
  any: '*/*',
};

export interface RequestSpec {
  method: 'GET' | 'HEAD';
  path: string;
  accept: Accept;
}

/** Why a request gave no answer to judge; `refused`: not sent, as it would leave the origin. */
export const PROBE_PROBLEMS = [
  'redirect',
  'timeout',
  'network',
  'cancelled',
  'limit',
  'refused',
] as const;
export type ProbeProblem = (typeof PROBE_PROBLEMS)[number];

export interface Evidence extends RequestSpec {
  /** Null when nothing usable came back (see `problem`). */
  status: number | null;
  /** Content-Type as received; empty when absent. */
  type: string;
  /** The headers that decide verdicts (Vary, Location, Age and cache status…), as received. */
  headers: [string, string][];
  bytes: number;
  ms: number;
  /** The first characters of the body. */
  text: string;
  problem: ProbeProblem | null;
  /** The body went past the read limit and was cut there. */
  cut: boolean;
  binary: boolean;
}

/** An answer as the rules read it: the evidence and the whole body read (up to the limit). */
export interface Fetched {
  evidence: Evidence;
  body: string;
  header(name: string): string;
}

/** A message key and its substitutions: every note is said in the user's language. */
export type Note = [MessageKey, ...string[]];

/** What the browser found for one check, now. `unknown`: can't be checked (the note says why). */
export interface Live {
  level: 'pass' | 'partial' | 'fail' | 'unknown';
  note: Note;
  /** The requests it rests on, by `requestKey`: `/` as HTML and as Markdown are two. */
  paths: string[];
  /** The pass rule is our reading of the service's texts, not published. */
  inferred?: boolean;
}

export const requestKey = (spec: RequestSpec) => `${spec.method} ${spec.path} ${spec.accept}`;
