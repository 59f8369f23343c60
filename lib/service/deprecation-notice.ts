/**
 * What the service says about its route being retired: RFC 9745 `Deprecation`, RFC 8594
 * `Sunset` and a `Link` with `rel="successor-version"`, on any answer. One record, for the base
 * URL that sent it, shown in the options page only: the popup and the badge would nag about
 * something the user cannot change. The successor is never followed: a header is no reason to
 * send the user's lookups to another address. Written only when it changes.
 */
import { httpUrlOrNull } from '../contract/safe-url';
import { readRecord, type StoredRecord, watchRecord } from '../storage/record';
import type { Store } from '../storage/store';
import type { LookupOutcome, ResponseMeta } from './lookup-outcome';
import { parseHttpDate } from './retry-after';

/** Times in epoch ms, null when the headers gave none. */
export interface DeprecationNotice {
  baseUrl: string;
  deprecatedSince: number | null;
  sunsetAt: number | null;
  successor: string | null;
}

const isTime = (value: unknown) => value === null || typeof value === 'number';

export const DEPRECATION_NOTICE_RECORD: StoredRecord<DeprecationNotice | null> = {
  name: 'deprecation-notice',
  area: 'local',
  key: 'service-deprecation:v1',
  version: 1,
  parse: (raw) => {
    if (raw === null) return null;
    const notice = raw as Partial<DeprecationNotice> | undefined;
    return typeof notice === 'object' &&
      typeof notice.baseUrl === 'string' &&
      isTime(notice.deprecatedSince) &&
      isTime(notice.sunsetAt) &&
      (notice.successor === null || typeof notice.successor === 'string')
      ? (notice as DeprecationNotice)
      : undefined;
  },
  fallback: () => null,
};

/** `@1785542400` (RFC 9745), or the older drafts' HTTP-date or `true`. */
function deprecationDate(value: string, nowMs: number): number | null | undefined {
  const trimmed = value.trim();
  const structured = /^@(-?\d{1,12})$/.exec(trimmed);
  if (structured) return Number(structured[1]) * 1000;
  const date = parseHttpDate(trimmed, nowMs);
  if (date !== null) return date;
  // Deprecated, with no date worth showing; anything else is not a Deprecation at all.
  return trimmed.toLowerCase() === 'true' ? null : undefined;
}

/** The first link whose rel names successor-version, resolved against the base URL. */
function successorLink(link: string | undefined, baseUrl: string): string | null {
  if (link === undefined) return null;
  for (const match of link.matchAll(/<([^>]*)>([^<]*)/g)) {
    const params = match[2] ?? '';
    const rel = /;\s*rel\s*=\s*"?([^";,]*)"?/i.exec(params)?.[1] ?? '';
    if (!rel.toLowerCase().split(/\s+/).includes('successor-version')) continue;
    try {
      return httpUrlOrNull(new URL(match[1] ?? '', baseUrl).href);
    } catch {
      return null;
    }
  }
  return null;
}

/** What one answer's headers say, or null when they say the route is not deprecated. */
export function deprecationFromHeaders(
  headers: Record<string, string>,
  baseUrl: string,
  nowMs: number,
): DeprecationNotice | null {
  const sunsetHeader = headers.sunset;
  const sunsetAt = sunsetHeader === undefined ? null : parseHttpDate(sunsetHeader.trim(), nowMs);
  const since =
    headers.deprecation === undefined ? undefined : deprecationDate(headers.deprecation, nowMs);
  if (since === undefined && sunsetAt === null) return null;
  return {
    baseUrl,
    deprecatedSince: since ?? null,
    sunsetAt,
    successor: successorLink(headers.link, baseUrl),
  };
}

/**
 * The answer's headers when the service itself sent them: a proxy's 502 says nothing of the
 * service's routes, nor does an answer that is not the service's at all (a redirect, a page).
 */
function fromTheService(outcome: LookupOutcome): ResponseMeta | null {
  const response = 'response' in outcome ? outcome.response : null;
  if (response === null || response.status >= 500 || 'problem' in outcome) return null;
  return response;
}

export function readDeprecationNotice(): Promise<DeprecationNotice | null> {
  return readRecord(DEPRECATION_NOTICE_RECORD);
}

export function watchDeprecationNotice(
  onChange: (notice: DeprecationNotice | null) => void,
): () => void {
  return watchRecord(DEPRECATION_NOTICE_RECORD, onChange);
}

export type DeprecationNotices = ReturnType<typeof createDeprecationNotices>;

export function createDeprecationNotices(deps: { store: Store; now: () => number }) {
  return {
    /** Keeps what an answer from the service says, when it changed. */
    async keep(baseUrl: string, outcome: LookupOutcome): Promise<void> {
      const response = fromTheService(outcome);
      if (response === null) return;
      const notice = deprecationFromHeaders(response.headers, baseUrl, deps.now());
      const previous = await deps.store.read(DEPRECATION_NOTICE_RECORD);
      // A notice about another base URL is not this service's to clear.
      if (notice === null && previous?.baseUrl !== baseUrl) return;
      if (JSON.stringify(previous) === JSON.stringify(notice)) return;
      if (notice === null) await deps.store.remove(DEPRECATION_NOTICE_RECORD);
      else await deps.store.write(DEPRECATION_NOTICE_RECORD, notice);
    },
  };
}
