/**
 * The one gate between a URL the server sent and an `href`: the contract's URI format accepts
 * `javascript:` (so does zod's `z.url()`, colinhacks/zod #2353) and Preact does not block it.
 */
import { isHttpScheme } from './http-origin';

/**
 * Characters the URL parser would silently strip or trim (C0 controls, space, DEL) plus the
 * C1 controls and Unicode white space. A value containing any of them is refused rather than
 * cleaned up: `\tjavascript:` or `java\nscript:` must never turn into a working scheme, and a
 * well-formed URL from the service never contains them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE_CHARACTER = /[\u0000-\u0020\u007f-\u009f\s]/u;

/**
 * `value` as a normalised absolute http(s) URL (the parser's `href`), or null: for other
 * schemes, relative forms, white space or control characters anywhere, and credentials
 * (`https://trusted.org@evil.org/` reads as a different site).
 */
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

/**
 * A link taken from the service's data (`report_url`, `scan_url`, `documentation_url`), as an
 * `href`, or null: https only, and http only when the service itself is reached over http (as
 * the bundled reference server is). A plain-http link from an https service could be rewritten
 * on its way to the user.
 */
export function serviceLinkOrNull(value: unknown, serviceBaseUrl: string): string | null {
  const url = httpUrlOrNull(value);
  if (url === null || url.startsWith('https:')) return url;
  return serviceBaseUrl.startsWith('http:') ? url : null;
}

/**
 * The host a link leads to when it leaves the service's own site, or null when it stays
 * there: the service's host itself, a name under it, or a name it is under
 * (`api.is-agentic.com` and `is-agentic.com` are one site).
 */
export function hostLeavingService(link: string, serviceBaseUrl: string): string | null {
  let linkHost: string;
  let serviceHost: string;
  try {
    linkHost = new URL(link).hostname;
    serviceHost = new URL(serviceBaseUrl).hostname;
  } catch {
    return null;
  }
  const within = (inner: string, outer: string) => inner === outer || inner.endsWith(`.${outer}`);
  // A bare top-level name ("com") is no site the service is under.
  const serviceUnderLink = linkHost.includes('.') && within(serviceHost, linkHost);
  return within(linkHost, serviceHost) || serviceUnderLink ? null : linkHost;
}
