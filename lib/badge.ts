/**
 * What the toolbar badge shows for a tab's view: the rounded score on its colour band, or a
 * distinct non-numeric mark, and a title that says the state in words.
 */

import { formatRelativeTime, parseTime } from './format-time';
import { notLookedUpReasonSentence } from './not-looked-up-reasons';
import { roundScore, scoreBandFor, UNSCORED_BAND } from './score-band';
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

/** Marks for states without a score: none of them can be mistaken for a number. */
export const BADGE_MARKS = {
  loading: '…',
  noScore: 'N/A',
  noReport: '–',
  unavailable: '!',
  invalid: 'ERR',
  notLookedUp: '',
} as const;

const NEUTRAL = UNSCORED_BAND.color;
const PROBLEM = '#44546a';

function siteOf(target: string): string {
  try {
    return new URL(target).host;
  } catch {
    return target;
  }
}

export function badgeFor(view: TabView, now: number): BadgeAppearance {
  switch (view.status) {
    case 'report': {
      const { report } = view;
      // A scan time ahead of this computer's clock (the server's clock runs fast, or ours runs
      // slow) reads "now", as in the popup, never "scanned in 59 minutes".
      const scannedAt = Math.min(parseTime(report.scanned_at) ?? Number.NaN, now);
      const scanned = `scanned ${formatRelativeTime(scannedAt, now) ?? 'at an unknown time'}`;
      const stale = view.stale ? ' (saved copy, may be out of date)' : '';
      if (report.score === null) {
        return {
          text: BADGE_MARKS.noScore,
          color: NEUTRAL,
          title: `No agent readiness score for ${report.display_target} (${report.score_label}), ${scanned}${stale}`,
        };
      }
      const score = roundScore(report.score);
      return {
        text: String(score),
        color: scoreBandFor(report.score).color,
        title: `Agent readiness ${score} (${report.score_label}) for ${report.display_target}, ${scanned}${stale}`,
      };
    }
    case 'loading':
      return {
        text: BADGE_MARKS.loading,
        color: NEUTRAL,
        title: `Looking up agent readiness for ${siteOf(view.target)}…`,
      };
    case 'no-report':
      return {
        text: BADGE_MARKS.noReport,
        color: NEUTRAL,
        title: `No agent readiness report stored for ${siteOf(view.target)}`,
      };
    case 'unavailable':
      return {
        text: BADGE_MARKS.unavailable,
        color: PROBLEM,
        title: `Agent readiness for ${siteOf(view.target)}: ${
          view.cause === 'service'
            ? 'the report service is unavailable'
            : view.cause === 'timeout'
              ? 'the report service did not answer in time'
              : 'the report service could not be reached'
        }`,
      };
    case 'invalid-response':
      return {
        text: BADGE_MARKS.invalid,
        color: PROBLEM,
        title: `Agent readiness for ${siteOf(view.target)}: the service's answer could not be read`,
      };
    case 'rejected':
      return {
        text: BADGE_MARKS.invalid,
        color: PROBLEM,
        title: `Agent readiness for ${siteOf(view.target)}: the service rejected the lookup`,
      };
    case 'not-looked-up':
      return {
        text: BADGE_MARKS.notLookedUp,
        color: NEUTRAL,
        title: notLookedUpReasonSentence(view.reason),
      };
  }
}
