/**
 * The WXT build modes of the e2e builds (`npm run build:e2e`, scripts/build-e2e.ts), which
 * wxt.config.ts also reads: against the reference server, and against a port nothing listens
 * on.
 */
export const E2E_BUILD_MODE = 'e2e';
export const E2E_REFUSED_BUILD_MODE = 'e2e-refused';

export const isE2eBuildMode = (mode: string): boolean =>
  mode === E2E_BUILD_MODE || mode === E2E_REFUSED_BUILD_MODE;
