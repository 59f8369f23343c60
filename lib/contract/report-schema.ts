/**
 * lib/contract/ — what the service sends, as the extension checks it: the report and error
 * schemas, the contract's date-time and uri formats, schema problems in words, and the one gate
 * from a server URL to a link. Imports nothing else of lib/.
 *
 * The service's response bodies as zod schemas, written from lib/contract/openapi.json.
 * Types are derived from the schemas so nothing unchecked enters the extension.
 *
 * zod/mini rather than classic zod: a third of the bundle size, and no `Function("")` probe
 * (which store linters flag as eval).
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
 * The schemas, built on first use and kept: building them costs a worker that has just started
 * about 2 ms, and most of its starts answer from the cache and never parse a response.
 */
function buildSchemas() {
  /**
   * `format: uri` as the OpenAPI document reads it. Not z.url(): the URL parser disagrees with
   * RFC 3986 both ways (see uri.ts). Never a proof that a value is safe as a link.
   */
  const uri = () => z.string().check(z.refine(isContractUri, { error: URI_PROBLEM }));

  /** Finite only: JSON cannot carry NaN or Infinity, but a parsed value from elsewhere could. */
  const nonNegativeNumber = z.number().check(z.gte(0));
  /**
   * A whole number of at least 0. Not z.int(), which refuses integers beyond 2^53 that the
   * document's `type: integer` allows (absurd as counts, but not a broken contract).
   */
  const count = z
    .number()
    .check(z.gte(0), z.refine(Number.isInteger, { error: 'expected integer' }));

  const scoreBucketSchema = z.object({
    earned: nonNegativeNumber,
    available: nonNegativeNumber,
    passing: count,
    total: count,
  });

  const issueTierSchema = z.enum(['essential', 'recommended', 'bonus']);
  const issueResultSchema = z.enum(['failed', 'partial']);

  const scanIssueSchema = z.object({
    id: z.string(),
    name: z.string(),
    tier: issueTierSchema,
    result: issueResultSchema,
    details: z.nullable(z.string()),
    recommendation: z.nullable(z.string()),
  });

  const scanReportSchema = z.object({
    target: uri(),
    display_target: z.string(),
    report_url: uri(),
    score: z.nullable(z.number().check(z.gte(0), z.lte(100))),
    score_label: z.string(),
    // Not z.iso.datetime: it refuses forms RFC 3339 and the OpenAPI document allow.
    scanned_at: z.string().check(z.refine(isContractDateTime, { error: DATE_TIME_PROBLEM })),
    eligible_checks: count,
    score_breakdown: z.object({
      essential: scoreBucketSchema,
      recommended: scoreBucketSchema,
      bonus: z.object({ points: nonNegativeNumber, positive_signals: count }),
    }),
    issues: z.array(scanIssueSchema),
  });

  /** Error is the one object the contract leaves open, so unknown keys are kept, not refused. */
  const errorBodySchema = z.looseObject({
    error: z.string(),
    documentation_url: z.optional(uri()),
    scan_url: z.optional(uri()),
  });

  return {
    scoreBucket: scoreBucketSchema,
    issueTier: issueTierSchema,
    issueResult: issueResultSchema,
    scanIssue: scanIssueSchema,
    scanReport: scanReportSchema,
    errorBody: errorBodySchema,
  };
}

type ContractSchemas = ReturnType<typeof buildSchemas>;
let built: ContractSchemas | null = null;

/** The report and error schemas (built at the first call). */
export function contractSchemas(): ContractSchemas {
  built ??= buildSchemas();
  return built;
}

export type ScoreBucket = z.infer<ContractSchemas['scoreBucket']>;
export type IssueTier = z.infer<ContractSchemas['issueTier']>;
export type IssueResult = z.infer<ContractSchemas['issueResult']>;
export type ScanIssue = z.infer<ContractSchemas['scanIssue']>;
export type ScanReport = z.infer<ContractSchemas['scanReport']>;
export type ErrorBody = z.infer<ContractSchemas['errorBody']>;
