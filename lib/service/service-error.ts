/**
 * An error body in either shape the service has used: the contract's `Error` (`error`,
 * `scan_url`, `documentation_url`), or RFC 9457 problem details (`title`, `detail`, `code`,
 * `resolution`, `documentation_url`; the scan link only inside `resolution`). Read member by
 * member, so one odd field never costs the rest; a link found in prose must also be on the
 * service's own origin: a sentence is no place to take an arbitrary address from.
 */
import { httpUrlOrNull } from '../contract/safe-url';

export interface ServiceError {
  /** `report_not_found`, `api_route_not_found`, ... */
  code: string | null;
  message: string | null;
  resolution: string | null;
  scanUrl: string | null;
  documentationUrl: string | null;
}

export const EMPTY_SERVICE_ERROR: ServiceError = {
  code: null,
  message: null,
  resolution: null,
  scanUrl: null,
  documentationUrl: null,
};

/** A member's text as the service wrote it, or null when it is not a string or says nothing. */
function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The first http(s) link in `sentence` on `serviceOrigin` (scheme, host and port alike). */
function serviceLinkIn(sentence: string | null, serviceOrigin: string): string | null {
  if (sentence === null) return null;
  // Trailing punctuation belongs to the sentence, not the URL.
  for (const match of sentence.matchAll(/https?:\/\/[^\s<>"]+/gi)) {
    const candidate = httpUrlOrNull(match[0].replace(/[.,;:!?)\]]+$/, ''));
    if (candidate !== null && new URL(candidate).origin === serviceOrigin) return candidate;
  }
  return null;
}

/** The service's error body read tolerantly; anything that is not an object says nothing. */
export function readServiceError(body: unknown, serviceOrigin: string): ServiceError {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return EMPTY_SERVICE_ERROR;
  const fields = body as Record<string, unknown>;
  const resolution = text(fields.resolution);
  return {
    code: text(fields.code),
    message: text(fields.detail) ?? text(fields.error) ?? text(fields.title),
    resolution,
    scanUrl: httpUrlOrNull(fields.scan_url) ?? serviceLinkIn(resolution, serviceOrigin),
    documentationUrl: httpUrlOrNull(fields.documentation_url),
  };
}
