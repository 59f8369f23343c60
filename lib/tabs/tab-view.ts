/** What the extension knows about one tab, as the badge and the popup show it. */
import type { ScanReport } from '../contract/report-schema';
import type { NotLookedUpReason } from '../privacy/lookup-target';

export type UnavailableCause = 'service' | 'network' | 'timeout';

export type TabView =
  | { status: 'loading'; origin: string }
  | {
      status: 'report';
      origin: string;
      report: ScanReport;
      receivedAt: number;
      /** True when served from cache after its freshness ran out (e.g. service unavailable). */
      stale: boolean;
    }
  | {
      status: 'no-report';
      origin: string;
      message: string | null;
      /** What the service says to do, in its own words; absent in states kept before it was read. */
      resolution?: string | null;
      scanUrl: string | null;
      documentationUrl: string | null;
    }
  /** A 429 or a spent quota: temporary, not an error; looked up again once `retryAt` passes. */
  | { status: 'busy'; origin: string; retryAt: number | null }
  /** The service no longer answers at the extension's address: says nothing about the site. */
  | {
      status: 'service-moved';
      origin: string;
      message: string | null;
      documentationUrl: string | null;
    }
  | { status: 'unavailable'; origin: string; cause: UnavailableCause; retryAt: number | null }
  /** No host permission for the service at `serviceHost`: nothing was sent about the site. */
  | { status: 'service-not-permitted'; origin: string; serviceHost: string }
  | { status: 'invalid-response'; origin: string; problem: string }
  /** The service answered 400: our request was wrong. Shown honestly, not retried. */
  | { status: 'rejected'; origin: string; message: string | null }
  | { status: 'not-looked-up'; reason: NotLookedUpReason };

export type TabViewStatus = TabView['status'];

/** A view that is neither loading nor a report: what components/status/StatusView.tsx shows. */
export type StatusOnlyView = Exclude<TabView, { status: 'loading' } | { status: 'report' }>;

export const notLookedUp = (reason: NotLookedUpReason): TabView => ({
  status: 'not-looked-up',
  reason,
});

export const isNotLookedUp = (
  view: TabView | NotAskedView,
): view is Extract<TabView, { status: 'not-looked-up' }> => 'reason' in view;

export const reasonOf = (view: TabView | NotAskedView): NotLookedUpReason | null =>
  isNotLookedUp(view) ? view.reason : null;

/**
 * Nobody asked yet and automatic lookups are not allowed: what a page following the active tab
 * (the side panel) is told when nothing is known of the site. Never stored nor on the badge.
 */
export type NotAskedView = { status: 'not-asked'; origin: string };

export type ShownView = TabView | NotAskedView;

/**
 * Who wants a tab's view. 'user': the user asked, so the site may be looked up whatever the
 * lookup mode. 'follow': a page follows the active tab, and asks no more than a tab event may.
 */
export type ShowTabTrigger = 'user' | 'follow';
