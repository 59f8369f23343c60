/**
 * The service's response bodies as zod schemas, written from lib/contract/openapi.json; types
 * are derived from them, so nothing unchecked enters the extension. zod/mini rather than
 * classic zod: a much smaller bundle, and no `Function("")` probe (which store linters flag as
 * eval).
 */
import * as z from 'zod/mini';
import { isContractDateTime } from './date-time';
import { isContractUri } from './uri';

/** Longest `url` parameter the service accepts (contract, "Limits"). */
export const MAX_URL_LENGTH = 2048;

/**
 * `format: uri` as the OpenAPI document reads it. Not z.url(): the URL parser disagrees with
 * RFC 3986 both ways (see uri.ts). Never a proof that a value is safe as a link.
 */
const uri = () => z.string().check(z.refine(isContractUri, { error: 'invalid url' }));

function buildReportSchema() {
  /** Finite only: JSON cannot carry NaN or Infinity, but a parsed value from elsewhere could. */
  const nonNegativeNumber = z.number().check(z.gte(0));
  // Not z.int(), which refuses integers beyond 2^53 that the document's `type: integer` allows.
  const count = z
    .number()
    .check(z.gte(0), z.refine(Number.isInteger, { error: 'expected integer' }));
  const scoreBucket = z.object({
    earned: nonNegativeNumber,
    available: nonNegativeNumber,
    passing: count,
    total: count,
  });
  return z.object({
    target: uri(),
    display_target: z.string(),
    report_url: uri(),
    score: z.nullable(z.number().check(z.gte(0), z.lte(100))),
    score_label: z.string(),
    // Not z.iso.datetime: it refuses forms RFC 3339 and the OpenAPI document allow.
    scanned_at: z.string().check(z.refine(isContractDateTime, { error: 'invalid date-time' })),
    eligible_checks: count,
    score_breakdown: z.object({
      essential: scoreBucket,
      recommended: scoreBucket,
      bonus: z.object({ points: nonNegativeNumber, positive_signals: count }),
    }),
    issues: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        tier: z.enum(['essential', 'recommended', 'bonus']),
        result: z.enum(['failed', 'partial']),
        details: z.nullable(z.string()),
        recommendation: z.nullable(z.string()),
      }),
    ),
  });
}

/** Error is the one object the contract leaves open, so unknown keys are kept, not refused. */
function buildErrorBodySchema() {
  return z.looseObject({
    error: z.string(),
    documentation_url: z.optional(uri()),
    scan_url: z.optional(uri()),
  });
}

let scanReport: ReturnType<typeof buildReportSchema> | null = null;
let errorBody: ReturnType<typeof buildErrorBodySchema> | null = null;

/**
 * Built at the first call, not when the module loads: most of a worker's starts answer from the
 * cache and never parse a response.
 */
export function contractSchemas() {
  scanReport ??= buildReportSchema();
  return { scanReport };
}

/** Apart from the report's: the extension reads error bodies without it (service-error.ts). */
export function errorBodySchema() {
  errorBody ??= buildErrorBodySchema();
  return errorBody;
}

export type ScanReport = z.infer<ReturnType<typeof buildReportSchema>>;
export type ScoreBucket = ScanReport['score_breakdown']['essential'];
export type ScanIssue = ScanReport['issues'][number];
export type IssueTier = ScanIssue['tier'];
export type ErrorBody = z.infer<ReturnType<typeof buildErrorBodySchema>>;
