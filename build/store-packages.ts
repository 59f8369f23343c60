/**
 * What goes into the Firefox sources package that addons.mozilla.org asks for with every
 * upload: exactly the files `npm ci && npm run build:firefox` reads, and the documents: the
 * README, the privacy policy and docs/ (releasing.md says how to rebuild; the pictures stay
 * out). Listed rather than excluded, so a stray file in a checkout (screenshots, test output,
 * editor or worktree leftovers) can never end up in it.
 *
 * Tests, the reference server, the browser driver and scripts/ (the commands, the icon
 * source) are left out, and so is .ci/: a reviewer rebuilds the package, and none of them
 * is read by that build. tests/package checks both halves: nothing else is in the package,
 * and a build from it alone is byte-identical to the store package.
 */
export const SOURCES_INCLUDED = [
  'README.md',
  'PRIVACY.md',
  'docs/architecture.md',
  'docs/enterprise-policy.md',
  'docs/performance.md',
  'docs/releasing.md',
  'docs/storage.md',
  'docs/testing.md',
  'docs/user-guide.md',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'wxt.config.ts',
  'entrypoints/**',
  'components/**',
  'lib/**',
  'public/**',
  'locales/**',
  // The build-time modules wxt.config.ts imports, all in one folder: a new one is packaged
  // without being listed here.
  'build/**',
] as const;
