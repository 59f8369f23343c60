/** The report as a valibot schema (README), written from openapi.json. */
import * as v from 'valibot';
import { isContractDateTime } from './date-time';
import { jsonNumber, jsonObjectOf } from './json-schemas';

/** A finding's tier and result, as the contract lists them. */
export const ISSUE_TIERS = ['essential', 'recommended', 'bonus'] as const;
export const ISSUE_RESULTS = ['failed', 'partial'] as const;

/** Longest `url` parameter the service accepts (contract, "Limits"). */
export const MAX_URL_LENGTH = 2048;

/** RFC 3986 URI, the expression ajv-formats uses (MIT licence), written on one line there. */
const URI =
  /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;

/** Not v.url(): the URL parser and RFC 3986 disagree both ways (`http:`, a port over 65535). */
export const isContractUri = (value: string): boolean => /\/|:/.test(value) && URI.test(value);

type Format = (value: string) => boolean;
type NumberCheck = v.PipeAction<number, number, v.BaseIssue<unknown>>;

/** No `formats`: a report from the cache, checked on arrival, is read for its shape (README). */
function buildReportSchema(formats?: { uri: Format; dateTime: Format }) {
  const text = (test: Format | undefined, message: string) =>
    test ? v.pipe(v.string(), v.check(test, message)) : v.string();
  const number = (...checks: NumberCheck[]) =>
    formats ? v.pipe(jsonNumber(), ...checks) : jsonNumber();
  // Not v.safeInteger(), which refuses integers beyond 2^53 that the document's `type: integer`
  // allows.
  const count = number(v.minValue(0), v.integer('expected integer'));
  const uri = text(formats?.uri, 'invalid url');
  const scoreBucket = jsonObjectOf({
    earned: number(v.minValue(0)),
    available: number(v.minValue(0)),
    passing: count,
    total: count,
  });
  return jsonObjectOf({
    target: uri,
    display_target: v.string(),
    report_url: uri,
    score: v.nullable(number(v.minValue(0), v.maxValue(100))),
    score_label: v.string(),
    // Not v.isoTimestamp(): it refuses forms RFC 3339 and the OpenAPI document allow (`t`, `z`,
    // a leap second) and takes days that do not exist.
    scanned_at: text(formats?.dateTime, 'invalid date-time'),
    eligible_checks: count,
    score_breakdown: jsonObjectOf({
      essential: scoreBucket,
      recommended: scoreBucket,
      bonus: jsonObjectOf({ points: number(v.minValue(0)), positive_signals: count }),
    }),
    issues: v.array(
      jsonObjectOf({
        id: v.string(),
        name: v.string(),
        tier: v.picklist(ISSUE_TIERS),
        result: v.picklist(ISSUE_RESULTS),
        details: v.nullable(v.string()),
        recommendation: v.nullable(v.string()),
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

export type ScanReport = v.InferOutput<ReturnType<typeof buildReportSchema>>;
export type ScoreBucket = ScanReport['score_breakdown']['essential'];
export type ScanIssue = ScanReport['issues'][number];
export type IssueTier = ScanIssue['tier'];
