/**
 * Decides what, if anything, may be sent to the service for a tab's URL: its origin only
 * (scheme, host and a non-default port), and nothing at all for local or private sites.
 *
 * Ranges come from ipaddr.js rather than hand-written masks; the URL parser has already
 * normalised odd IPv4 spellings (decimal, hex, octal, short forms) to dotted quads.
 */
import ipaddr from 'ipaddr.js';
import { MAX_URL_LENGTH } from './contract/report-schema';
import type { NotLookedUpReason } from './tab-view';

export type LookupTarget =
  | { kind: 'target'; origin: string }
  | { kind: 'refused'; reason: NotLookedUpReason };

const refused = (reason: NotLookedUpReason): LookupTarget => ({ kind: 'refused', reason });

export function deriveLookupTarget(url: string | undefined | null): LookupTarget {
  if (url === undefined || url === null || url === '') return refused('no-url');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refused('invalid-url');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return refused('not-http');

  // "example.com." names the same host as "example.com"; compare and send it without the dot.
  const hostname = parsed.hostname.replace(/\.$/, '');
  if (hostname === '') return refused('invalid-url');
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return refused('localhost');
  if (isNonPublicAddress(hostname)) return refused('private-address');

  const port = parsed.port === '' ? '' : `:${parsed.port}`;
  const origin = `${parsed.protocol}//${hostname}${port}`;
  if (origin.length > MAX_URL_LENGTH) return refused('too-long');
  return { kind: 'target', origin };
}

/** True for IP literals outside public unicast space (loopback, private, link-local, ...). */
function isNonPublicAddress(hostname: string): boolean {
  const literal = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (!ipaddr.isValid(literal)) return false;
  // process() turns IPv4-mapped IPv6 (::ffff:10.0.0.1) into the IPv4 address it carries.
  return ipaddr.process(literal).range() !== 'unicast';
}
