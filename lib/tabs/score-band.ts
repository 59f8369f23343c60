/** The product's colours, each behind white text; docs/user-guide.md documents the same table. */
export type ScoreBandId = 'strong' | 'fair' | 'weak' | 'unscored';

export interface ScoreBand {
  id: ScoreBandId;
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

export const UNSCORED_BAND: ScoreBand = { id: 'unscored', color: '#5f6368', min: null, max: null };

export const STATE_COLORS = {
  neutral: UNSCORED_BAND.color,
  problem: '#44546a',
  // A kept score that could not be renewed: never passes for a current one at a glance.
  stale: '#6e5a33',
} as const;

/** The score as users see it everywhere: a whole number, halves rounded up. */
export const roundScore = (score: number): number => Math.round(score);

export function scoreBandFor(score: number | null): ScoreBand {
  if (score === null) return UNSCORED_BAND;
  const rounded = roundScore(score);
  return SCORE_BANDS.find((band) => band.min !== null && rounded >= band.min) ?? UNSCORED_BAND;
}
