import { defineConfig } from 'vitest/config';

// End-to-end tests: the built extension in real Chromium or Firefox (E2E_BROWSER, set by
// scripts/test-e2e.ts) against the reference server.
// One file at a time: each launches a browser, the two browsers' suites already run side by
// side (scripts/test-e2e.ts), and the machine has two cores.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.spec.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // verbose: every case of the fault matrix and the injection corpus is named in the output.
    reporters: ['verbose', 'json'],
    outputFile: { json: `.test-results/e2e-${process.env.E2E_BROWSER ?? 'chromium'}.json` },
  },
});
