/**
 * What the service says about the route the extension calls being retired: RFC 9745
 * `Deprecation`, RFC 8594 `Sunset` and a `Link` with `rel="successor-version"`, on any answer.
 *
 * Kept in local storage (one record, for the base URL that sent it) and shown once, in the
 * options page's service section; never on the badge or in the popup, where it would nag
 * about something the user cannot change. The extension does not follow the successor: it
 * keeps calling the contract's /api/report until an update moves it, since a header is no
 * reason to send the user's lookups to another address.
 *
 * Written only when what the service says changes, so a lookup costs no extra write.
 */
import { httpUrlOrNull } from '../contract/safe-url';
import { readRecord, watchRecord } from '../storage/record-reads';
import type { RecordStore } from '../storage/record-store';
import { DEPRECATION_NOTICE_RECORD, type StoredDeprecationNotice } from '../storage/records';
import type { LookupOutcome } from './lookup-outcome';
import { parseHttpDate } from './retry-after';

export const DEPRECATION_NOTICE_KEY = DEPRECATION_NOTICE_RECORD.key;

/**
 * `baseUrl`: the service base URL whose answers said so; `deprecatedSince`: when the route
 * was (or will be) deprecated (epoch ms), if the header gave a date; `sunsetAt`: when the
 * route stops answering (epoch ms), if a Sunset was sent; `successor`: the successor
 * version's address, if one was linked.
 */
export type DeprecationNotice = StoredDeprecationNotice;

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

/** Answers that come from the service itself; a proxy's 502 says nothing about its routes. */
function fromTheService(outcome: LookupOutcome): Record<string, string> | null {
  switch (outcome.kind) {
    case 'report':
    case 'no-report':
    case 'busy':
    case 'service-moved':
    case 'invalid-request':
      return outcome.response.headers;
    default:
      return null;
  }
}

export function readDeprecationNotice(): Promise<DeprecationNotice | null> {
  return readRecord(DEPRECATION_NOTICE_RECORD);
}

export function watchDeprecationNotice(
  onChange: (notice: DeprecationNotice | null) => void,
): () => void {
  return watchRecord(DEPRECATION_NOTICE_RECORD, onChange);
}

const sameNotice = (a: DeprecationNotice | null, b: DeprecationNotice | null) =>
  JSON.stringify(a) === JSON.stringify(b);

/** Wraps a lookup so each answer from the service updates the kept notice when it changed. */
export function withDeprecationNotice<Args extends unknown[]>(
  lookup: (target: string, ...rest: Args) => Promise<LookupOutcome>,
  deps: {
    store: RecordStore;
    baseUrl: string;
    now: () => number;
    onError: (error: unknown) => void;
  },
): (target: string, ...rest: Args) => Promise<LookupOutcome> {
  // The worker's last known copy spares a storage read per lookup; a new worker reads once.
  let known: Promise<DeprecationNotice | null> | null = null;
  async function keep(outcome: LookupOutcome): Promise<void> {
    const headers = fromTheService(outcome);
    if (headers === null) return;
    const notice = deprecationFromHeaders(headers, deps.baseUrl, deps.now());
    known ??= deps.store.read(DEPRECATION_NOTICE_RECORD);
    const previous = await known;
    // A notice about another base URL is not this service's to clear.
    if (notice === null && previous?.baseUrl !== deps.baseUrl) return;
    if (sameNotice(previous, notice)) return;
    known = Promise.resolve(notice);
    if (notice === null) await deps.store.remove(DEPRECATION_NOTICE_RECORD);
    else await deps.store.write(DEPRECATION_NOTICE_RECORD, notice);
  }
  return async (target, ...rest) => {
    const outcome = await lookup(target, ...rest);
    keep(outcome).catch(deps.onError);
    return outcome;
  };
}
