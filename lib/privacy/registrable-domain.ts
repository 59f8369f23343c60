/**
 * The registrable domain of a host by the Public Suffix List, `www.bbc.co.uk` → `bbc.co.uk`: the
 * popup offers it beside the host when the user pauses a site, and offers its report where a
 * subdomain has none. The list is large, so only those choices load this module (matching
 * paused domains needs only the entries).
 */
import type * as tldts from 'tldts';
// tldts's own prebuilt bundle: from its modules, the bundler copies the list's text into each
// place that reads it. The bundle ships no types beside it; they are the package's.
// @ts-expect-error
import { getDomain as bundledGetDomain } from 'tldts/dist/index.esm.min.js';

const getDomain: typeof tldts.getDomain = bundledGetDomain;

/**
 * The registrable domain of `host` (as the URL parser writes it: lower case, punycode), or null
 * when it has none: an IP address, or a host that is itself a public suffix (`co.uk`). By the
 * ICANN section alone unless `privateSuffixes`: for pausing, the wider choice for
 * `user.github.io` is all of `github.io` (a wider pause only ever sends less, and the site alone
 * is always offered beside it); for another site's report, `github.io`'s sites are not one site.
 */
export function registrableDomainOf(
  host: string,
  { privateSuffixes = false }: { privateSuffixes?: boolean } = {},
): string | null {
  return getDomain(host, { allowPrivateDomains: privateSuffixes });
}

/**
 * The site whose report a subdomain's no-report view offers: the registrable domain, private
 * suffixes counted, on the origin's scheme and without its port; null when the origin is that
 * site already, or has none (an IP address, a public suffix).
 */
export function parentSiteOf(origin: string): string | null {
  const { protocol, hostname } = new URL(origin);
  const domain = registrableDomainOf(hostname, { privateSuffixes: true });
  return domain === null || domain === hostname ? null : `${protocol}//${domain}`;
}
