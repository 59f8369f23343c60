import { hostOf } from '../../lib/contract/http-origin';
import type { ScanReport } from '../../lib/contract/report-schema';
import type { CheckDiff } from '../../lib/history/check-diff';
import type { ScoreChange } from '../../lib/history/score-history';
import {
  formatExactTime,
  formatRelativeTime,
  formatShortDate,
  parseTime,
} from '../../lib/locale/format-time';
import { type MessageKey, t, uiLocale } from '../../lib/locale/i18n';
import { formatChange, formatNumber } from '../../lib/locale/locale-format';
import type { OldReportDays } from '../../lib/settings/settings';
import { reportAge } from '../../lib/tabs/report-age';
import { roundScore, type ScoreBandId, scoreBandFor } from '../../lib/tabs/score-band';
import { ExternalLink } from '../shared/ExternalLink';
import { tWith } from '../shared/format';
import { useLazyComponent } from '../shared/use-lazy-component';

export interface ScoreHeaderProps {
  report: ScanReport;
  stale: boolean;
  /** When this extension received the report (epoch ms). */
  receivedAt: number;
  now: number;
  change?: ScoreChange | null | undefined;
  checkDiff?: CheckDiff | null | undefined;
  oldReportDays?: OldReportDays | undefined;
  /** Another site's report, under a heading of its own: the site is no heading here. */
  nested?: boolean;
}

const BAND_NAME: Record<Exclude<ScoreBandId, 'unscored'>, MessageKey> = {
  strong: 'popupBandStrong',
  fair: 'popupBandFair',
  weak: 'popupBandWeak',
};

/** "+8 since 3 Oct", or "Unchanged since 3 Oct". */
function ChangeNote({ change }: { change: ScoreChange }) {
  const locale = uiLocale();
  const date = formatShortDate(change.previousScannedAt, { locale });
  const direction = change.delta > 0 ? 'up' : change.delta < 0 ? 'down' : 'same';
  return (
    <p class={`score-change score-change-${direction}`}>
      <span class="visually-hidden">{t('popupHistoryLabel')} </span>
      {change.delta === 0
        ? t('popupHistoryUnchanged', date)
        : t('popupHistoryChange', [formatChange(change.delta, locale), date])}
    </p>
  );
}

/** Its own chunk: the diff arrives after the first frame, which need not carry the note's code. */
function LazyCheckChangeNote({ diff }: { diff: CheckDiff }) {
  const Note = useLazyComponent(() => import('./CheckChangeNote').then((c) => c.CheckChangeNote));
  return Note === null ? null : <Note diff={diff} />;
}

/** The score on its band colour, the site, the label, how old the report is, and its trend. */
export function ScoreHeader({
  report,
  stale,
  receivedAt,
  now,
  oldReportDays = '30',
  nested = false,
  ...notes
}: ScoreHeaderProps) {
  const Site = nested ? 'p' : 'h1';
  const { score, scanned_at: scannedAt } = report;
  const locale = uiLocale();
  const band = scoreBandFor(score);
  const scanned = parseTime(scannedAt);
  const age = reportAge(scannedAt, now, oldReportDays);
  // A scan time slightly ahead of this computer's clock reads "now", not "in 2 minutes"; one
  // further ahead has no age to say (report-age.ts).
  const scannedAgo =
    scanned === null || age === 'ahead'
      ? null
      : formatRelativeTime(Math.min(scanned, now), now, { locale });
  const exact = scanned === null ? null : formatExactTime(scanned, { locale });
  const receivedAgo = formatRelativeTime(Math.min(receivedAt, now), now, { locale });
  return (
    <header class="score-header" style={{ '--band': band.color }}>
      <p class="score-badge" data-band={band.id}>
        <span class="visually-hidden">{t('popupScoreCaption')} </span>
        <span class="score-figure">
          {score === null ? '–' : formatNumber(roundScore(score), locale)}
        </span>
        <span class="score-scale">
          {score === null ? t('popupScoreNone') : t('popupScoreOutOf')}
        </span>
      </p>
      <div class="score-meta">
        <Site class="site">{report.display_target}</Site>
        <p class="score-tags">
          <span class="score-label">{report.score_label}</span>
          {band.id !== 'unscored' && band.min !== null && band.max !== null ? (
            <span class="band-name">
              {t('popupBandRange', [
                t(BAND_NAME[band.id]),
                formatNumber(band.min, locale),
                formatNumber(band.max, locale),
              ])}
            </span>
          ) : null}
        </p>
        <p class="scanned">
          {scanned === null || scannedAgo === null
            ? t(age === 'ahead' ? 'popupScannedAhead' : 'popupScanned', exact ?? scannedAt)
            : tWith('popupScanned', [
                <time
                  key="scanned"
                  dateTime={new Date(scanned).toISOString()}
                  title={exact ?? undefined}
                  data-exact={exact ?? undefined}
                  // Focusable, so keyboard users get the exact time (shown on focus by popup.css)
                  // as pointer users get it on hover; screen readers read it from the title.
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: a tooltip target, see above
                  tabIndex={0}
                >
                  {scannedAgo}
                </time>,
              ])}
          {exact !== null && scannedAgo !== null ? (
            <span class="visually-hidden"> {t('popupExactTime', exact)}</span>
          ) : null}
        </p>
        {age === 'old' ? (
          <p class="old-note">
            {t('popupOldReport', scannedAgo ?? scannedAt)}{' '}
            <ExternalLink href={report.report_url}>
              {t('popupRescanOn', hostOf(report.report_url))}
            </ExternalLink>
          </p>
        ) : null}
        {notes.change ? <ChangeNote change={notes.change} /> : null}
        {notes.checkDiff ? <LazyCheckChangeNote diff={notes.checkDiff} /> : null}
        {stale ? (
          <p class="stale-note">
            <span class="stale-mark">{t('popupStaleMark')}</span>{' '}
            {receivedAgo ? t('popupStaleReceived', receivedAgo) : t('popupStaleNoTime')}
          </p>
        ) : null}
      </div>
    </header>
  );
}
