/** Every status a view can have, in one table: its mark, its words and how the lookup treats it. */
import type { MessageKey } from '../locale/i18n';
import type { TabViewStatus, UnavailableCause } from './tab-view';

/** What a row of the sites page says of a site, as the sites export names it. */
export type SiteStatus =
  | 'fresh'
  | 'stale'
  | 'no-report'
  | 'unavailable'
  | 'busy'
  | 'service-moved'
  | 'service-not-permitted'
  | 'invalid'
  | 'rejected'
  | 'not-looked-up'
  | 'checking'
  | 'not-checked';

/** The words of a state: the tooltip (given the site's host), the popup's heading and first line. */
export interface StatusWords {
  badge: MessageKey;
  title: MessageKey;
  body: MessageKey | null;
}

export interface StatusTraits {
  /** The badge's mark, drawn large in the popup too; a report shows its score instead. */
  mark: string;
  /** `problem`: something failed; `neutral`: nothing wrong, just no score. */
  tone: 'neutral' | 'problem';
  /** Null where the view names its own (a report, a reason not to look up). */
  words: StatusWords | null;
  siteStatus: SiteStatus;
  siteWords: MessageKey;
  settled: boolean;
  /** An answer about the site, rather than "loading" or why it was not asked. */
  answer: boolean;
  /** An answer the extension could not use: asking again would only get it again. */
  keptUntilRefresh: boolean;
  /** The service cannot answer now: says nothing about the site, nor about the next site. */
  serviceTrouble: boolean;
  /** The service asked to wait until `retryAt`: the tab is looked up again then. */
  waitsForService: boolean;
}

const state = (
  mark: string,
  tone: StatusTraits['tone'],
  siteStatus: SiteStatus,
  siteWords: MessageKey,
  more: Partial<StatusTraits> = {},
): StatusTraits => ({
  mark,
  tone,
  siteStatus,
  siteWords,
  words: null,
  settled: true,
  answer: true,
  keptUntilRefresh: false,
  serviceTrouble: false,
  waitsForService: false,
  ...more,
});

export const STATUS_TRAITS: Readonly<Record<TabViewStatus, StatusTraits>> = {
  loading: state('…', 'neutral', 'checking', 'sitesState_checking', {
    words: { badge: 'badgeLoading', title: 'popupLoadingUnknown', body: 'popupLoadingBody' },
    settled: false,
    answer: false,
  }),
  // A report shows its score; the mark is for a report without one.
  report: state('N/A', 'neutral', 'fresh', 'sitesState_fresh'),
  'no-report': state('–', 'neutral', 'no-report', 'sitesState_noReport', {
    words: { badge: 'badgeNoReport', title: 'popupNoReportTitle', body: 'popupNoReportBody' },
  }),
  // Two bars, as on a pause button: the service asked us to wait, nothing is broken.
  busy: state('‖', 'neutral', 'busy', 'sitesState_busy', {
    words: { badge: 'badgeBusy', title: 'popupBusyTitle', body: 'popupBusyBody' },
    serviceTrouble: true,
    waitsForService: true,
  }),
  // The service is elsewhere: an arrow away, never a site's "no report".
  'service-moved': state('→', 'problem', 'service-moved', 'sitesState_serviceMoved', {
    words: { badge: 'badgeServiceMoved', title: 'popupMovedTitle', body: 'popupMovedBody' },
    serviceTrouble: true,
  }),
  unavailable: state('!', 'problem', 'unavailable', 'sitesState_unavailable', {
    serviceTrouble: true,
  }),
  // A lock: the extension may not reach the service; nothing was asked, nothing is broken.
  'service-not-permitted': state(
    '⊘',
    'problem',
    'service-not-permitted',
    'sitesState_serviceNotPermitted',
    {
      words: {
        badge: 'badgeServiceNotPermitted',
        title: 'popupNotPermittedTitle',
        body: 'popupNotPermittedBody',
      },
      serviceTrouble: true,
    },
  ),
  'invalid-response': state('ERR', 'problem', 'invalid', 'sitesState_invalid', {
    words: { badge: 'badgeInvalid', title: 'popupInvalidTitle', body: 'popupInvalidBody' },
    keptUntilRefresh: true,
  }),
  rejected: state('ERR', 'problem', 'rejected', 'sitesState_rejected', {
    words: { badge: 'badgeRejected', title: 'popupRejectedTitle', body: 'popupRejectedBody' },
    keptUntilRefresh: true,
  }),
  // No mark on the toolbar: a browser page, a local address or a paused site has nothing to
  // report, and a mark on every such tab would be noise. The tooltip says why.
  'not-looked-up': state('', 'neutral', 'not-looked-up', 'sitesState_notLookedUp', {
    answer: false,
  }),
};

const UNAVAILABLE_WORDS: Readonly<Record<UnavailableCause, StatusWords>> = {
  service: {
    badge: 'badgeServiceUnavailable',
    title: 'popupServiceTitle',
    body: 'popupServiceBody',
  },
  network: { badge: 'badgeNetwork', title: 'popupNetworkTitle', body: 'popupNetworkBody' },
  timeout: { badge: 'badgeTimeout', title: 'popupTimeoutTitle', body: 'popupTimeoutBody' },
};

export const wordsOf = (view: { status: TabViewStatus; cause?: UnavailableCause }) =>
  view.cause === undefined ? STATUS_TRAITS[view.status].words : UNAVAILABLE_WORDS[view.cause];

export function siteWordsOf(siteStatus: SiteStatus): MessageKey {
  if (siteStatus === 'stale') return 'sitesState_stale';
  const state = Object.values(STATUS_TRAITS).find((row) => row.siteStatus === siteStatus);
  return state?.siteWords ?? 'sitesState_notChecked';
}

export const isViewStatus = (value: unknown): value is TabViewStatus =>
  typeof value === 'string' && Object.hasOwn(STATUS_TRAITS, value);
