/**
 * A built-in site whose report moves on between lookups, as if the service scanned it again:
 * the first answered lookup gets its first scan, every later one its second. It lets a test
 * (or a person trying the extension by hand) see what changed, check by check, without
 * storing a report from the outside.
 *
 * The second scan is later, scores differently and differs in exactly one check of each kind
 * a check diff tells (one fixed, one new, one worse) while eligible checks and scored tiers stay
 * the same, so the diff is a list of changes and never "the service counts differently".
 *
 * Served with max-age=0, so the extension may ask again at once instead of waiting for a kept
 * answer to run out.
 */
import type { ScanReport } from '../lib/contract/report-schema';
import { FIXTURE_DOMAIN, fixtureReports, issue } from './fixtures/reports';
import { scannedBefore } from './fixtures/scan-times';
import { retargetReport } from './report-store';

export const RESCANNED_ORIGIN = `http://rescanned.${FIXTURE_DOMAIN}`;
export const RESCANNED_CACHE_CONTROL = 'max-age=0';

/** The check the second scan no longer lists. */
export const RESCANNED_FIXED = issue(
  'sitemap',
  'recommended',
  'failed',
  'Sitemap',
  'No sitemap.xml was found.',
  'Publish a sitemap and list it in robots.txt.',
);
/** The check only the second scan lists. */
export const RESCANNED_NEW = issue(
  'markdown-negotiation',
  'essential',
  'failed',
  'Markdown negotiation',
  'Accept: text/markdown is answered with HTML.',
  'Serve a Markdown version of each page when a client asks for one.',
);
/** Partial in the first scan, failed in the second. */
const WORSE_BEFORE = issue(
  'json-ld',
  'essential',
  'partial',
  'Structured data (JSON-LD)',
  'JSON-LD found on 3 of 10 sampled pages.',
  'Add schema.org JSON-LD to every page template.',
);
export const RESCANNED_WORSE: ScanReport['issues'][number] = {
  ...WORSE_BEFORE,
  result: 'failed',
  details: 'JSON-LD found on none of 10 sampled pages.',
};
/** Listed the same in both scans. */
const UNCHANGED = issue(
  'openapi-spec',
  'recommended',
  'failed',
  'OpenAPI description',
  null,
  'Publish an OpenAPI document and link it from your developer portal.',
);

/**
 * The site's two scans, oldest first, with report_url on the given server: 12 and 2 days
 * before `now`.
 */
export function rescannedScans(baseUrl: string, now: number): readonly [ScanReport, ScanReport] {
  const base = retargetReport(fixtureReports(baseUrl, now).mid, RESCANNED_ORIGIN, baseUrl);
  return [
    {
      ...base,
      score: 62.5,
      score_label: 'C',
      scanned_at: scannedBefore(now, { days: 12, hours: 1, minutes: 30 }),
      score_breakdown: {
        essential: { earned: 50, available: 80, passing: 8, total: 12 },
        recommended: { earned: 10, available: 20, passing: 3, total: 5 },
        bonus: { points: 2.5, positive_signals: 1 },
      },
      issues: [WORSE_BEFORE, UNCHANGED, RESCANNED_FIXED],
    },
    {
      ...base,
      score: 70.5,
      score_label: 'B',
      scanned_at: scannedBefore(now, { days: 2, hours: 1, minutes: 30 }),
      score_breakdown: {
        essential: { earned: 54, available: 80, passing: 9, total: 12 },
        recommended: { earned: 14, available: 20, passing: 4, total: 5 },
        bonus: { points: 2.5, positive_signals: 1 },
      },
      issues: [RESCANNED_NEW, RESCANNED_WORSE, UNCHANGED],
    },
  ];
}

/**
 * Sites whose stored report follows a list of scans, one step per answered lookup, staying
 * on the last. A report stored from the outside for such a site ends its steps until rewound.
 */
export class ScanSequences {
  private readonly positions = new Map<string, number>();

  constructor(
    private readonly sequences: ReadonlyMap<string, readonly ScanReport[]>,
    private readonly reports: Map<string, ScanReport>,
  ) {
    this.rewind();
  }

  /** After a lookup of `origin` was answered with its stored report. */
  answered(origin: string): void {
    const position = this.positions.get(origin);
    const scans = this.sequences.get(origin);
    if (position === undefined || scans === undefined) return;
    const next = Math.min(position + 1, scans.length - 1);
    const report = scans[next];
    if (report === undefined) return;
    this.positions.set(origin, next);
    this.reports.set(origin, report);
  }

  /** The report for `origin` is now one set from the outside: it stays until rewound. */
  stop(origin: string): void {
    this.positions.delete(origin);
  }

  /** Every such site back at its first scan, stepping again. */
  rewind(): void {
    for (const [origin, scans] of this.sequences) {
      const first = scans[0];
      if (first === undefined) continue;
      this.positions.set(origin, 0);
      this.reports.set(origin, first);
    }
  }
}
