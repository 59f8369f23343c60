import { describe, expect, it } from 'vitest';
import type { ScanChecks, ScoreRecord } from '../../../lib/history/scan-record';
import { timelineOf } from '../../../lib/history/site-timeline';
import { listedCheck as check, scanChecks as checks } from '../../fixtures/scan-checks';

const scan = (day: number, score: number | null, known: ScanChecks | null): ScoreRecord => ({
  scannedAt: `2026-10-${String(day).padStart(2, '0')}T09:00:00Z`,
  score,
  checks: known,
});
const at = (day: number) => Date.parse(`2026-10-${String(day).padStart(2, '0')}T09:00:00Z`);

describe('timelineOf', () => {
  it('is empty without scans', () => {
    expect(timelineOf([])).toEqual([]);
  });

  it('orders the steps oldest first, whatever order they were kept in', () => {
    const steps = timelineOf([scan(9, 80, checks([])), scan(3, 74, checks([]))]);
    expect(steps.map((step) => step.scannedAt)).toEqual([at(3), at(9)]);
  });

  it('tells each step the score move and the check changes since the step before', () => {
    const sitemap = check('sitemap');
    const jsonLd = check('json-ld');
    const openapi = check('openapi', 'partial');
    const steps = timelineOf([
      scan(3, 74.4, checks([sitemap, openapi])),
      scan(9, 80.6, checks([jsonLd, check('openapi')])),
      scan(15, 81, checks([jsonLd, check('openapi')])),
    ]);
    expect(steps[0]).toEqual({
      scannedAt: at(3),
      score: 74,
      scoreDelta: null,
      changes: { kind: 'first-scan' },
    });
    expect(steps[1]).toEqual({
      scannedAt: at(9),
      score: 81,
      scoreDelta: 7,
      changes: {
        kind: 'changes',
        previousScannedAt: at(3),
        fixed: [sitemap],
        new: [jsonLd],
        worse: [check('openapi')],
        better: [],
        method: null,
      },
    });
    expect(steps[2]?.scoreDelta).toBe(0);
    expect(steps[2]?.changes).toEqual({
      kind: 'changes',
      previousScannedAt: at(9),
      fixed: [],
      new: [],
      worse: [],
      better: [],
      method: null,
    });
  });

  it('compares checks with the newest earlier scan whose checks are known', () => {
    const steps = timelineOf([
      scan(3, 70, checks([check('a')])),
      scan(9, 72, null),
      scan(15, 75, checks([])),
    ]);
    expect(steps[1]?.changes).toEqual({ kind: 'unknown' });
    expect(steps[2]?.changes).toMatchObject({ kind: 'changes', previousScannedAt: at(3) });
    expect(steps[2]?.scoreDelta).toBe(3);
  });

  it('says unknown, not first scan, when no earlier scan kept its checks', () => {
    const steps = timelineOf([scan(3, 70, null), scan(9, 72, checks([]))]);
    expect(steps.map((step) => step.changes.kind)).toEqual(['first-scan', 'unknown']);
  });

  it('says the service changed how it counts checks instead of listing changes', () => {
    const steps = timelineOf([
      scan(3, 70, checks([check('a')])),
      scan(9, 72, checks([check('b')], { eligible: 40 })),
    ]);
    expect(steps[1]?.changes).toEqual({ kind: 'methodology-moved', previousScannedAt: at(3) });
  });

  it('moves the score against the newest earlier scan with a score', () => {
    const steps = timelineOf([scan(3, 70, null), scan(9, null, null), scan(15, 76, null)]);
    expect(steps.map((step) => step.scoreDelta)).toEqual([null, null, 6]);
  });

  it('leaves out a scan whose time cannot be read', () => {
    const steps = timelineOf([
      { scannedAt: 'not a time', score: 50, checks: null },
      scan(3, 70, null),
    ]);
    expect(steps).toHaveLength(1);
    expect(steps[0]?.changes).toEqual({ kind: 'first-scan' });
  });
});
