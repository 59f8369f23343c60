/**
 * The lookup target policy: what, if anything, may be sent to the service for a URL. Only its
 * origin (scheme, host and a non-default port) ever is, and nothing at all for a private
 * window, a paused site, or a name or address that only means something on the user's own
 * machine or network. The URL parser has already turned odd IPv4 spellings into dotted quads,
 * IPv6 into its compressed form and host names into lower-case punycode.
 */
import { isHttpScheme } from '../contract/http-origin';
import { MAX_URL_LENGTH } from '../contract/report-schema';
import { isHostPaused } from './paused-domains';
import { isPublicAddress } from './public-address';
import { hasPublicSuffix, isSpecialUseName } from './public-name';

/** Why a site was not sent to the service; the popup and the badge name each one. */
export type NotLookedUpReason =
  | 'no-url' // the tab has no URL we can read (new tab page, still loading)
  | 'not-http' // chrome://, file:, about:, extension pages, ...
  | 'invalid-url'
  | 'localhost'
  | 'private-address' // an IP literal outside public unicast space
  | 'no-public-suffix' // a single label, an unknown top-level domain or a special-use name
  | 'too-long'
  | 'paused' // the user (or an administrator) paused lookups for this site's domain
  | 'incognito'; // a private window

/** What may be sent for a URL: its origin, or why nothing. */
export type LookupDecision =
  | { kind: 'target'; origin: string }
  | { kind: 'refused'; reason: NotLookedUpReason };

const refused = (reason: NotLookedUpReason) => ({ kind: 'refused' as const, reason });

/** `pausedDomains`: the user's and the policy's entries in effect (paused-domains.ts). */
export function deriveLookupTarget(
  url: string | undefined | null,
  context: { incognito?: boolean; pausedDomains?: readonly string[] } = {},
): LookupDecision {
  // First: in a private window even the kind of page is nobody's business.
  if (context.incognito === true) return refused('incognito');
  const checked = checkedOrigin(url);
  if (checked.kind === 'refused') return checked;
  if (context.pausedDomains && isHostPaused(context.pausedDomains, checked.host)) {
    return refused('paused');
  }
  return { kind: 'target', origin: checked.origin };
}

type CheckedOrigin =
  | { kind: 'target'; origin: string; host: string }
  | { kind: 'refused'; reason: NotLookedUpReason };

/** The origin a URL may be looked up by and its host, before the user's choices. */
function checkedOrigin(url: string | undefined | null): CheckedOrigin {
  if (url === undefined || url === null || url === '') return refused('no-url');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refused('invalid-url');
  }
  if (!isHttpScheme(parsed)) return refused('not-http');

  // "example.com." names the same host as "example.com"; compare and send it without the dot.
  const hostname = parsed.hostname.replace(/\.$/, '');
  if (hostname === '') return refused('invalid-url');
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return refused('localhost');
  const publicAddress = isPublicAddress(hostname);
  if (publicAddress === false) return refused('private-address');
  if (publicAddress === null && (isSpecialUseName(hostname) || !hasPublicSuffix(hostname))) {
    return refused('no-public-suffix');
  }

  const port = parsed.port === '' ? '' : `:${parsed.port}`;
  const origin = `${parsed.protocol}//${hostname}${port}`;
  if (origin.length > MAX_URL_LENGTH) return refused('too-long');
  return { kind: 'target', origin, host: hostname };
}
