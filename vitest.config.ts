import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Unit and component tests: WXT's in-memory fake browser; happy-dom only where something
// renders (the component tests), since setting up a DOM for each file costs more than most
// unit files take to run.
export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    // Test files share their worker's modules instead of loading them afresh, which took most
    // of the run. What a file changes does not reach the next: spies are restored after each
    // test, the fake browser is put back before each file (tests/support/fresh-fake-browser.ts),
    // and no file replaces a module with vi.mock (a replaced module would stay for later files).
    pool: 'threads',
    isolate: false,
    restoreMocks: true,
    // A fresh fake browser for each file, whose browser.i18n answers with the shipped English
    // messages.
    setupFiles: ['tests/support/fresh-fake-browser.ts', 'tests/support/fake-i18n.ts'],
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
