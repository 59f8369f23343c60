/**
 * The registrable domain of a host by the Public Suffix List's ICANN section, `www.bbc.co.uk` →
 * `bbc.co.uk`: the popup offers it beside the host when the user pauses a site. The list is
 * large, so only that choice loads this module (matching paused domains needs only the entries).
 */
import type * as tldts from 'tldts';
// tldts's own prebuilt bundle: from its modules, the bundler copies the list's text into each
// place that reads it. The bundle ships no types beside it; they are the package's.
// @ts-expect-error
import { getDomain as bundledGetDomain } from 'tldts/dist/index.esm.min.js';

const getDomain: typeof tldts.getDomain = bundledGetDomain;

/**
 * The registrable domain of `host` (as the URL parser writes it: lower case, punycode), or null
 * when it has none: an IP address, or a host that is itself a public suffix (`co.uk`). The
 * private section is left out: for `user.github.io` the wider choice is all of `github.io`, but
 * a wider pause only ever sends less, and the site alone is always offered beside it.
 */
export function registrableDomainOf(host: string): string | null {
  return getDomain(host, { allowPrivateDomains: false });
}
