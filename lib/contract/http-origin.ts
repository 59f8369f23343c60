/**
 * What counts as a web site's address: an http or https URL, as the URL parser reads it. The
 * lookup policy, the popup, the watch list and the site report page all ask here, so they
 * cannot disagree about which pages have a site.
 */

/** Whether a parsed URL is on http or https. */
export function isHttpScheme(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}

/** The origin of an http(s) URL; null for any other address or for text that is no URL. */
export function httpOriginOf(url: string | null | undefined): string | null {
  if (url === null || url === undefined) return null;
  try {
    const parsed = new URL(url);
    return isHttpScheme(parsed) ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** True for an http(s) origin written as the URL parser writes it, and nothing else. */
export function isHttpOrigin(site: string): boolean {
  return httpOriginOf(site) === site;
}

/** The host (with a non-default port) of a URL, or the text itself when it is no URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
