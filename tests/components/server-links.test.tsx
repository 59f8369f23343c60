/**
 * Every URL of the injection corpus where the popup draws a server's link: as a report's
 * `report_url`, and as an Error body's `scan_url` and `documentation_url`, through the report
 * client and the popup. A link exactly when the corpus says it may become one, opening in a
 * new tab without access to the extension; no element of the server's making.
 *
 * The e2e injection spec runs one URL that becomes a link and one that must not through the
 * real browsers; the whole list is here.
 */
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { PopupView } from '../../components/popup/PopupView';
import { configuredServiceBaseUrl } from '../../lib/contract/service-base-url';
import { viewOfAnswer } from '../../lib/lookup/views';
import { createReportClient } from '../../lib/service/report-client';
import { fixtureReports } from '../../reference-server/fixtures/reports';
import { retargetReport } from '../../reference-server/report-store';
import { LINK_URLS } from '../fixtures/hostile-strings';
import { openapiValidators } from '../support/openapi-validators';

afterEach(cleanup);

// fixed date: the clock this test passes to the code under test
const NOW = Date.parse('2026-11-22T09:30:00Z');
const TARGET = 'https://example.com';
const INVALID_RESPONSE_HEADING = 'The service sent a report this extension could not read';
const validators = openapiValidators();

/** The popup for the service's answer to a lookup of TARGET. */
async function popupForAnswer(status: number, body: unknown) {
  const client = createReportClient({
    baseUrl: configuredServiceBaseUrl(),
    fetch: async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  });
  const outcome = await client.lookupReport(TARGET);
  return render(<PopupView view={viewOfAnswer(TARGET, outcome, NOW)} now={NOW} />);
}

/** Every link in the popup's content, as its href and how it opens. */
function linksIn(container: Element) {
  return [...container.querySelectorAll('a')]
    .filter((anchor) => anchor.closest('.site-controls') === null)
    .map((anchor) => ({
      href: anchor.getAttribute('href'),
      target: anchor.getAttribute('target'),
      rel: anchor.getAttribute('rel'),
    }));
}

const asLink = (url: string) => ({
  href: new URL(url).href,
  target: '_blank',
  rel: 'noopener noreferrer',
});

describe('report_url from the server', () => {
  it.each(
    LINK_URLS.map((link) => [link.name, link.becomesLink ? 'a link' : 'no link', link] as const),
  )('%s → %s', async (_name, _verdict, link) => {
    const baseUrl = configuredServiceBaseUrl();
    const mid = retargetReport(fixtureReports(baseUrl, NOW).mid, TARGET, baseUrl);
    const report = { ...mid, report_url: link.url };
    const { container } = await popupForAnswer(200, report);

    // The document decides whether the report is valid at all; either way no unsafe link.
    if (validators.report(report) !== true) {
      expect(container.querySelector('h1')?.textContent).toBe(INVALID_RESPONSE_HEADING);
    }
    expect(linksIn(container)).toEqual(link.becomesLink ? [asLink(link.url)] : []);
    expect(container.querySelector('script, img, svg, iframe')).toBeNull();
  });
});

describe('scan_url and documentation_url from the server', () => {
  it.each(
    LINK_URLS.map((link) => [link.name, link.becomesLink ? 'links' : 'no links', link] as const),
  )('%s → %s', async (_name, _verdict, link) => {
    const { container } = await popupForAnswer(404, {
      error: 'No report.',
      scan_url: link.url,
      documentation_url: link.url,
    });

    expect(container.querySelector('h1')?.textContent).toBe('No readiness report yet');
    expect(linksIn(container)).toEqual(
      link.becomesLink ? [asLink(link.url), asLink(link.url)] : [],
    );
    expect(container.querySelector('script, img, svg, iframe')).toBeNull();
  });
});
