/**
 * Figure 1 counted in display frames: pages are drawn on one 60 Hz clock, so the frame period
 * since navigation in which a page showed its content follows from its time alone.
 */
import { describe, expect, it } from 'vitest';
import { FRAME_PERIOD_MS, frameSinceNavigation } from '../../../scripts/bench/popup-timing';

describe('frameSinceNavigation', () => {
  it('counts the frame periods up to a time, each tick of the clock in its own', () => {
    // A clock ticking 5 ms after navigation start: ticks at 5, 21.7, 38.3 …
    const ticks = [5, 5 + FRAME_PERIOD_MS, 5 + 2 * FRAME_PERIOD_MS];
    expect(ticks.map(frameSinceNavigation)).toEqual([1, 2, 3]);
    // A clock ticking just before a period has passed: ticks at 16, 32.7 …
    expect([16, 16 + FRAME_PERIOD_MS].map(frameSinceNavigation)).toEqual([1, 2]);
  });

  it('puts a popup shown one tick after a blank page one frame behind it', () => {
    const blank = 27.3;
    expect(frameSinceNavigation(blank + FRAME_PERIOD_MS) - frameSinceNavigation(blank)).toBe(1);
  });
});
