/** The one gate from a URL the server sent to an `href`: Preact does not block `javascript:`. */
import { isHttpScheme } from './http-origin';

/** What the URL parser would strip, and white space: refused, so `\tjavascript:` never works. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE_CHARACTER = /[\u0000-\u0020\u007f-\u009f\s]/u;

/** Null for other schemes, relative forms, controls and credentials (`https://a.org@evil.org`). */
export function httpUrlOrNull(value: unknown): string | null {
  // Twice the service's own limit for a URL: longer is no link.
  if (typeof value !== 'string' || value.length > 4096 || UNSAFE_CHARACTER.test(value)) return null;
  // Checked on the raw text too, so a relative value can never be resolved against a base.
  if (!/^https?:\/\//i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (!isHttpScheme(url)) return null;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return url.href;
}

/** https only, http only from a service reached over http: on the way it could be rewritten. */
export function serviceLinkOrNull(value: unknown, serviceBaseUrl: string): string | null {
  const url = httpUrlOrNull(value);
  if (url === null || url.startsWith('https:')) return url;
  return serviceBaseUrl.startsWith('http:') ? url : null;
}

/** Null when the link stays on the service's site: its host, a name under it or one above. */
export function hostLeavingService(link: string, serviceBaseUrl: string): string | null {
  const within = (inner: string, outer: string) => inner === outer || inner.endsWith(`.${outer}`);
  try {
    const linkHost = new URL(link).hostname;
    const serviceHost = new URL(serviceBaseUrl).hostname;
    // A bare top-level name ("com") is no site the service is under.
    const serviceUnderLink = linkHost.includes('.') && within(serviceHost, linkHost);
    return within(linkHost, serviceHost) || serviceUnderLink ? null : linkHost;
  } catch {
    return null;
  }
}
