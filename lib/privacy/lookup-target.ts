/** The lookup target policy (README), over the URL parser's canonical forms. */
import { isHttpScheme } from '../contract/http-origin';
import { MAX_URL_LENGTH } from '../contract/report-schema';
import { FRONT_CODED_ICANN_TLDS } from './icann-tlds';
import { isHostPaused, isIpAddress } from './paused-domains';

export type NotLookedUpReason =
  | 'no-url' // the tab has no URL we can read (new tab page, still loading)
  | 'not-http' // chrome://, file:, about:, extension pages, ...
  | 'invalid-url'
  | 'localhost'
  | 'private-address' // an IP literal outside public unicast space
  | 'no-public-suffix' // a single label, an unknown top-level domain or a special-use name
  | 'too-long'
  | 'paused' // the user (or an administrator) paused lookups for this site's domain
  | 'incognito';

export type LookupDecision =
  | { kind: 'target'; origin: string }
  | { kind: 'refused'; reason: NotLookedUpReason };

const refused = (reason: NotLookedUpReason): LookupDecision => ({ kind: 'refused', reason });

/** `pausedDomains`: the user's and the policy's entries in effect (paused-domains.ts). */
export function deriveLookupTarget(
  url: string | undefined | null,
  context: { incognito?: boolean; pausedDomains?: readonly string[] } = {},
): LookupDecision {
  // First: in a private window even the kind of page is nobody's business.
  if (context.incognito === true) return refused('incognito');
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
  // The user's choices come last.
  if (context.pausedDomains && isHostPaused(context.pausedDomains, hostname)) {
    return refused('paused');
  }
  return { kind: 'target', origin };
}

/**
 * Reserved for local, private or test use: RFC 6761 (test, example, invalid, localhost), 6762
 * (local), 7686 (onion), 8375 (home.arpa), 9476 (alt) and ICANN's 2024 `internal`.
 */
export const SPECIAL_USE_SUFFIXES: readonly string[] =
  'alt example home.arpa internal invalid local localhost onion test'.split(' ');

export function isSpecialUseName(hostname: string): boolean {
  return SPECIAL_USE_SUFFIXES.some(
    (suffix) => hostname === suffix || hostname.endsWith(`.${suffix}`),
  );
}

const icannTopLevelDomains = new Set<string>();
let previous = '';
// Each name: a letter for how many leading characters it shares with the one before, the rest.
for (const [, shared = '@', rest = ''] of FRONT_CODED_ICANN_TLDS.matchAll(/([@-Z])([^@-Z]+)/g)) {
  previous = previous.slice(0, shared.charCodeAt(0) - 64) + rest;
  icannTopLevelDomains.add(previous);
}

/** Two labels at least (one only a local resolver knows), the last an ICANN top-level domain. */
export function hasPublicSuffix(hostname: string): boolean {
  const lastDot = hostname.lastIndexOf('.');
  if (lastDot <= 0) return false;
  return icannTopLevelDomains.has(hostname.slice(lastDot + 1));
}

/** Outside public unicast (IANA's special-purpose registries, as ipaddr.js names them). */
const NON_PUBLIC_RANGES = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation
  '192.31.196.0/24', // AS112
  '192.52.193.0/24', // AMT
  '192.88.99.0/24', // 6to4 relay anycast
  '192.168.0.0/16', // private
  '192.175.48.0/24', // AS112
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation
  '203.0.113.0/24', // documentation
  '224.0.0.0/3', // multicast, reserved and broadcast
  '::/127', // unspecified and loopback
  '::ffff:0:0:0/96', // IPv4-translated
  '64:ff9b::/96', // IPv4/IPv6 translation
  '64:ff9b:1::/48', // local IPv4/IPv6 translation
  '100::/64', // discard
  '2001::/23', // IETF protocol assignments: Teredo, benchmarking, AMT, AS112, ORCHID
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4
  '2620:4f:8000::/48', // AS112
  '3fff::/20', // documentation
  '5f00::/16', // segment routing
  'fc00::/7', // unique local
  'fe80::/9', // link-local and the deprecated site-local
  'ff00::/8', // multicast
].map((range) => {
  const [address = '', length] = range.split('/');
  return bitsOf(address).slice(0, 128 - (address.includes('.') ? 32 : 128) + Number(length));
});

/** Null for a name; `[::ffff:7f00:1]` is checked as the IPv4 address it carries. */
function isPublicAddress(hostname: string): boolean | null {
  if (!isIpAddress(hostname)) return null;
  const bits = bitsOf(hostname.startsWith('[') ? hostname.slice(1, -1) : hostname);
  return !NON_PUBLIC_RANGES.some((range) => bits.startsWith(range));
}

/** An IPv4 address as its IPv4-mapped IPv6 form. */
function bitsOf(address: string): string {
  const binary = (parts: string[], radix: number, width: number) =>
    parts.map((part) => Number.parseInt(part, radix).toString(2).padStart(width, '0')).join('');
  if (address.includes('.'))
    return `${'0'.repeat(80)}${'1'.repeat(16)}${binary(address.split('.'), 10, 8)}`;
  const [head = [], tail] = address.split('::').map((side) => (side === '' ? [] : side.split(':')));
  const zeros = Array<string>(8 - head.length - (tail?.length ?? 0)).fill('0');
  return binary([...head, ...zeros, ...(tail ?? [])], 16, 16);
}
