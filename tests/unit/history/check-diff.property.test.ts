/**
 * The diff's two promises, for any lists of checks: a scan compared with itself shows no
 * change, and the checks fixed and new are exactly what turns the earlier list into the later.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkChanges, diffChecks } from '../../../lib/history/check-diff';
import type { ListedCheck, ScanChecks } from '../../../lib/history/scan-record';

const NUM_RUNS = 300;

const listedCheck: fc.Arbitrary<ListedCheck> = fc.record({
  // Few ids, so that lists often share checks.
  id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'),
  name: fc.string({ maxLength: 20 }),
  tier: fc.constantFrom('essential', 'recommended', 'bonus'),
  result: fc.constantFrom('failed', 'partial'),
});
const scanChecks: fc.Arbitrary<ScanChecks> = fc.record({
  listed: fc.uniqueArray(listedCheck, { selector: (check) => check.id, maxLength: 8 }),
  eligible: fc.nat({ max: 40 }),
  tiers: fc.subarray(['essential', 'recommended', 'bonus'] as const),
});

describe('the diff, for any checks', () => {
  it('of a scan with itself is empty', () => {
    fc.assert(
      fc.property(scanChecks, (checks) => {
        const diff = diffChecks({ checks, scannedAt: 1 }, checks);
        expect(diff.kind).toBe('changes');
        expect(diff).toMatchObject({ fixed: [], new: [], worse: [], better: [] });
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('turns the earlier set of ids into the later one by its fixed and new', () => {
    fc.assert(
      fc.property(scanChecks, scanChecks, (previous, current) => {
        const { fixed, new: added } = checkChanges(previous, current);
        const gone = new Set(fixed.map((check) => check.id));
        const applied = new Set([
          ...previous.listed.map((check) => check.id).filter((id) => !gone.has(id)),
          ...added.map((check) => check.id),
        ]);
        expect([...applied].sort()).toEqual(current.listed.map((check) => check.id).sort());
        // And a check is never both fixed and new.
        for (const check of added) expect(gone.has(check.id)).toBe(false);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
