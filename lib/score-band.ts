/**
 * The colour bands a score falls into: the one place the badge and the popup take them from.
 *
 * Colours are dark enough for white badge text to meet WCAG AA contrast (4.5:1 or more).
 */
export type ScoreBandId = 'strong' | 'fair' | 'weak' | 'unscored';

export interface ScoreBand {
  id: ScoreBandId;
  /** Background colour behind white text (badge and score figure). */
  color: string;
  /** Lowest rounded score in the band; null for the band of reports without a score. */
  min: number | null;
}

export const SCORE_BANDS: readonly ScoreBand[] = [
  { id: 'strong', color: '#17692f', min: 80 }, // 6.9:1 against white
  { id: 'fair', color: '#8a4b00', min: 50 }, // 6.4:1 against white
  { id: 'weak', color: '#b3261e', min: 0 }, // 6.5:1 against white
];

export const UNSCORED_BAND: ScoreBand = { id: 'unscored', color: '#5f6368', min: null };

/** The score as users see it everywhere: a whole number, halves rounded up. */
export function roundScore(score: number): number {
  return Math.round(score);
}

export function scoreBandFor(score: number | null): ScoreBand {
  if (score === null) return UNSCORED_BAND;
  const rounded = roundScore(score);
  return SCORE_BANDS.find((band) => band.min !== null && rounded >= band.min) ?? UNSCORED_BAND;
}
