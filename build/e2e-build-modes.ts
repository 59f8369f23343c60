/**
 * The WXT build modes of the e2e builds (`npm run build:e2e`, scripts/build-e2e.ts), which
 * wxt.config.ts also reads: against the reference server, and against a port nothing listens
 * on.
 */
export const E2E_BUILD_MODE = 'e2e';
export const E2E_REFUSED_BUILD_MODE = 'e2e-refused';

/**
 * The sample sites' hosts (reference-server/check-sites.ts), held from install by the Chrome
 * builds that drive a headless Chromium ("Check now" asks for a site's host in the click, and
 * headless Chromium's prompt has no answer): the e2e builds, the bench's and `npm start`'s.
 */
export const SAMPLE_SITE_HOSTS = ['http://*.readiness-fixtures.com/*', 'http://localhost/*'];
export const holdsSampleSites = (mode: string): boolean =>
  isE2eBuildMode(mode) || mode === 'bench' || mode === 'demo';

export const isE2eBuildMode = (mode: string): boolean =>
  mode === E2E_BUILD_MODE || mode === E2E_REFUSED_BUILD_MODE;

/**
 * Check now's time limits in the e2e builds (lib/checks/evidence.ts): short enough that a run
 * against a site that never answers, or drips, ends in seconds, with the same shape as the
 * real ones: the run's limit cuts it before every request has timed out. The sample sites
 * answer well within them.
 */
export const E2E_CHECK_TIME_LIMITS = { requestMs: 2_000, runMs: 5_000 };
