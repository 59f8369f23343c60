/** The registrable domain by the Public Suffix List (README): large, loaded for a choice only. */
import type * as tldts from 'tldts';
// tldts's own prebuilt bundle: from its modules, the bundler copies the list's text into each
// place that reads it. The bundle ships no types beside it; they are the package's.
// @ts-expect-error
import { getDomain as bundledGetDomain } from 'tldts/dist/index.esm.min.js';

const getDomain: typeof tldts.getDomain = bundledGetDomain;

/** `www.bbc.co.uk` → `bbc.co.uk`; null for an IP address or a public suffix (`co.uk`). */
export function registrableDomainOf(
  host: string,
  { privateSuffixes = false }: { privateSuffixes?: boolean } = {},
): string | null {
  return getDomain(host, { allowPrivateDomains: privateSuffixes });
}

/** The site a subdomain's no-report view offers (private suffixes counted), or null. */
export function parentSiteOf(origin: string): string | null {
  const { protocol, hostname } = new URL(origin);
  const domain = registrableDomainOf(hostname, { privateSuffixes: true });
  return domain === null || domain === hostname ? null : `${protocol}//${domain}`;
}
