import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Unit and component tests: WXT's in-memory fake browser, happy-dom for rendering.
export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/components/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    restoreMocks: true,
    // browser.i18n answers with the shipped English messages.
    setupFiles: ['tests/support/fake-i18n.ts'],
    // The JSON report feeds the one-line total that .ci/run prints (scripts/test-summary.ts).
    reporters: ['default', 'json'],
    outputFile: { json: '.test-results/unit.json' },
  },
});
