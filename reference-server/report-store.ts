/**
 * The reports the reference server has "stored", keyed by origin: the shared fixture reports,
 * a report for each built-in misbehaving site and one for the check-now sample site.
 *
 * Built for one base URL because every report_url points at the server's own /scan page, and
 * the server's address (port 0 included) is only known once it listens.
 */
import type { ScanReport } from '../lib/contract/report-schema';
import { CHECK_SITES } from './check-sites';
import { fixedSiteReport } from './fixtures/check-site-reports';
import { FIXTURE_ORIGINS, type FixtureName, fixtureReports } from './fixtures/reports';
import { MISBEHAVING_SITES } from './misbehaving-sites';

export type ReportTable = ReadonlyMap<string, ScanReport>;

/**
 * A copy of a report that claims to be about another origin: target, display_target and
 * report_url follow the origin, everything else is kept.
 */
export function retargetReport(report: ScanReport, origin: string, baseUrl: string): ScanReport {
  const host = new URL(origin).host;
  return {
    ...report,
    target: `${origin}/`,
    display_target: host,
    report_url: `${baseUrl}/scan/${host}`,
  };
}

/** The fixtures and built-in sites, scanned ages before `now`, plus any extra reports. */
export function buildReportTable(
  baseUrl: string,
  now: number,
  extraReports: Record<string, ScanReport> = {},
): ReportTable {
  const fixtures = fixtureReports(baseUrl, now);
  const table = new Map<string, ScanReport>();
  for (const [name, origin] of Object.entries(FIXTURE_ORIGINS) as [FixtureName, string][]) {
    table.set(origin, fixtures[name]);
  }
  for (const site of Object.values(MISBEHAVING_SITES)) {
    table.set(site.origin, retargetReport(fixtures[site.reportFrom], site.origin, baseUrl));
  }
  // The check-now sample site whose findings are partly fixed since its scan.
  table.set(CHECK_SITES.fixed, fixedSiteReport(baseUrl, now));
  for (const [origin, report] of Object.entries(extraReports)) {
    table.set(new URL(origin).origin, report);
  }
  return table;
}

/**
 * The report a misbehaviour that must send one (wrong content type, malformed JSON) uses for
 * an origin with nothing stored: the mid fixture, moved to that origin.
 */
export function standInReport(origin: string, baseUrl: string, now: number): ScanReport {
  return retargetReport(fixtureReports(baseUrl, now).mid, origin, baseUrl);
}
