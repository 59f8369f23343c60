/**
 * The service's response bodies as zod schemas, written from lib/contract/openapi.json.
 * Types are derived from the schemas so nothing unchecked enters the extension.
 *
 * zod/mini rather than classic zod: a much smaller bundle, and no `Function("")` probe (which
 * store linters flag as eval).
 */
import * as z from 'zod/mini';
import { isContractDateTime } from './date-time';
import { isContractUri } from './uri';

/** Longest `url` parameter the service accepts (contract, "Limits"). */
export const MAX_URL_LENGTH = 2048;

/** The problem line for a scanned_at that is not a contract date-time. */
export const DATE_TIME_PROBLEM = 'invalid date-time';
/** The problem line for a URL field that is not a contract URI. */
export const URI_PROBLEM = 'invalid url';

/**
 * `format: uri` as the OpenAPI document reads it. Not z.url(): the URL parser disagrees with
 * RFC 3986 both ways (see uri.ts). Never a proof that a value is safe as a link.
 */
const uri = () => z.string().check(z.refine(isContractUri, { error: URI_PROBLEM }));

/**
 * The report's schemas. Built on first use and kept (see contractSchemas), not when the module
 * loads: most of a worker's starts answer from the cache and never parse a response.
 */
function buildReportSchemas() {
  /** Finite only: JSON cannot carry NaN or Infinity, but a parsed value from elsewhere could. */
  const nonNegativeNumber = z.number().check(z.gte(0));
  /**
   * A whole number of at least 0. Not z.int(), which refuses integers beyond 2^53 that the
   * document's `type: integer` allows (absurd as counts, but not a broken contract).
   */
  const count = z
    .number()
    .check(z.gte(0), z.refine(Number.isInteger, { error: 'expected integer' }));

  const scoreBucket = z.object({
    earned: nonNegativeNumber,
    available: nonNegativeNumber,
    passing: count,
    total: count,
  });
  const issueTier = z.enum(['essential', 'recommended', 'bonus']);
  const issueResult = z.enum(['failed', 'partial']);
  const scanIssue = z.object({
    id: z.string(),
    name: z.string(),
    tier: issueTier,
    result: issueResult,
    details: z.nullable(z.string()),
    recommendation: z.nullable(z.string()),
  });
  const scanReport = z.object({
    target: uri(),
    display_target: z.string(),
    report_url: uri(),
    score: z.nullable(z.number().check(z.gte(0), z.lte(100))),
    score_label: z.string(),
    // Not z.iso.datetime: it refuses forms RFC 3339 and the OpenAPI document allow.
    scanned_at: z.string().check(z.refine(isContractDateTime, { error: DATE_TIME_PROBLEM })),
    eligible_checks: count,
    score_breakdown: z.object({
      essential: scoreBucket,
      recommended: scoreBucket,
      bonus: z.object({ points: nonNegativeNumber, positive_signals: count }),
    }),
    issues: z.array(scanIssue),
  });
  return { scoreBucket, issueTier, issueResult, scanIssue, scanReport };
}

/** Error is the one object the contract leaves open, so unknown keys are kept, not refused. */
function buildErrorBodySchema() {
  return z.looseObject({
    error: z.string(),
    documentation_url: z.optional(uri()),
    scan_url: z.optional(uri()),
  });
}

type ReportSchemas = ReturnType<typeof buildReportSchemas>;
type ErrorBodySchema = ReturnType<typeof buildErrorBodySchema>;
let reportSchemas: ReportSchemas | null = null;
let errorBody: ErrorBodySchema | null = null;

/**
 * The report's schemas (built at the first call). The error body's schema is apart: the
 * extension reads error bodies without it, so the background does not carry it.
 */
export function contractSchemas(): ReportSchemas {
  reportSchemas ??= buildReportSchemas();
  return reportSchemas;
}

/** The contract's Error object (built at the first call). */
export function errorBodySchema(): ErrorBodySchema {
  errorBody ??= buildErrorBodySchema();
  return errorBody;
}

export type ScoreBucket = z.infer<ReportSchemas['scoreBucket']>;
export type IssueTier = z.infer<ReportSchemas['issueTier']>;
export type IssueResult = z.infer<ReportSchemas['issueResult']>;
export type ScanIssue = z.infer<ReportSchemas['scanIssue']>;
export type ScanReport = z.infer<ReportSchemas['scanReport']>;
export type ErrorBody = z.infer<ErrorBodySchema>;
