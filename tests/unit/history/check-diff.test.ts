import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_BASE_URL } from '../../../lib/contract/service-base-url';
import {
  type CheckDiff,
  checkDiffFor,
  diffChecks,
  type MethodChange,
  methodologyMoved,
} from '../../../lib/history/check-diff';
import type { ListedCheck, ScanChecks } from '../../../lib/history/scan-record';
import { fixtureReports, issue } from '../../../reference-server/fixtures/reports';
import { listedCheck as check, scanChecks as checks } from '../../fixtures/scan-checks';

// fixed date: the clock this test gives the fixture reports; their scans are ages before it
const NOW = Date.parse('2026-11-22T09:30:00Z');

// fixed date: a past scan, set against other scans, never against the clock
const AT = Date.parse('2026-10-03T09:00:00Z');
const earlier = (value: ScanChecks) => ({ checks: value, scannedAt: AT });
const changes = (
  found: Partial<Record<'fixed' | 'new' | 'worse' | 'better', ListedCheck[]>> & {
    method?: MethodChange;
  },
) => ({
  kind: 'changes',
  previousScannedAt: AT,
  fixed: [],
  new: [],
  worse: [],
  better: [],
  method: null,
  ...found,
});

describe('diffChecks', () => {
  const sitemap = check('sitemap');
  const jsonLd = check('json-ld');
  it.each<[string, ReturnType<typeof earlier> | null, ScanChecks | null, CheckDiff]>([
    [
      'fixed: listed before, not now',
      earlier(checks([sitemap, jsonLd])),
      checks([jsonLd]),
      changes({ fixed: [sitemap] }) as CheckDiff,
    ],
    [
      'new: not listed before, listed now',
      earlier(checks([jsonLd])),
      checks([sitemap, jsonLd]),
      changes({ new: [sitemap] }) as CheckDiff,
    ],
    [
      'worse: partial, now failed',
      earlier(checks([check('json-ld', 'partial')])),
      checks([jsonLd]),
      changes({ worse: [jsonLd] }) as CheckDiff,
    ],
    [
      'better: failed, now partial',
      earlier(checks([jsonLd])),
      checks([check('json-ld', 'partial')]),
      changes({ better: [check('json-ld', 'partial')] }) as CheckDiff,
    ],
    ['nothing changed', earlier(checks([jsonLd])), checks([jsonLd]), changes({}) as CheckDiff],
    ['first scan: no earlier list known', null, checks([jsonLd]), { kind: 'first-scan' }],
    ['unknown: this scan kept no list', earlier(checks([jsonLd])), null, { kind: 'unknown' }],
    [
      'methodology moved: a tier appeared',
      earlier(checks([jsonLd], { tiers: ['essential'] })),
      checks([]),
      { kind: 'methodology-moved', previousScannedAt: AT },
    ],
    [
      'methodology moved: a tier disappeared',
      earlier(checks([jsonLd])),
      checks([], { tiers: ['essential'] }),
      { kind: 'methodology-moved', previousScannedAt: AT },
    ],
    [
      'methodology moved: eligible checks up by more than a fifth',
      earlier(checks([jsonLd])),
      checks([], { eligible: 25 }),
      { kind: 'methodology-moved', previousScannedAt: AT },
    ],
    [
      'methodology moved: eligible checks down by more than a fifth',
      earlier(checks([jsonLd])),
      checks([], { eligible: 15 }),
      { kind: 'methodology-moved', previousScannedAt: AT },
    ],
    [
      'a fifth exactly is still comparable, the method changed',
      earlier(checks([jsonLd])),
      checks([], { eligible: 24 }),
      changes({ fixed: [jsonLd], method: { began: [], stopped: [] } }) as CheckDiff,
    ],
  ])('%s', (_name, previous, current, expected) => {
    expect(diffChecks(previous, current)).toEqual(expected);
  });

  it('takes any change from no eligible checks as methodology moved', () => {
    expect(methodologyMoved(checks([], { eligible: 0 }), checks([], { eligible: 1 }))).toBe(true);
    expect(methodologyMoved(checks([], { eligible: 0 }), checks([], { eligible: 0 }))).toBe(false);
  });
});

describe('checkDiffFor', () => {
  const report = fixtureReports(DEFAULT_SERVICE_BASE_URL, NOW).mid;
  const scan = (day: number, listed: ScanChecks | null) => ({
    scannedAt: `2026-10-${String(day).padStart(2, '0')}T09:00:00Z`,
    score: 50,
    checks: listed,
  });
  // fixed date: a past scan, set against other scans, never against the clock
  const current = { ...report, scanned_at: '2026-10-05T09:00:00Z' };
  const mid = checks(
    report.issues.map(({ id, name, tier, result }) => ({ id, name, tier, result })),
    { eligible: 21 },
  );

  it('compares with the newest earlier scan whose checks are known, skipping unknown ones', () => {
    const fixed = { id: 'sitemap', name: 'Sitemap', tier: 'essential', result: 'failed' } as const;
    const scans = [
      scan(1, checks([], { eligible: 21 })),
      scan(3, { ...mid, listed: [...mid.listed, fixed] }),
      scan(4, null),
      // The report itself, already recorded, and a later scan: neither is "earlier".
      scan(5, mid),
      scan(6, checks([], { eligible: 21 })),
    ];
    expect(checkDiffFor(scans, current)).toEqual({
      ...changes({ fixed: [fixed] }),
      // fixed date: a past scan, set against other scans, never against the clock
      previousScannedAt: Date.parse('2026-10-03T09:00:00Z'),
    });
  });

  it('is the first scan when only unknown lists (version 1) came before', () => {
    expect(checkDiffFor([scan(1, null), scan(2, null)], current)).toEqual({ kind: 'first-scan' });
    expect(checkDiffFor([], current)).toEqual({ kind: 'first-scan' });
  });

  it('names a new check from the report itself', () => {
    const added = issue('sitemap', 'recommended', 'failed', 'Sitemap', null, null);
    const diff = checkDiffFor([scan(3, mid)], { ...current, issues: [...report.issues, added] });
    expect(diff).toMatchObject({ kind: 'changes', new: [{ id: 'sitemap', name: 'Sitemap' }] });
  });
});

describe("the service's method, told apart from the site", () => {
  const a = check('a');
  const x = check('x');
  const y = check('y');
  const scale = (essential: [number, number], recommended: [number, number]) => ({
    buckets: {
      essential: { available: essential[0], total: essential[1] },
      recommended: { available: recommended[0], total: recommended[1] },
    },
  });
  const method = (began: ListedCheck[] = [], stopped: ListedCheck[] = []) => ({ began, stopped });
  /** Another site's scan, `days` after (or before, negative) the earlier scan at AT. */
  const other = (days: number, listed: ListedCheck[]) => ({
    scannedAt: new Date(AT + days * 86_400_000).toISOString(),
    score: 50,
    checks: checks(listed),
  });

  describe('rule 1: its counts moved', () => {
    it.each<[string, Partial<ScanChecks>, Partial<ScanChecks>]>([
      ['eligible checks only', {}, { eligible: 21 }],
      ['a tier’s points available', scale([80, 12], [20, 8]), scale([70, 12], [20, 8])],
      ['checks moved between tiers', scale([80, 12], [20, 8]), scale([80, 13], [20, 7])],
    ])('%s: the method changed, and the lists are still compared', (_name, before, after) => {
      expect(diffChecks(earlier(checks([a, y], before)), checks([a, x], after))).toEqual(
        changes({ fixed: [y], new: [x], method: method() }),
      );
    });

    it('says nothing of the method when nothing moved, or a scan kept no tier counts', () => {
      const counted = scale([80, 12], [20, 8]);
      expect(diffChecks(earlier(checks([a], counted)), checks([], counted))).toEqual(
        changes({ fixed: [a] }),
      );
      expect(diffChecks(earlier(checks([a])), checks([], scale([70, 12], [20, 8])))).toEqual(
        changes({ fixed: [a] }),
      );
    });
  });

  describe('rule 3: its catalogue moved', () => {
    it('a check every other site scanned since lists, and none before, is the service’s', () => {
      const others = [[other(-2, [a]), other(3, [a, x])], [other(1, [x])]];
      expect(diffChecks(earlier(checks([a])), checks([a, x]), others)).toEqual(
        changes({ method: method([x]) }),
      );
    });

    it.each([
      ['no other site was scanned since', [[other(-2, [a])]]],
      ['another site scanned since does not list it', [[other(3, [x])], [other(4, [a])]]],
      ['another site listed it before', [[other(-1, [x]), other(3, [x])]]],
    ])('a new check stays the site’s when %s', (_name, others) => {
      expect(diffChecks(earlier(checks([a])), checks([a, x]), others)).toEqual(
        changes({ new: [x] }),
      );
    });

    it('a check every other site listed before, and none since, was dropped by the service', () => {
      const others = [[other(-3, [y]), other(2, [])], [other(-1, [a, y])]];
      expect(diffChecks(earlier(checks([a, y])), checks([a]), others)).toEqual(
        changes({ method: method([], [y]) }),
      );
      // Without a scan since, nothing says the service dropped it: the site fixed it.
      expect(diffChecks(earlier(checks([a, y])), checks([a]), [[other(-3, [y])]])).toEqual(
        changes({ fixed: [y] }),
      );
    });

    it("reads the other sites' scans in checkDiffFor too", () => {
      const report = { ...fixtureReports(DEFAULT_SERVICE_BASE_URL, NOW).mid, issues: [] };
      const current = { ...report, scanned_at: new Date(AT + 5 * 86_400_000).toISOString() };
      const previous = { scannedAt: new Date(AT).toISOString(), score: 50, checks: checks([y]) };
      const own = [previous];
      expect(checkDiffFor(own, current, [[other(-1, [y]), other(2, [])]])).toMatchObject({
        fixed: [],
        method: { stopped: [y] },
      });
      expect(checkDiffFor(own, current, [])).toMatchObject({ fixed: [y] });
    });
  });
});
