import type { ScanReport, ScoreBucket } from '../lib/contract/report-schema';
import { scoreBandFor } from '../lib/score-band';
import { formatPoints, plural } from './format';

export interface TierBucketsProps {
  breakdown: ScanReport['score_breakdown'];
  eligibleChecks: number;
}

interface BucketRowProps {
  name: string;
  bucket: ScoreBucket;
}

/** One scored tier: a bar of earned against available points, and passing checks. */
function BucketRow({ name, bucket }: BucketRowProps) {
  const { earned, available, passing, total } = bucket;
  if (available === 0) {
    return (
      <li class="bucket bucket-na">
        <div class="bucket-head">
          <span class="bucket-name">{name}</span>
          <span class="bucket-points">Not applicable</span>
        </div>
      </li>
    );
  }
  const share = Math.min(Math.max(earned / available, 0), 1);
  const points = `${formatPoints(earned)} / ${formatPoints(available)} points`;
  return (
    <li class="bucket">
      <div class="bucket-head">
        <span class="bucket-name">{name}</span>
        <span class="bucket-points">{points}</span>
      </div>
      <meter
        class="bar"
        min={0}
        max={available}
        value={earned}
        aria-label={`${name} points`}
        aria-valuetext={`${formatPoints(earned)} of ${formatPoints(available)} points`}
        // The bar takes the colour band of its own share, on the same scale as the score.
        style={{ '--band': scoreBandFor(share * 100).color }}
      />
      <p class="bucket-checks">
        {passing} / {plural(total, 'check', 'checks')} passing
      </p>
    </li>
  );
}

/** Essential and recommended as bars, bonus as added points, and the count of checks. */
export function TierBuckets({ breakdown, eligibleChecks }: TierBucketsProps) {
  const { bonus } = breakdown;
  return (
    <section class="buckets" aria-labelledby="buckets-title">
      <h2 id="buckets-title">Score breakdown</h2>
      <ul class="bucket-list">
        <BucketRow name="Essential" bucket={breakdown.essential} />
        <BucketRow name="Recommended" bucket={breakdown.recommended} />
        <li class="bucket bucket-bonus">
          <div class="bucket-head">
            <span class="bucket-name">Bonus</span>
            <span class="bucket-points">
              +{plural(Number(formatPoints(bonus.points)), 'point', 'points')},{' '}
              {plural(bonus.positive_signals, 'positive signal', 'positive signals')}
            </span>
          </div>
        </li>
      </ul>
      <p class="eligible">{plural(eligibleChecks, 'check', 'checks')} applied</p>
    </section>
  );
}
