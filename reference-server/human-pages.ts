/**
 * The few HTML pages a person reaches from the extension's links (report_url, scan_url,
 * documentation_url), so clicking them against the reference server lands somewhere sensible
 * instead of on an error.
 *
 * Every value that came from a request or a report is escaped: the host in /scan/<host> is
 * whatever the address bar said.
 */
import type { ScanReport } from '../lib/contract/report-schema';
import type { ReportTable } from './report-store';

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>
`;
}

/** The host part of /scan/<host>, percent-decoded; null when the path holds none. */
export function hostFromScanPath(path: string): string | null {
  const encoded = path.slice('/scan/'.length);
  if (encoded === '') return null;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

/** The stored report for a host under either scheme, as the /scan page shows one per host. */
export function reportForHost(reports: ReportTable, host: string): ScanReport | undefined {
  for (const [origin, report] of reports) {
    if (new URL(origin).host === host) return report;
  }
  return undefined;
}

export function scanPage(host: string, report: ScanReport | undefined): string {
  const title = `Readiness report for ${host}`;
  if (report === undefined) {
    return page(title, '<p>No completed report is stored for this site.</p>');
  }
  const score = report.score === null ? 'not scored' : String(report.score);
  const issues = report.issues
    .map(
      (issue) =>
        `<li>${escapeHtml(issue.name)} (${escapeHtml(issue.tier)}, ${escapeHtml(issue.result)})</li>`,
    )
    .join('\n');
  return page(
    title,
    `<p>Score: ${escapeHtml(score)} (${escapeHtml(report.score_label)})</p>
<p>Scanned at: <time datetime="${escapeHtml(report.scanned_at)}">${escapeHtml(report.scanned_at)}</time></p>
<p>Eligible checks: ${report.eligible_checks}</p>
${issues === '' ? '<p>No failed or partial checks.</p>' : `<ul>\n${issues}\n</ul>`}`,
  );
}

export function docsPage(baseUrl: string): string {
  const example = `${baseUrl}/api/report?url=${encodeURIComponent('https://example.com')}`;
  return page(
    'Readiness report lookup API',
    `<p>This is the reference server for the Public Readiness Report Lookup Service.</p>
<p><code>GET /api/report?url=&lt;public http(s) URL&gt;</code> returns the latest completed report
stored for the URL (200), or an Error body: 400 when url is missing or invalid, 404 when no
report is stored, 503 when stored report data is temporarily unavailable. No scan is ever
started.</p>
<p>Example: <code>${escapeHtml(example)}</code></p>`,
  );
}
