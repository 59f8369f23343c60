/**
 * What the service's answer means: a response, by its status, headers and body, as one
 * LookupOutcome. Bodies are validated here, where they enter the extension: a body that breaks
 * the contract is "invalid-response", never a partly trusted report.
 */
import { contractSchemas } from '../contract/report-schema';
import { describeSchemaProblem } from '../contract/schema-problem';
import type { LookupOutcome, ResponseMeta } from './lookup-outcome';
import { quotaFromHeaders } from './rate-limit';
import { discardBody, isJsonMediaType, parseJson, readBodyText } from './response-body';
import { retryAtFromHeader } from './retry-after';
import { EMPTY_SERVICE_ERROR, readServiceError, type ServiceError } from './service-error';

/** What `invalid-response` says when the service answered with a redirect. */
export const REDIRECT_PROBLEM = 'unexpected redirect';

/** What reading a response needs from the client that received it. */
export interface ResponseReading {
  /** Ends the body read with the lookup (its deadline or the caller's abort). */
  signal: AbortSignal;
  maxBodyBytes: number;
  /** Epoch milliseconds; Retry-After is turned into an absolute time against it. */
  now: () => number;
  /** Where the service's own pages live: a scan link found in prose must point here. */
  serviceOrigin: string;
}

/**
 * The outcome a response stands for. Rejects when reading the body fails or is aborted: the
 * client turns that into its own outcome.
 */
export async function outcomeOfResponse(
  response: Response,
  reading: ResponseReading,
): Promise<LookupOutcome> {
  const meta = responseMeta(response);
  // A browser hides a redirect it did not follow behind an opaque response with status 0.
  if (response.type === 'opaqueredirect') {
    discardBody(response);
    return { kind: 'invalid-response', problem: REDIRECT_PROBLEM, response: meta };
  }

  switch (response.status) {
    case 200:
      return readReport(response, meta, reading);
    case 404:
      return readNotFound(response, meta, reading);
    case 405: {
      // Only GET is sent: a 405 says this address is not the report route any more.
      const problem = (await readErrorBody(response, reading)) ?? EMPTY_SERVICE_ERROR;
      return movedOutcome(problem, meta);
    }
    case 400: {
      const problem = (await readErrorBody(response, reading)) ?? EMPTY_SERVICE_ERROR;
      return { kind: 'invalid-request', message: problem.message, response: meta };
    }
    case 429: {
      // Not a fault: the service counts lookups per network address, shared by everyone
      // behind it. Retry-After says when; without it, the quota's reset does.
      const problem = (await readErrorBody(response, reading)) ?? EMPTY_SERVICE_ERROR;
      const at = reading.now();
      const retryAt =
        retryAtFromHeader(response.headers.get('retry-after'), at) ??
        quotaFromHeaders(meta.headers, at)?.resetAt ??
        null;
      return { kind: 'busy', retryAt, message: problem.message, response: meta };
    }
  }

  discardBody(response);
  if (response.status >= 500 && response.status <= 599) {
    // The contract names only 503, but a proxy in front of the service answers 502 or 504
    // for the same condition: the service cannot be reached right now.
    const retryAt = retryAtFromHeader(response.headers.get('retry-after'), reading.now());
    return { kind: 'unavailable', retryAt, response: meta };
  }
  return {
    kind: 'invalid-response',
    problem: `unexpected status ${response.status}`,
    response: meta,
  };
}

async function readReport(
  response: Response,
  meta: ResponseMeta,
  { maxBodyBytes, signal }: ResponseReading,
): Promise<LookupOutcome> {
  const contentType = response.headers.get('content-type');
  if (!isJsonMediaType(contentType)) {
    discardBody(response);
    const problem =
      contentType === null
        ? 'missing content type'
        : `unexpected content type "${contentType.slice(0, 100)}"`;
    return { kind: 'invalid-response', problem, response: meta };
  }

  const body = await readBodyText(response, maxBodyBytes, signal);
  if (!body.ok) return { kind: 'invalid-response', problem: body.problem, response: meta };
  const json = parseJson(body.text);
  if (!json.ok) return { kind: 'invalid-response', problem: json.problem, response: meta };

  // reportInput lets the problem text say "missing" rather than "wrong type" for absent keys.
  const parsed = contractSchemas().scanReport.safeParse(json.value, { reportInput: true });
  if (!parsed.success) {
    const problem = describeSchemaProblem(parsed.error.issues);
    return { kind: 'invalid-response', problem, response: meta };
  }
  return { kind: 'report', report: parsed.data, response: meta };
}

/**
 * A 404 means what its body's `code` says: `api_route_not_found` is the route gone, not
 * the site unscanned. Without a code, a JSON body (even a malformed one) is the service's
 * "no report"; a body that is no JSON at all is some other server's page, so the service
 * is not at this address.
 */
async function readNotFound(
  response: Response,
  meta: ResponseMeta,
  reading: ResponseReading,
): Promise<LookupOutcome> {
  const problem = await readErrorBody(response, reading);
  if (problem === null || problem.code === 'api_route_not_found') {
    return movedOutcome(problem ?? EMPTY_SERVICE_ERROR, meta);
  }
  return {
    kind: 'no-report',
    message: problem.message,
    resolution: problem.resolution,
    scanUrl: problem.scanUrl,
    documentationUrl: problem.documentationUrl,
    response: meta,
  };
}

/**
 * The error body of a 4xx in either shape (service-error.ts), or null when the answer is
 * not JSON at all. A JSON answer whose body cannot be read still counts as the service's
 * own: the status has already answered the question, the body only adds detail. Only a
 * timeout or abort propagates.
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
    const body = await readBodyText(response, maxBodyBytes, signal);
    if (!body.ok) return EMPTY_SERVICE_ERROR;
    const json = parseJson(body.text);
    if (!json.ok) return EMPTY_SERVICE_ERROR;
    return readServiceError(json.value, serviceOrigin);
  } catch (error) {
    if (signal.aborted) throw error;
    return EMPTY_SERVICE_ERROR;
  }
}

function movedOutcome(problem: ServiceError, meta: ResponseMeta): LookupOutcome {
  return {
    kind: 'service-moved',
    message: problem.message,
    documentationUrl: problem.documentationUrl,
    response: meta,
  };
}

/**
 * Status and headers as a plain object with lower-case names: http-cache-semantics reads
 * headers by property, and silently finds nothing on a Headers instance.
 */
function responseMeta(response: Response): ResponseMeta {
  return { status: response.status, headers: Object.fromEntries(response.headers) };
}
