/** Read from WXT_REPORT_API_BASE_URL by wxt.config.ts and the code alike: they never disagree. */
export const DEFAULT_SERVICE_BASE_URL = 'https://is-agentic.com';

export const REPORT_PATH = '/api/report';

/** http(s) only, no query, fragment, credentials or trailing slash; null for anything else. */
export function normaliseServiceBaseUrl(raw: string | undefined | null): string | null {
  if (!raw?.trim()) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.username || parsed.password || parsed.search || parsed.hash) return null;
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

export function resolveServiceBaseUrl(raw: string | undefined | null): string {
  if (!raw?.trim()) return DEFAULT_SERVICE_BASE_URL;
  const normalised = normaliseServiceBaseUrl(raw);
  if (normalised === null) {
    throw new Error(
      `WXT_REPORT_API_BASE_URL must be an absolute http(s) URL without query or credentials, got: ${raw}`,
    );
  }
  return normalised;
}

/** The host permission that lets the extension call the service (match patterns ignore ports). */
export function hostPermissionFor(baseUrl: string): string {
  const { protocol, hostname } = new URL(baseUrl);
  return `${protocol}//${hostname}/*`;
}

export function configuredServiceBaseUrl(): string {
  return resolveServiceBaseUrl(import.meta.env.WXT_REPORT_API_BASE_URL);
}
