/** The route being retired (README); the successor is never followed, only shown. */
import * as v from 'valibot';
import { jsonNumber } from '../contract/json-schemas';
import { httpUrlOrNull } from '../contract/safe-url';
import { parseWith, type StoredRecord } from '../storage/record';
import type { Store } from '../storage/store';
import type { LookupOutcome, ResponseMeta } from './lookup-outcome';
import { parseHttpDate } from './retry-after';

const noticeSchema = () =>
  v.object({
    baseUrl: v.string(),
    deprecatedSince: v.nullable(jsonNumber()),
    sunsetAt: v.nullable(jsonNumber()),
    successor: v.nullable(v.string()),
  });

export type DeprecationNotice = v.InferOutput<ReturnType<typeof noticeSchema>>;

export const DEPRECATION_NOTICE_RECORD: StoredRecord<DeprecationNotice | null> = {
  name: 'deprecation-notice',
  area: 'local',
  key: 'service-deprecation:v1',
  version: 1,
  parse: parseWith(() => v.nullable(noticeSchema())),
  fallback: () => null,
};

/** `@1785542400` (RFC 9745), or the older drafts' HTTP-date or `true`; else undefined. */
function deprecationDate(value: string | undefined, nowMs: number): number | null | undefined {
  const trimmed = value?.trim() ?? '';
  const structured = /^@(-?\d{1,12})$/.exec(trimmed);
  if (structured) return Number(structured[1]) * 1000;
  const date = parseHttpDate(trimmed, nowMs);
  if (date !== null) return date;
  // Deprecated, with no date worth showing; anything else is not a Deprecation at all.
  return trimmed.toLowerCase() === 'true' ? null : undefined;
}

function successorLink(link: string | undefined, baseUrl: string): string | null {
  for (const match of link?.matchAll(/<([^>]*)>([^<]*)/g) ?? []) {
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

/** Null when the headers say the route is not deprecated. */
export function deprecationFromHeaders(
  headers: Record<string, string>,
  baseUrl: string,
  nowMs: number,
): DeprecationNotice | null {
  const sunsetAt = parseHttpDate(headers.sunset?.trim() ?? '', nowMs);
  const since = deprecationDate(headers.deprecation, nowMs);
  if (since === undefined && sunsetAt === null) return null;
  return {
    baseUrl,
    deprecatedSince: since ?? null,
    sunsetAt,
    successor: successorLink(headers.link, baseUrl),
  };
}

/** The service's own answers only: a proxy's 502, a redirect or a page say nothing of it. */
function fromTheService(outcome: LookupOutcome): ResponseMeta | null {
  const response = 'response' in outcome ? outcome.response : null;
  if (response === null || response.status >= 500 || 'problem' in outcome) return null;
  return response;
}

export type DeprecationNotices = ReturnType<typeof createDeprecationNotices>;

export function createDeprecationNotices(deps: { store: Store; now: () => number }) {
  return {
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
