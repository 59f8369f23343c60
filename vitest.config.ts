import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Unit and component tests: WXT's in-memory fake browser; happy-dom only where something
// renders (the component tests), since setting up a DOM for each file costs more than most
// unit files take to run.
export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    restoreMocks: true,
    // browser.i18n answers with the shipped English messages.
    setupFiles: ['tests/support/fake-i18n.ts'],
    // The JSON report feeds the one-line total that .ci/run prints (scripts/test-summary.ts).
    reporters: ['default', 'json'],
    outputFile: { json: '.test-results/unit.json' },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['tests/components/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
    ],
  },
});
