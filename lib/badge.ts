/**
 * What the toolbar badge shows for a tab's view: the rounded score on its colour band, or a
 * distinct non-numeric mark, and a title that says the state in words with the report's age.
 * The one place marks, colours and titles are decided (colours come from lib/score-band.ts).
 */

import { formatRelativeTime, parseTime } from './format-time';
import { t, uiLocale } from './i18n';
import { notLookedUpReasonSentence } from './not-looked-up-reasons';
import { roundScore, STATE_COLORS, scoreBandFor } from './score-band';
import type { TabView } from './tab-view';

export interface BadgeAppearance {
  text: string;
  /** Background colour; the text is white. */
  color: string;
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
  invalid: 'ERR',
  notLookedUp: '',
} as const;

function siteOf(target: string): string {
  try {
    return new URL(target).host;
  } catch {
    return target;
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

function reportBadge(view: Extract<TabView, { status: 'report' }>, now: number): BadgeAppearance {
  const { report } = view;
  const scanned = scannedPhrase(report.scanned_at, now);
  const withAge = (title: string) => (view.stale ? t('badgeStale', title) : title);
  if (report.score === null) {
    return {
      text: BADGE_MARKS.noScore,
      color: STATE_COLORS.neutral,
      title: withAge(t('badgeNoScore', [report.display_target, report.score_label, scanned])),
    };
  }
  const score = String(roundScore(report.score));
  return {
    text: score,
    color: view.stale ? STATE_COLORS.stale : scoreBandFor(report.score).color,
    title: withAge(t('badgeScore', [score, report.score_label, report.display_target, scanned])),
  };
}

export function badgeFor(view: TabView, now: number): BadgeAppearance {
  switch (view.status) {
    case 'report':
      return reportBadge(view, now);
    case 'loading':
      return {
        text: BADGE_MARKS.loading,
        color: STATE_COLORS.neutral,
        title: t('badgeLoading', siteOf(view.target)),
      };
    case 'no-report':
      return {
        text: BADGE_MARKS.noReport,
        color: STATE_COLORS.neutral,
        title: t('badgeNoReport', siteOf(view.target)),
      };
    case 'unavailable':
      return {
        text: BADGE_MARKS.unavailable,
        color: STATE_COLORS.problem,
        title: t(
          view.cause === 'service'
            ? 'badgeServiceUnavailable'
            : view.cause === 'timeout'
              ? 'badgeTimeout'
              : 'badgeNetwork',
          siteOf(view.target),
        ),
      };
    case 'invalid-response':
      return {
        text: BADGE_MARKS.invalid,
        color: STATE_COLORS.problem,
        title: t('badgeInvalid', siteOf(view.target)),
      };
    case 'rejected':
      return {
        text: BADGE_MARKS.invalid,
        color: STATE_COLORS.problem,
        title: t('badgeRejected', siteOf(view.target)),
      };
    case 'not-looked-up':
      return {
        text: BADGE_MARKS.notLookedUp,
        color: STATE_COLORS.neutral,
        title: notLookedUpReasonSentence(view.reason),
      };
  }
}
