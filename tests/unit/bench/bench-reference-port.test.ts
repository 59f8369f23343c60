import { describe, expect, it } from 'vitest';
import { benchReferencePort } from '../../../scripts/bench/bench-world';

describe('benchReferencePort', () => {
  it('is a free port the system picks unless BENCH_REFERENCE_PORT names one', () => {
    expect(benchReferencePort({})).toBe(0);
    expect(benchReferencePort({ BENCH_REFERENCE_PORT: '' })).toBe(0);
    expect(benchReferencePort({ BENCH_REFERENCE_PORT: '8833' })).toBe(8833);
  });

  it('refuses what is not a port', () => {
    expect(() => benchReferencePort({ BENCH_REFERENCE_PORT: 'eighty' })).toThrow(/not a port/);
    expect(() => benchReferencePort({ BENCH_REFERENCE_PORT: '70000' })).toThrow(/not a port/);
  });
});
