/**
 * `npm run build:e2e`: the extension built against the reference server the e2e tests start,
 * into .output/chrome-mv3-e2e. The port comes from tests/e2e/support/e2e-settings.ts
 * (E2E_REFERENCE_PORT overrides it, e.g. to run two checkouts side by side).
 */
import { execFileSync } from 'node:child_process';
import { E2E_SERVICE_BASE_URL } from '../tests/e2e/support/e2e-settings';

execFileSync('npx', ['wxt', 'build', '--mode', 'e2e'], {
  stdio: 'inherit',
  env: { ...process.env, WXT_REPORT_API_BASE_URL: E2E_SERVICE_BASE_URL },
});
