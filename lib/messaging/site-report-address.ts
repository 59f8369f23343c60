/** The site report window's address, written by the link menu and read by the page (README). */
import { isHttpOrigin } from '../contract/http-origin';
import type { LookupDecision, NotLookedUpReason } from '../privacy/lookup-target';
import { isNotLookedUpReason } from '../tabs/not-looked-up-reasons';

export const SITE_REPORT_PAGE = '/site-report.html';

export type SiteReportRequest =
  | { kind: 'site'; site: string }
  | { kind: 'refused'; reason: NotLookedUpReason };

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
  const reason = query.get('refused') ?? '';
  return { kind: 'refused', reason: isNotLookedUpReason(reason) ? reason : 'no-url' };
}
