import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CheckNow } from '../../components/checks/CheckNow';
import { CHECK_RUN_RECORD, type CheckRun } from '../../lib/checks/check-run-record';
import { keyOf } from '../../lib/storage/record';
import { CHECK_SITES } from '../../reference-server/check-sites';
import { fixedSiteReport } from '../../reference-server/fixtures/check-site-reports';

// fixed date: the clock this test passes in, to the view and to the fixture report
const NOW = Date.parse('2026-11-22T09:30:00Z');
const REPORT = fixedSiteReport('https://is-agentic.com', NOW);
const TARGET = { origin: CHECK_SITES.fixed, tabId: 7 };

beforeEach(() => {
  fakeBrowser.reset();
  (browser as unknown as { permissions: object }).permissions = {
    request: vi.fn(async () => false),
    contains: vi.fn(async () => false),
  };
});
afterEach(cleanup);

describe('Check now', () => {
  it('is one button named "Check now"; a refused permission is a named state with "Try again"', async () => {
    render(<CheckNow target={TARGET} report={REPORT} now={NOW} />);
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    await screen.findByText(
      /did not allow this extension to read fixed-since\.readiness-fixtures\.com/,
    );
    expect(browser.permissions.request).toHaveBeenCalledWith({
      origins: ['http://fixed-since.readiness-fixtures.com/*'],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(browser.permissions.request).toHaveBeenCalledTimes(2);
  });

  it("shows the last stored run beside the findings, labelled as the browser's, the stored score untouched", async () => {
    const run: CheckRun = {
      id: 'run-1',
      origin: CHECK_SITES.fixed,
      at: NOW - 60_000,
      ms: 120,
      state: 'done',
      quick: false,
      homeReachable: true,
      requests: [],
      results: [
        {
          id: 'sitemap',
          name: 'Sitemap exists',
          tier: 'recommended',
          surface: false,
          live: { level: 'pass', note: ['noteSitemap', '2', '/sitemap.xml'], paths: [] },
        },
        {
          id: 'content-no-js',
          name: null,
          tier: null,
          surface: false,
          live: { level: 'fail', note: ['noteContent', '10', '–'], paths: [] },
        },
      ],
      info: [],
      cut: false,
    };
    await browser.storage.session.set({ [keyOf(CHECK_RUN_RECORD, CHECK_SITES.fixed)]: run });
    render(<CheckNow target={TARGET} report={REPORT} now={NOW} />);
    await screen.findByText(/Checked from your browser at/);
    // getByText throws unless exactly one element says it.
    screen.getByText('reachable for you, not for the scanner');
    screen.getByText('passes now');
    screen.getByText(
      /Re-checked 2 of 2 findings: 1 pass now, 0 improved, 0 still failing, 1 reachable for you only/,
    );
  });
});
