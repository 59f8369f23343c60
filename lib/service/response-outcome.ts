/**
 * What the service's answer means: a response, by its status, headers and body, as one
 * LookupOutcome. Bodies are validated here, where they enter the extension: a body that breaks
 * the contract is "invalid-response", never a partly trusted report.
 */
import { contractSchemas } from '../contract/report-schema';
import { describeSchemaProblem } from '../contract/schema-problem';
import type { LookupOutcome, ResponseMeta } from './lookup-outcome';
import { quotaFromHeaders } from './rate-limit';
import { discardBody, isJsonMediaType, readJsonBody } from './response-body';
import { retryAtFromHeader } from './retry-after';
import { EMPTY_SERVICE_ERROR, readServiceError, type ServiceError } from './service-error';

export const REDIRECT_PROBLEM = 'unexpected redirect';

/** `signal` ends the body read with the lookup; a scan link in prose must be on `serviceOrigin`. */
interface ResponseReading {
  signal: AbortSignal;
  maxBodyBytes: number;
  now: () => number;
  serviceOrigin: string;
}

/** The statuses whose body is the service's error, in either shape (service-error.ts). */
const ERROR_STATUSES = [400, 404, 405, 429];

const invalid = (problem: string, response: ResponseMeta): LookupOutcome => ({
  kind: 'invalid-response',
  problem,
  response,
});

/**
 * The outcome a response stands for. Rejects when reading the body fails or is aborted: the
 * client turns that into its own outcome.
 */
export async function outcomeOfResponse(
  response: Response,
  reading: ResponseReading,
): Promise<LookupOutcome> {
  // Plain lower-case names: http-cache-semantics reads headers by property, not from Headers.
  const meta: ResponseMeta = {
    status: response.status,
    headers: Object.fromEntries(response.headers),
  };
  // A browser hides a redirect it did not follow behind an opaque response with status 0.
  if (response.type === 'opaqueredirect') {
    discardBody(response);
    return invalid(REDIRECT_PROBLEM, meta);
  }
  if (response.status === 200) return readReport(response, meta, reading);
  if (ERROR_STATUSES.includes(response.status)) {
    const body = await readErrorBody(response, reading);
    return errorOutcome(body, meta, reading.now());
  }
  discardBody(response);
  if (response.status >= 500 && response.status <= 599) {
    // The contract names only 503, but a proxy in front of the service answers 502 or 504
    // for the same condition: the service cannot be reached right now.
    const retryAt = retryAtFromHeader(meta.headers['retry-after'], reading.now());
    return { kind: 'unavailable', retryAt, response: meta };
  }
  return invalid(`unexpected status ${response.status}`, meta);
}

/** A 4xx the contract names, with its error body; null: a body that is no JSON at all. */
function errorOutcome(body: ServiceError | null, meta: ResponseMeta, now: number): LookupOutcome {
  const { code, ...said } = body ?? EMPTY_SERVICE_ERROR;
  const { message, documentationUrl } = said;
  switch (meta.status) {
    case 404:
      // `api_route_not_found` is the route gone, not the site unscanned. Without a code, a
      // JSON body (even a malformed one) is the service's "no report"; a body that is no JSON
      // at all is some other server's page, so the service is not at this address.
      if (body !== null && code !== 'api_route_not_found') {
        return { kind: 'no-report', ...said, response: meta };
      }
      return { kind: 'service-moved', message, documentationUrl, response: meta };
    case 405:
      // Only GET is sent: a 405 says this address is not the report route any more.
      return { kind: 'service-moved', message, documentationUrl, response: meta };
    case 400:
      return { kind: 'invalid-request', message, response: meta };
    default: {
      // 429, not a fault: the service counts lookups per network address, shared by everyone
      // behind it. Retry-After says when; without it, the quota's reset does.
      const retryAt =
        retryAtFromHeader(meta.headers['retry-after'], now) ??
        quotaFromHeaders(meta.headers, now)?.resetAt ??
        null;
      return { kind: 'busy', retryAt, response: meta };
    }
  }
}

async function readReport(
  response: Response,
  meta: ResponseMeta,
  { maxBodyBytes, signal }: ResponseReading,
): Promise<LookupOutcome> {
  const contentType = response.headers.get('content-type');
  if (!isJsonMediaType(contentType)) {
    discardBody(response);
    const type = contentType === null ? null : `"${contentType.slice(0, 100)}"`;
    return invalid(type ? `unexpected content type ${type}` : 'missing content type', meta);
  }
  const json = await readJsonBody(response, maxBodyBytes, signal);
  if (!json.ok) return invalid(json.problem, meta);
  // reportInput lets the problem text say "missing" rather than "wrong type" for absent keys.
  const parsed = contractSchemas().scanReport.safeParse(json.value, { reportInput: true });
  if (!parsed.success) return invalid(describeSchemaProblem(parsed.error.issues), meta);
  return { kind: 'report', report: parsed.data, response: meta };
}

/**
 * The error body of a 4xx, or null when the answer is not JSON at all. A JSON answer whose
 * body cannot be read still counts as the service's own: the status has already answered, the
 * body only adds detail. Only a timeout or abort propagates.
 */
async function readErrorBody(
  response: Response,
  { maxBodyBytes, signal, serviceOrigin }: ResponseReading,
): Promise<ServiceError | null> {
  if (!isJsonMediaType(response.headers.get('content-type'))) {
    discardBody(response);
    return null;
  }
  try {
    const json = await readJsonBody(response, maxBodyBytes, signal);
    return json.ok ? readServiceError(json.value, serviceOrigin) : EMPTY_SERVICE_ERROR;
  } catch (error) {
    if (signal.aborted) throw error;
    return EMPTY_SERVICE_ERROR;
  }
}
