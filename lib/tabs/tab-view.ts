/**
 * What the extension knows about one tab, as the badge and the popup show it. The background
 * writes it to storage; the popup only reads it. Every state is named, so no view is ever
 * blank or ambiguous.
 */
import type { ScanReport } from '../contract/report-schema';
import type { NotLookedUpReason } from '../privacy/lookup-target';

/** What kept the service from answering: the service itself, the network, or time. */
export type UnavailableCause = 'service' | 'network' | 'timeout';

export type TabView =
  | { status: 'loading'; target: string }
  | {
      status: 'report';
      target: string;
      report: ScanReport;
      /** When this extension received the report (epoch ms). */
      receivedAt: number;
      /** True when served from cache after its freshness ran out (e.g. service unavailable). */
      stale: boolean;
    }
  | {
      status: 'no-report';
      target: string;
      message: string | null;
      /** What the service says to do, in its own words; absent in states kept before it was read. */
      resolution?: string | null;
      scanUrl: string | null;
      documentationUrl: string | null;
    }
  /**
   * The service is limiting lookups from this network (a 429, or a quota its answers said is
   * spent). Temporary, not an error: the tab is looked up again once `retryAt` has passed.
   */
  | { status: 'busy'; target: string; retryAt: number | null }
  /** The service no longer answers at the extension's address: says nothing about the site. */
  | {
      status: 'service-moved';
      target: string;
      message: string | null;
      documentationUrl: string | null;
    }
  | {
      status: 'unavailable';
      target: string;
      cause: UnavailableCause;
      /** When the next lookup may happen (epoch ms), if known. */
      retryAt: number | null;
    }
  /**
   * The extension may not reach the report service at `serviceHost` (no host permission), so
   * nothing was sent: says nothing about the site, and is fixed in the options or by policy.
   */
  | { status: 'service-not-permitted'; target: string; serviceHost: string }
  | { status: 'invalid-response'; target: string; problem: string }
  /** The service answered 400: our request was wrong. Shown honestly, not retried. */
  | { status: 'rejected'; target: string; message: string | null }
  | { status: 'not-looked-up'; reason: NotLookedUpReason };

export type TabViewStatus = TabView['status'];

/**
 * The site may be looked up, but nobody asked yet and automatic lookups are not allowed: what
 * a page that follows the active tab (the side panel) is told when nothing is known of the
 * site. Given to that page only: never stored, never on the badge (which shows nothing then),
 * so it is no TabView.
 */
export interface NotAskedView {
  status: 'not-asked';
  target: string;
}

/** What a page shows of a tab: a tab's view, or "not asked". */
export type ShownView = TabView | NotAskedView;

/**
 * Who wants a tab's view. 'user': the user asked (the popup opening, Refresh, "Look up this
 * site"), so the site may be looked up whatever the lookup mode. 'follow': a page merely
 * follows the active tab (the side panel), so it is looked up only where a tab event would be
 * (automatic lookups allowed), and otherwise answered from what is already known.
 */
export type ShowTabTrigger = 'user' | 'follow';
