/**
 * The colours of the product, in one place: the bands a score falls into (badge, score figure,
 * tier bars) and the badge's colours for states without a fresh score. docs/user-guide.md,
 * "The toolbar badge", documents the same table.
 *
 * Every colour sits behind white text (the badge's and the score figure's), so each is dark
 * enough for WCAG AA contrast with white (4.5:1 or more).
 */
export type ScoreBandId = 'strong' | 'fair' | 'weak' | 'unscored';

export interface ScoreBand {
  id: ScoreBandId;
  /** Background colour behind white text (badge and score figure). */
  color: string;
  /** Lowest and highest rounded score in the band; null for reports without a score. */
  min: number | null;
  max: number | null;
}

/** Highest band first: `scoreBandFor` takes the first band whose minimum the score reaches. */
export const SCORE_BANDS: readonly ScoreBand[] = [
  { id: 'strong', color: '#17692f', min: 80, max: 100 },
  { id: 'fair', color: '#8a4b00', min: 50, max: 79 },
  { id: 'weak', color: '#b3261e', min: 0, max: 49 },
];

/** A report whose score is null. */
export const UNSCORED_BAND: ScoreBand = { id: 'unscored', color: '#5f6368', min: null, max: null };

/** Badge colours of the states that show no fresh score. */
export const STATE_COLORS = {
  /** Nothing wrong, just no score: loading, no report, no score, not looked up. */
  neutral: UNSCORED_BAND.color,
  /** Something failed: service unavailable, invalid or rejected answer. */
  problem: '#44546a',
  /**
   * A score from the saved copy that could not be renewed: the number stays, the band colour
   * gives way to a dull amber (the popup's "Stale" mark), so an old score never passes for a
   * current one at a glance.
   */
  stale: '#6e5a33',
} as const;

/** The score as users see it everywhere: a whole number, halves rounded up. */
export function roundScore(score: number): number {
  return Math.round(score);
}

export function scoreBandFor(score: number | null): ScoreBand {
  if (score === null) return UNSCORED_BAND;
  const rounded = roundScore(score);
  return SCORE_BANDS.find((band) => band.min !== null && rounded >= band.min) ?? UNSCORED_BAND;
}
