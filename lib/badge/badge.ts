/**
 * What the toolbar badge shows for a tab's view: the rounded score on its colour band, or a
 * distinct non-numeric mark, and a title that says the state in words with the report's age.
 * The one place marks, colours and titles are decided (colours come from lib/badge/score-band.ts).
 */

import { formatRelativeTime, parseTime } from '../locale/format-time';
import { type MessageKey, t, uiLocale } from '../locale/i18n';
import { notLookedUpReasonSentence } from '../privacy/not-looked-up-reasons';
import type { BadgeMode } from '../storage/records';
import type { TabView, UnavailableCause } from '../tabs/tab-view';
import { roundScore, STATE_COLORS, scoreBandFor } from './score-band';

/** How the badge is drawn, from the settings in effect. */
export interface BadgeOptions {
  /**
   * `all`: a score or a mark for every state. `scores`: only a numeric score, fresh or stale.
   * `off`: no text on any tab. The tooltip says the state in words under each.
   */
  mode: BadgeMode;
}

export const EVERY_BADGE_TEXT: BadgeOptions = { mode: 'all' };

export interface BadgeLook {
  text: string;
  /** Background colour; the text is white. */
  color: string;
}

export interface BadgeAppearance extends BadgeLook {
  /** The action's tooltip. */
  title: string;
}

/** The toolbar button's tooltip where nothing is known about the tab's site (the manifest's). */
export const DEFAULT_BADGE_TITLE = 'Agent Readiness Badge';

/**
 * Marks for states without a score: none of them can be mistaken for a number. A site that
 * was not looked up (a browser page, a local address, a paused site) gets no mark at all: it
 * has nothing to report, and a mark on every such tab would only be noise; its title says why.
 */
export const BADGE_MARKS = {
  loading: '…',
  noScore: 'N/A',
  noReport: '–',
  unavailable: '!',
  /** Two bars, as on a pause button: the service asked us to wait, nothing is broken. */
  busy: '‖',
  /** The service is elsewhere: an arrow away, never a site's "no report". */
  serviceMoved: '→',
  /** A lock: the extension may not reach the service; nothing was asked, nothing is broken. */
  serviceNotPermitted: '⊘',
  invalid: 'ERR',
  notLookedUp: '',
} as const;

const UNAVAILABLE_TITLE: Record<UnavailableCause, MessageKey> = {
  service: 'badgeServiceUnavailable',
  timeout: 'badgeTimeout',
  network: 'badgeNetwork',
};

function siteOf(target: string): string {
  try {
    return new URL(target).host;
  } catch {
    return target;
  }
}

/**
 * The badge's text and colour: a fresh score on its band, a stale one on the stale colour, a
 * mark for every other state. Needs no translations, so tests outside the browser can use it.
 */
export function badgeLook(view: TabView): BadgeLook {
  switch (view.status) {
    case 'report': {
      const { score } = view.report;
      if (score === null) return { text: BADGE_MARKS.noScore, color: STATE_COLORS.neutral };
      return {
        text: String(roundScore(score)),
        color: view.stale ? STATE_COLORS.stale : scoreBandFor(score).color,
      };
    }
    case 'loading':
      return { text: BADGE_MARKS.loading, color: STATE_COLORS.neutral };
    case 'no-report':
      return { text: BADGE_MARKS.noReport, color: STATE_COLORS.neutral };
    case 'unavailable':
      return { text: BADGE_MARKS.unavailable, color: STATE_COLORS.problem };
    case 'busy':
      return { text: BADGE_MARKS.busy, color: STATE_COLORS.neutral };
    case 'service-moved':
      return { text: BADGE_MARKS.serviceMoved, color: STATE_COLORS.problem };
    case 'service-not-permitted':
      return { text: BADGE_MARKS.serviceNotPermitted, color: STATE_COLORS.problem };
    case 'invalid-response':
    case 'rejected':
      return { text: BADGE_MARKS.invalid, color: STATE_COLORS.problem };
    case 'not-looked-up':
      return { text: BADGE_MARKS.notLookedUp, color: STATE_COLORS.neutral };
  }
}

/**
 * The text the badge carries under the user's choice. "Scores only" shows a number and
 * nothing else: every mark goes, the problem marks too (`!`, `ERR`, the arrow, the lock) and
 * `N/A` for a report without a score. A user who asked for a quiet icon asked for it where
 * the service or the network has trouble as well; the tooltip and the popup still say so.
 */
export function badgeTextFor(view: TabView, options: BadgeOptions): string {
  switch (options.mode) {
    case 'all':
      return badgeLook(view).text;
    case 'scores':
      return view.status === 'report' && view.report.score !== null ? badgeLook(view).text : '';
    case 'off':
      return '';
  }
}

/** "scanned 3 days ago"; a scan time ahead of this computer's clock reads "scanned now". */
function scannedPhrase(scannedAt: string, now: number): string {
  const scanned = parseTime(scannedAt);
  const ago =
    scanned === null
      ? null
      : formatRelativeTime(Math.min(scanned, now), now, { locale: uiLocale() });
  return ago === null ? t('badgeScannedUnknown') : t('badgeScanned', ago);
}

/** The tooltip: the state in words, with the site and the report's age. */
export function badgeTitle(view: TabView, now: number): string {
  switch (view.status) {
    case 'report': {
      const { report } = view;
      const scanned = scannedPhrase(report.scanned_at, now);
      const title =
        report.score === null
          ? t('badgeNoScore', [report.display_target, report.score_label, scanned])
          : t('badgeScore', [
              String(roundScore(report.score)),
              report.score_label,
              report.display_target,
              scanned,
            ]);
      return view.stale ? t('badgeStale', title) : title;
    }
    case 'loading':
      return t('badgeLoading', siteOf(view.target));
    case 'no-report':
      return t('badgeNoReport', siteOf(view.target));
    case 'unavailable':
      return t(UNAVAILABLE_TITLE[view.cause], siteOf(view.target));
    case 'busy':
      return t('badgeBusy', siteOf(view.target));
    case 'service-moved':
      return t('badgeServiceMoved', siteOf(view.target));
    case 'service-not-permitted':
      return t('badgeServiceNotPermitted', [siteOf(view.target), view.serviceHost]);
    case 'invalid-response':
      return t('badgeInvalid', siteOf(view.target));
    case 'rejected':
      return t('badgeRejected', siteOf(view.target));
    case 'not-looked-up':
      return notLookedUpReasonSentence(view.reason);
  }
}

export function badgeFor(
  view: TabView,
  now: number,
  options: BadgeOptions = EVERY_BADGE_TEXT,
): BadgeAppearance {
  const { color } = badgeLook(view);
  return { text: badgeTextFor(view, options), color, title: badgeTitle(view, now) };
}
