/**
 * Summaries of timing samples: the median and the quartiles rather than a mean, because a
 * shared two-core machine adds rare long stalls that would drag a mean along with them.
 */

export interface Summary {
  n: number;
  median: number;
  p25: number;
  p75: number;
  p99: number;
  min: number;
  max: number;
}

/** The q-quantile (0..1) of samples, interpolating linearly between the two nearest ranks. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) throw new Error('No samples');
  if (q < 0 || q > 1) throw new Error(`Quantile out of range: ${q}`);
  const sorted = [...samples].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  const low = sorted[below] as number;
  const high = sorted[above] as number;
  return low + (high - low) * (position - below);
}

export function summarize(samples: readonly number[]): Summary {
  return {
    n: samples.length,
    median: quantile(samples, 0.5),
    p25: quantile(samples, 0.25),
    p75: quantile(samples, 0.75),
    p99: quantile(samples, 0.99),
    min: Math.min(...samples),
    max: Math.max(...samples),
  };
}

/**
 * The ratio of paired samples (each measured sample over the floor measured right beside it),
 * summarised. Pairing keeps a slow moment of the machine in both halves of one ratio instead
 * of in one side of the comparison only.
 */
export function pairedRatios(measured: readonly number[], floor: readonly number[]): Summary {
  if (measured.length !== floor.length) {
    throw new Error(`Unpaired samples: ${measured.length} measured, ${floor.length} floor`);
  }
  return summarize(measured.map((value, index) => value / (floor[index] as number)));
}
