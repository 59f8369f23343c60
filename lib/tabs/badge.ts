/** The toolbar badge of a view: the score on its band or the status's mark, and a tooltip in words. */
import { hostOf } from '../contract/http-origin';
import { formatExactTime, formatRelativeTime, parseTime } from '../locale/format-time';
import { t, uiLocale } from '../locale/i18n';
import { DEFAULT_SETTINGS, type UserSettings } from '../settings/settings';
import { notLookedUpText } from './not-looked-up-reasons';
import { reportAge } from './report-age';
import { roundScore, STATE_COLORS, scoreBandFor } from './score-band';
import { STATUS_TRAITS, wordsOf } from './status-traits';
import { isNotLookedUp, type TabView } from './tab-view';

export type BadgeOptions = Pick<UserSettings, 'badgeMode' | 'oldReportDays'>;

/** The toolbar button's tooltip where nothing is known about the tab's site (the manifest's). */
export const DEFAULT_BADGE_TITLE = 'Agent Readiness Badge';

function badgeLook(view: TabView): { text: string; color: string } {
  const state = STATUS_TRAITS[view.status];
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
 * "Scores only" hides the problem marks too: a user who asked for a quiet icon asked for it there
 * as well; the tooltip and the popup still say so.
 */
export function badgeTextFor(
  view: TabView,
  { badgeMode: mode }: Pick<BadgeOptions, 'badgeMode'>,
): string {
  const scored = view.status === 'report' && view.report.score !== null;
  return mode === 'all' || (mode === 'scores' && scored) ? badgeLook(view).text : '';
}

/** A scan time well ahead of this computer's clock reads only as its time (report-age.ts). */
function scannedPhrase(scannedAt: string, now: number, ahead: boolean): string {
  const scanned = parseTime(scannedAt);
  const locale = uiLocale();
  if (scanned === null) return t('badgeScannedUnknown');
  const when = ahead
    ? formatExactTime(scanned, { locale })
    : formatRelativeTime(Math.min(scanned, now), now, { locale });
  return when === null ? t('badgeScannedUnknown') : t('badgeScanned', when);
}

function badgeTitle(view: TabView, now: number, options: BadgeOptions): string {
  if (isNotLookedUp(view)) return notLookedUpText(view.reason).title;
  if (view.status !== 'report') {
    const serviceHost = 'serviceHost' in view ? view.serviceHost : '';
    return t(wordsOf(view)?.badge ?? 'badgeLoading', [hostOf(view.origin), serviceHost]);
  }
  const { score, score_label: label, display_target: site, scanned_at } = view.report;
  const age = reportAge(scanned_at, now, options.oldReportDays);
  const scanned = scannedPhrase(scanned_at, now, age === 'ahead');
  const title =
    score === null
      ? t('badgeNoScore', [site, label, scanned])
      : t('badgeScore', [String(roundScore(score)), label, site, scanned]);
  const aged = age === 'old' ? t('badgeOld', title) : title;
  return view.stale ? t('badgeStale', aged) : aged;
}

export function badgeFor(view: TabView, now: number, options: BadgeOptions = DEFAULT_SETTINGS) {
  return {
    text: badgeTextFor(view, options),
    color: badgeLook(view).color,
    title: badgeTitle(view, now, options),
  };
}
