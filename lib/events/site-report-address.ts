/**
 * The address of the page that shows one site's report (site-report.html), written by the
 * link menu and read by the page. It carries the site's origin, or, for a link that is not
 * looked up, only the reason: never the link's path, query or fragment.
 *
 * Deciding what may be looked up stays with lookup-target.ts, in the background (which
 * decides again when the page asks): the page only reads its address back.
 */
import { isHttpOrigin } from '../contract/http-origin';
import type { LookupDecision, NotLookedUpReason } from '../privacy/lookup-target';

export const SITE_REPORT_PAGE = '/site-report.html';

export type SiteReportRequest =
  | { kind: 'site'; site: string }
  | { kind: 'refused'; reason: NotLookedUpReason };

// A record rather than a list, so that a new reason fails the type check here until added.
const REASONS: Record<NotLookedUpReason, true> = {
  'no-url': true,
  'not-http': true,
  'invalid-url': true,
  localhost: true,
  'private-address': true,
  'no-public-suffix': true,
  'too-long': true,
  paused: true,
  incognito: true,
};

const isReason = (value: string): value is NotLookedUpReason => Object.hasOwn(REASONS, value);

/** The page's path and query for a link, from what lookup-target.ts decided about it. */
export function siteReportPath(decision: LookupDecision): string {
  const query =
    decision.kind === 'target'
      ? new URLSearchParams({ site: decision.origin })
      : new URLSearchParams({ refused: decision.reason });
  return `${SITE_REPORT_PAGE}?${query}`;
}

/** What the page was asked to show; a query it does not understand shows why it was not. */
export function siteReportRequestFrom(search: string): SiteReportRequest {
  const query = new URLSearchParams(search);
  const site = query.get('site');
  if (site !== null) {
    return isHttpOrigin(site) ? { kind: 'site', site } : { kind: 'refused', reason: 'invalid-url' };
  }
  const reason = query.get('refused');
  return { kind: 'refused', reason: reason !== null && isReason(reason) ? reason : 'no-url' };
}
