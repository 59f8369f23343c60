/**
 * The release the update test (tests/e2e/update.spec.ts) updates from, and where its e2e
 * builds are made (scripts/build-previous-release.ts, run by `npm run build:e2e`).
 */
import { resolve } from 'node:path';
import type { BrowserName } from '../extension-browser/extension-browser';

/** Its tag, and its commit should the tag be missing from a clone. */
export const PREVIOUS_RELEASE = {
  tag: 'v0.1.0',
  commit: '608c6886cc035873c3deca8a9abecffed99b09e0',
} as const;

/**
 * Its sources, extracted from git, with its own .output/ inside (ignored by git): one copy per
 * browser, each built for that browser's reference server (scripts/e2e-settings.ts).
 */
export const previousReleaseDir = (browser: BrowserName) =>
  resolve('.output/previous-release', PREVIOUS_RELEASE.tag, browser);

/** Set while the previous release's own build-e2e.ts runs: it builds no release before it. */
export const PREVIOUS_RELEASE_BUILD_VARIABLE = 'E2E_PREVIOUS_RELEASE_BUILD';
