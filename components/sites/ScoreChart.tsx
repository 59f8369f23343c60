import type { ScoreRecord } from '../../lib/history/scan-record';
import { parseTime } from '../../lib/locale/format-time';
import { t } from '../../lib/locale/i18n';
import { scoreBandFor } from '../../lib/tabs/score-band';

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 8;

/**
 * One site's score over the scans this browser saw, as a line on 0–100. It is drawn for the eye
 * only: the site's timeline beside it (SiteTimeline.tsx) says the same in words.
 */
export function ScoreChart({ scans }: { scans: readonly ScoreRecord[] }) {
  const points = scans
    .flatMap(({ scannedAt, score }) => {
      const at = parseTime(scannedAt);
      return at === null || score === null ? [] : [{ at, score, scannedAt }];
    })
    .sort((a, b) => a.at - b.at);
  if (points.length === 0) return <p class="chart-empty">{t('sitesChartEmpty')}</p>;
  const first = points[0]?.at ?? 0;
  const span = Math.max(1, (points[points.length - 1]?.at ?? first) - first);
  const x = (at: number) =>
    points.length === 1 ? WIDTH / 2 : PAD + ((at - first) / span) * (WIDTH - 2 * PAD);
  const y = (score: number) => PAD + (1 - score / 100) * (HEIGHT - 2 * PAD);
  return (
    <figure class="score-chart">
      <figcaption>{t('sitesChartTitle')}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="presentation" aria-hidden="true" class="chart">
        {[0, 50, 80, 100].map((level) => (
          <line key={level} class="chart-grid" x1={0} x2={WIDTH} y1={y(level)} y2={y(level)} />
        ))}
        <polyline
          class="chart-line"
          points={points.map((point) => `${x(point.at)},${y(point.score)}`).join(' ')}
        />
        {points.map((point) => (
          <circle
            key={point.scannedAt}
            cx={x(point.at)}
            cy={y(point.score)}
            r={4}
            fill={scoreBandFor(point.score).color}
          />
        ))}
      </svg>
    </figure>
  );
}
