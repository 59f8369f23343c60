/**
 * What the toolbar badge shows for a tab's view: the rounded score on its colour band, or the
 * state's mark (lib/tabs/view-states.ts), and a tooltip that says the state in words with the
 * report's age.
 */
import { formatRelativeTime, parseTime } from '../locale/format-time';
import { t, uiLocale } from '../locale/i18n';
import { notLookedUpReasonSentence } from '../privacy/not-looked-up-reasons';
import type { BadgeMode } from '../settings/settings';
import { isNotLookedUp, type TabView } from '../tabs/tab-view';
import { VIEW_STATES, wordsOf } from '../tabs/view-states';
import { roundScore, STATE_COLORS, scoreBandFor } from './score-band';

/** The user's badge mode (lib/settings/settings-record.ts). */
export interface BadgeOptions {
  mode: BadgeMode;
}

/** The toolbar button's tooltip where nothing is known about the tab's site (the manifest's). */
export const DEFAULT_BADGE_TITLE = 'Agent Readiness Badge';

function hostOf(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return origin;
  }
}

/** The badge's text and background colour (behind white text), before the user's badge mode. */
function badgeLook(view: TabView): { text: string; color: string } {
  const state = VIEW_STATES[view.status];
  if (view.status === 'report' && view.report.score !== null) {
    const { score } = view.report;
    return {
      text: String(roundScore(score)),
      color: view.stale ? STATE_COLORS.stale : scoreBandFor(score).color,
    };
  }
  return { text: state.mark, color: STATE_COLORS[state.tone] };
}

/**
 * The text under the user's choice. "Scores only" shows a number and nothing else, the
 * problem marks too: a user who asked for a quiet icon asked for it there as well; the tooltip
 * and the popup still say so.
 */
export function badgeTextFor(view: TabView, { mode }: BadgeOptions): string {
  if (mode === 'off') return '';
  if (mode === 'scores' && (view.status !== 'report' || view.report.score === null)) return '';
  return badgeLook(view).text;
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
function badgeTitle(view: TabView, now: number): string {
  if (isNotLookedUp(view)) return notLookedUpReasonSentence(view.reason);
  if (view.status !== 'report') {
    const serviceHost = 'serviceHost' in view ? view.serviceHost : '';
    return t(wordsOf(view)?.badge ?? 'badgeLoading', [hostOf(view.origin), serviceHost]);
  }
  const { score, score_label: label, display_target: site, scanned_at } = view.report;
  const scanned = scannedPhrase(scanned_at, now);
  const title =
    score === null
      ? t('badgeNoScore', [site, label, scanned])
      : t('badgeScore', [String(roundScore(score)), label, site, scanned]);
  return view.stale ? t('badgeStale', title) : title;
}

export function badgeFor(view: TabView, now: number, options: BadgeOptions = { mode: 'all' }) {
  return {
    text: badgeTextFor(view, options),
    color: badgeLook(view).color,
    title: badgeTitle(view, now),
  };
}
