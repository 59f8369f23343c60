/** What the service's answer means, by its status, headers and body (README). */
import * as v from 'valibot';
import { contractSchemas } from '../contract/report-schema';
import { httpUrlOrNull } from '../contract/safe-url';
import { describeSchemaProblem } from '../contract/schema-problem';
import { isObject } from '../storage/record';
import type { LookupOutcome, ResponseMeta } from './lookup-outcome';
import { discardBody, isJsonMediaType, readJsonBody } from './response-body';
import { quotaFromHeaders, retryAtFromHeader } from './retry-after';

export const REDIRECT_PROBLEM = 'unexpected redirect';

/** `signal` ends the body read with the lookup; a scan link in prose must be on `serviceOrigin`. */
interface ResponseReading {
  signal: AbortSignal;
  maxBodyBytes: number;
  now: () => number;
  serviceOrigin: string;
}

const ERROR_STATUSES = [400, 404, 405, 429];

const invalid = (problem: string, response: ResponseMeta): LookupOutcome => ({
  kind: 'invalid-response',
  problem,
  response,
});

/** Rejects when reading the body fails or is aborted: the client makes that its own outcome. */
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
    // A proxy in front of the service answers 502 or 504 where the contract names 503.
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
    case 405:
      // `api_route_not_found` is the route gone. Without a code, any JSON body is the service's
      // "no report"; a body that is no JSON is another server's page: the service moved. Only
      // GET is sent: a 405 says this address is not the report route any more.
      if (meta.status === 404 && body !== null && code !== 'api_route_not_found') {
        return { kind: 'no-report', ...said, response: meta };
      }
      return { kind: 'service-moved', message, documentationUrl, response: meta };
    case 400:
      return { kind: 'invalid-request', message, response: meta };
    default: {
      // 429: Retry-After says when; without it, the quota's reset does.
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
  const parsed = v.safeParse(contractSchemas().scanReport, json.value);
  if (!parsed.success) return invalid(describeSchemaProblem(parsed.issues), meta);
  return { kind: 'report', report: parsed.output, response: meta };
}

/** Null for no JSON. An unreadable JSON body is still the service's: the status has answered. */
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

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** A sentence is no place to take an arbitrary address from: only one on the service's origin. */
function serviceLinkIn(sentence: string | null, serviceOrigin: string): string | null {
  if (sentence === null) return null;
  // Trailing punctuation belongs to the sentence, not the URL.
  for (const match of sentence.matchAll(/https?:\/\/[^\s<>"]+/gi)) {
    const candidate = httpUrlOrNull(match[0].replace(/[.,;:!?)\]]+$/, ''));
    if (candidate !== null && new URL(candidate).origin === serviceOrigin) return candidate;
  }
  return null;
}

/** Either shape (README), member by member, so one odd field never costs the rest. */
function readServiceError(body: unknown, serviceOrigin: string) {
  const fields = isObject(body) ? body : {};
  const resolution = text(fields.resolution);
  return {
    code: text(fields.code),
    message: text(fields.detail) ?? text(fields.error) ?? text(fields.title),
    resolution,
    scanUrl: httpUrlOrNull(fields.scan_url) ?? serviceLinkIn(resolution, serviceOrigin),
    documentationUrl: httpUrlOrNull(fields.documentation_url),
  };
}

type ServiceError = ReturnType<typeof readServiceError>;

const EMPTY_SERVICE_ERROR = readServiceError(null, '');
