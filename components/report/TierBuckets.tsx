import type { ScanReport, ScoreBucket } from '../../lib/contract/report-schema';
import { t } from '../../lib/locale/i18n';
import { formatNumber, tCount } from '../../lib/locale/locale-format';
import { scoreBandFor } from '../../lib/tabs/score-band';

export interface TierBucketsProps {
  breakdown: ScanReport['score_breakdown'];
  eligibleChecks: number;
  /**
   * Where several reports share a page (the comparison): an id each, deeper in the outline, and
   * `under`, the id of the heading read before this one, so that their names differ.
   */
  heading?: { id: string; level: 2 | 3 | 4 | 5; under?: string };
  /** Says what the count covers: checks not listed passed or do not apply, bonus ones too. */
  coverage?: { bonusListed: boolean };
}

/** One scored tier: a bar of earned against available points, and passing checks. */
function BucketRow({ name, bucket }: { name: string; bucket: ScoreBucket }) {
  const { earned, available, passing, total } = bucket;
  const points = [formatNumber(earned), formatNumber(available)];
  return (
    <li class={available === 0 ? 'bucket bucket-na' : 'bucket'}>
      <div class="bucket-head">
        <span class="bucket-name">{name}</span>
        <span class="bucket-points">
          {available === 0 ? t('popupNotApplicable') : t('popupBucketPoints', points)}
        </span>
      </div>
      {available === 0 ? null : (
        <>
          <meter
            class="bar"
            min={0}
            max={available}
            value={earned}
            aria-label={t('popupBucketMeterName', name)}
            aria-valuetext={t('popupBucketMeterValue', points)}
            // The bar takes the colour band of its own share, on the same scale as the score.
            style={{
              '--band': scoreBandFor(Math.min(Math.max(earned / available, 0), 1) * 100).color,
            }}
          />
          <p class="bucket-checks">{tCount('popupChecksPassing', total, formatNumber(passing))}</p>
        </>
      )}
    </li>
  );
}

/** Essential and recommended as bars, bonus as added points, and the count of checks. */
export function TierBuckets({ breakdown, eligibleChecks, heading, coverage }: TierBucketsProps) {
  const { bonus } = breakdown;
  const { id, level, under } = heading ?? { id: 'buckets-title', level: 2 };
  const Heading = `h${level}` as const;
  return (
    <section class="buckets" aria-labelledby={under === undefined ? id : `${under} ${id}`}>
      <Heading id={id}>{t('popupBreakdownTitle')}</Heading>
      <ul class="bucket-list">
        <BucketRow name={t('popupTierEssential')} bucket={breakdown.essential} />
        <BucketRow name={t('popupTierRecommended')} bucket={breakdown.recommended} />
        <li class="bucket bucket-bonus">
          <div class="bucket-head">
            <span class="bucket-name">{t('popupTierBonus')}</span>
            <span class="bucket-points">
              {t('popupBonusSummary', [
                tCount('popupBonusPoints', bonus.points),
                tCount('popupPositiveSignals', bonus.positive_signals),
              ])}
            </span>
          </div>
        </li>
      </ul>
      <p class="eligible">
        {coverage === undefined
          ? tCount('popupChecksApplied', eligibleChecks)
          : t(
              coverage.bonusListed ? 'popupCoverageWithBonus' : 'popupCoverage',
              tCount('popupChecksApplied', eligibleChecks),
            )}
      </p>
    </section>
  );
}
