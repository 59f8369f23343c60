import { describe, expect, it } from 'vitest';
import { pairedRatios, quantile, summarize } from '../../../scripts/bench/statistics';

describe('quantile', () => {
  it.each([
    [[5], 0.5, 5],
    [[1, 2, 3, 4, 5], 0.5, 3],
    [[1, 2, 3, 4], 0.5, 2.5],
    [[10, 20, 30, 40, 50], 0.25, 20],
    [[1, 2, 3, 4], 0.25, 1.75],
    [[3, 1, 2], 0, 1],
    [[3, 1, 2], 1, 3],
  ])('of %j at %d is %d, interpolating between ranks', (samples, q, expected) => {
    expect(quantile(samples, q)).toBeCloseTo(expected, 10);
  });

  it('does not reorder the samples it is given', () => {
    const samples = [3, 1, 2];
    quantile(samples, 0.5);
    expect(samples).toEqual([3, 1, 2]);
  });

  it('refuses no samples and quantiles outside 0..1', () => {
    expect(() => quantile([], 0.5)).toThrow('No samples');
    expect(() => quantile([1], 1.5)).toThrow('out of range');
  });
});

describe('summarize', () => {
  it('gives the median, quartiles, p99, extremes and count', () => {
    const samples = Array.from({ length: 101 }, (_, index) => index);
    expect(summarize(samples)).toEqual({
      n: 101,
      median: 50,
      p25: 25,
      p75: 75,
      p99: 99,
      min: 0,
      max: 100,
    });
  });

  it('keeps one long stall from moving the median', () => {
    expect(summarize([10, 11, 12, 13, 5000]).median).toBe(12);
  });
});

describe('pairedRatios', () => {
  it('divides each sample by the floor measured beside it', () => {
    // Pairwise 2, 2, 2 although the floors differ tenfold: a slow moment hits both halves.
    expect(pairedRatios([20, 200, 40], [10, 100, 20]).median).toBe(2);
  });

  it('refuses samples that do not pair up', () => {
    expect(() => pairedRatios([1, 2], [1])).toThrow('Unpaired');
  });
});
