/**
 * Whether a host name belongs to the public DNS namespace, so that sending it reveals nothing
 * about the user's own network: it ends in a top-level domain of the Public Suffix List's ICANN
 * section (icann-tlds.ts) and is no special-use name. The list alone is not enough: it names
 * `arpa` and `onion`, so `printer.home.arpa` and a hidden service would pass.
 */
import { FRONT_CODED_ICANN_TLDS } from './icann-tlds';

/**
 * Names reserved for local, private or test use, never for public sites: RFC 6761 (test,
 * example, invalid, localhost), RFC 6762 (local), RFC 7686 (onion), RFC 8375 (home.arpa),
 * RFC 9476 (alt) and ICANN's 2024 reservation of `internal` for private networks.
 */
export const SPECIAL_USE_SUFFIXES: readonly string[] =
  'alt example home.arpa internal invalid local localhost onion test'.split(' ');

const tlds: string[] = [];
// Each name: a letter for how many leading characters it shares with the one before, the rest.
for (const [, shared = '@', rest = ''] of FRONT_CODED_ICANN_TLDS.matchAll(/([@-Z])([^@-Z]+)/g)) {
  tlds.push((tlds.at(-1) ?? '').slice(0, shared.charCodeAt(0) - 64) + rest);
}
/** The ICANN section's top-level domains, sorted. */
export const ICANN_TOP_LEVEL_DOMAINS: readonly string[] = tlds;

const icannTopLevelDomains = new Set(tlds);

/** True when `hostname` (lower case, ASCII, no trailing dot) is or ends in a special-use name. */
export function isSpecialUseName(hostname: string): boolean {
  return SPECIAL_USE_SUFFIXES.some(
    (suffix) => hostname === suffix || hostname.endsWith(`.${suffix}`),
  );
}

/**
 * True when `hostname` (as the URL parser gives it: lower case, punycode, no trailing dot) has
 * at least two labels and ends in an ICANN top-level domain. A single label (`intranet`) is a
 * name only a local resolver knows.
 */
export function hasPublicSuffix(hostname: string): boolean {
  const lastDot = hostname.lastIndexOf('.');
  if (lastDot <= 0) return false;
  return icannTopLevelDomains.has(hostname.slice(lastDot + 1));
}
