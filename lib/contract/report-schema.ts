/** The report as a zod/mini schema (README), written from openapi.json. */
import * as z from 'zod/mini';
import { isContractDateTime } from './date-time';

/** Longest `url` parameter the service accepts (contract, "Limits"). */
export const MAX_URL_LENGTH = 2048;

/** RFC 3986 URI, the expression ajv-formats uses (MIT licence), written on one line there. */
const URI =
  /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;

/** Not z.url(): the URL parser and RFC 3986 disagree both ways (`http:`, a port over 65535). */
export const isContractUri = (value: string): boolean => /\/|:/.test(value) && URI.test(value);

type Format = (value: string) => boolean;

/** No `formats`: a report from the cache, checked on arrival, is read for its shape (README). */
function buildReportSchema(formats?: { uri: Format; dateTime: Format }) {
  const text = (test: Format | undefined, error: string) =>
    z.string().check(...(test ? [z.refine<string>(test, { error })] : []));
  const number = (...checks: z.core.$ZodCheck<number>[]) =>
    z.number().check(...(formats ? checks : []));
  // Not z.int(), which refuses integers beyond 2^53 that the document's `type: integer` allows.
  const count = number(z.gte(0), z.refine(Number.isInteger, { error: 'expected integer' }));
  const uri = text(formats?.uri, 'invalid url');
  const scoreBucket = z.object({
    earned: number(z.gte(0)),
    available: number(z.gte(0)),
    passing: count,
    total: count,
  });
  return z.object({
    target: uri,
    display_target: z.string(),
    report_url: uri,
    score: z.nullable(number(z.gte(0), z.lte(100))),
    score_label: z.string(),
    // Not z.iso.datetime: it refuses forms RFC 3339 and the OpenAPI document allow.
    scanned_at: text(formats?.dateTime, 'invalid date-time'),
    eligible_checks: count,
    score_breakdown: z.object({
      essential: scoreBucket,
      recommended: scoreBucket,
      bonus: z.object({ points: number(z.gte(0)), positive_signals: count }),
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

let scanReport: ReturnType<typeof buildReportSchema> | undefined;
let keptReport: typeof scanReport;

/** Built on first use, not at load: most worker starts answer from the cache, parsing no answer. */
export function contractSchemas() {
  scanReport ??= buildReportSchema({ uri: isContractUri, dateTime: isContractDateTime });
  return { scanReport };
}

/** Apart, so a page that reads only the cache ships neither format. */
export function keptReportSchema() {
  keptReport ??= buildReportSchema();
  return keptReport;
}

export type ScanReport = z.infer<ReturnType<typeof buildReportSchema>>;
export type ScoreBucket = ScanReport['score_breakdown']['essential'];
export type ScanIssue = ScanReport['issues'][number];
export type IssueTier = ScanIssue['tier'];
