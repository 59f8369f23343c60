import { formatExactTime, formatRelativeTime, parseTime } from '../lib/format-time';
import { roundScore, scoreBandFor } from '../lib/score-band';

export interface ScoreHeaderProps {
  displayTarget: string;
  score: number | null;
  scoreLabel: string;
  /** The report's `scanned_at` (ISO date-time). */
  scannedAt: string;
  stale: boolean;
  /** When this extension received the report (epoch ms). */
  receivedAt: number;
  now: number;
}

/** The score on its band colour, the site, the label, and how old the report is. */
export function ScoreHeader({
  displayTarget,
  score,
  scoreLabel,
  scannedAt,
  stale,
  receivedAt,
  now,
}: ScoreHeaderProps) {
  const band = scoreBandFor(score);
  const scanned = parseTime(scannedAt);
  // A scan time slightly ahead of this computer's clock reads "now", not "in 2 minutes".
  const scannedAgo = scanned === null ? null : formatRelativeTime(Math.min(scanned, now), now);
  const receivedAgo = formatRelativeTime(Math.min(receivedAt, now), now);
  return (
    <header class="score-header" style={{ '--band': band.color }}>
      <p class="score-badge" data-band={band.id}>
        <span class="score-figure">{score === null ? '–' : String(roundScore(score))}</span>
        <span class="score-scale">{score === null ? 'No score' : 'of 100'}</span>
      </p>
      <div class="score-meta">
        <h1 class="site">{displayTarget}</h1>
        <p class="score-label">{scoreLabel}</p>
        <p class="scanned">
          {scanned === null || scannedAgo === null ? (
            <>Scanned {scannedAt}</>
          ) : (
            <>
              Scanned{' '}
              <time
                dateTime={new Date(scanned).toISOString()}
                title={formatExactTime(scanned) ?? undefined}
              >
                {scannedAgo}
              </time>
            </>
          )}
        </p>
        {stale ? (
          <p class="stale-note">
            <span class="stale-mark">Stale</span> Saved copy
            {receivedAgo ? ` received ${receivedAgo}` : ''}; a fresh one could not be fetched.
          </p>
        ) : null}
      </div>
    </header>
  );
}
