/**
 * What the service says in an error body, in either of the two shapes it has used:
 *
 * - the contract's `Error` (`application/json`): `error`, `scan_url`, `documentation_url`;
 * - RFC 9457 problem details (`application/problem+json`), as the live service sends for every
 *   error: `type`, `title`, `status`, `detail`, `instance`, `code`, `resolution`,
 *   `documentation_url`, and no `scan_url`: the scan link is only inside `resolution`.
 *
 * Read member by member: an unknown member, or a known one of the wrong type, is ignored on its
 * own, so one odd field never costs the rest. Links pass the same gate as every other href,
 * and a link found in prose must also be on the service's own origin: a sentence is not a
 * place the extension would take an arbitrary address from.
 */
import { httpUrlOrNull } from '../contract/safe-url';

export interface ServiceError {
  /** The problem's machine-readable `code` (`report_not_found`, `api_route_not_found`, ...). */
  code: string | null;
  /** The service's words for what happened: `detail`, else `error`, else `title`. */
  message: string | null;
  /** What the service says to do about it (`resolution`), as text. */
  resolution: string | null;
  /** `scan_url`, else an http(s) link on the service's origin found in `resolution`. */
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

/**
 * A member's text as the service wrote it (the popup decides how to show it, and the body is
 * already capped in size), or null when it is not a string or says nothing.
 */
function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Candidate links in a sentence; trailing punctuation belongs to the sentence, not the URL. */
const LINK_IN_TEXT = /https?:\/\/[^\s<>"]+/gi;

/**
 * The first http(s) link in `sentence` on `serviceOrigin` (scheme, host and port alike), or
 * null. The live service's origin is https, so only an https link qualifies there.
 */
export function serviceLinkIn(sentence: string | null, serviceOrigin: string): string | null {
  if (sentence === null) return null;
  for (const match of sentence.matchAll(LINK_IN_TEXT)) {
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
