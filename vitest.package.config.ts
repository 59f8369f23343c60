import { defineConfig } from 'vitest/config';

// Store package checks: run after `npm run zip` on what it made (.output/*.zip).
export default defineConfig({
  test: {
    include: ['tests/package/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', 'json'],
    outputFile: { json: '.test-results/package.json' },
  },
});
