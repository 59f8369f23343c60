/** A web site's address is an http(s) URL as the URL parser reads it; every page asks here. */
export function isHttpScheme(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}

export function httpOriginOf(url: string | null | undefined): string | null {
  if (url === null || url === undefined) return null;
  try {
    const parsed = new URL(url);
    return isHttpScheme(parsed) ? parsed.origin : null;
  } catch {
    return null;
  }
}

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
