/** "Never look up" entries (README): a name covers the names below it, an IP address itself. */
import { isHttpScheme } from '../contract/http-origin';

/** Longest DNS name (RFC 1035), and room for an IPv6 literal in brackets. */
const MAX_HOST_LENGTH = 253;

/** Scheme, port, path, user, wildcard: anything that makes the text more than a host. */
const NOT_OF_A_HOST = /[\s/\\?#@*%]/;

/** `Example.COM.` → `example.com`, `::1` → `[::1]`; `*.corp.example.com` is not guessed at. */
export function normalisePausedDomain(value: unknown): string | null {
  if (typeof value !== 'string' || value === '' || value.length > MAX_HOST_LENGTH) return null;
  if (NOT_OF_A_HOST.test(value) || value.startsWith('.')) return null;
  // An IPv6 address, bracketed or not; the parser checks it (a port after it makes it fail).
  const bare = value.startsWith('[') && value.endsWith(']') ? value.slice(1, -1) : value;
  const isIpv6 = bare.includes(':');
  if (isIpv6 ? bare.includes('[') || bare.includes(']') : /[[\]]/.test(value)) return null;
  let parsed: URL;
  try {
    parsed = new URL(`http://${isIpv6 ? `[${bare}]` : value}/`);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/\.$/, '');
  if (host === '' || host.startsWith('.') || host.includes('..') || parsed.port !== '') return null;
  if (isIpv6 !== host.startsWith('[')) return null;
  return host.length <= MAX_HOST_LENGTH ? host : null;
}

/** Sorted, each once. */
export function normalisePausedDomains(values: readonly unknown[]): string[] {
  const domains = values.map(normalisePausedDomain).filter((domain) => domain !== null);
  return [...new Set(domains)].sort();
}

/** IPv6 in brackets, IPv4 as a dotted quad (the URL parser turns every other spelling into one). */
export function isIpAddress(host: string): boolean {
  return host.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(host);
}

export function domainCovers(entry: string, host: string): boolean {
  if (host === entry) return true;
  if (isIpAddress(entry) || isIpAddress(host)) return false;
  return host.endsWith(`.${entry}`);
}

export function entriesCovering(entries: readonly string[], host: string): string[] {
  return entries.filter((entry) => domainCovers(entry, host));
}

export function isHostPaused(entries: readonly string[], host: string): boolean {
  return entries.some((entry) => domainCovers(entry, host));
}

/** The host of a web address or origin as entries are written; null when it has none. */
export function hostOfSite(site: string): string | null {
  try {
    const parsed = new URL(site);
    if (!isHttpScheme(parsed)) return null;
    const host = parsed.hostname.replace(/\.$/, '');
    return host === '' ? null : host;
  } catch {
    return null;
  }
}

/** What a person typed to pause, as an entry: a web address, or a host with a port, is its host. */
export function pausedDomainOfAddress(text: string): string | null {
  const trimmed = text.trim();
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed);
  const host = hostOfSite(hasScheme ? trimmed : `http://${trimmed}`);
  return host === null ? null : normalisePausedDomain(host);
}

export function isSitePausedBy(entries: readonly string[], site: string): boolean {
  const host = hostOfSite(site);
  return host !== null && isHostPaused(entries, host);
}
