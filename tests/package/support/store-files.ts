/**
 * What `npm run zip` made, and what it should be: the store packages in .output/, the
 * permissions the manifests may ask for, the package version.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readZip, type ZipEntry } from '../../support/zip-reader';

export const PACKAGE_JSON = JSON.parse(readFileSync('package.json', 'utf8')) as {
  name: string;
  version: string;
};

export type StorePackage = 'chrome' | 'firefox' | 'sources';

/** Where `wxt zip` writes each package (its default names). */
export function zipPathOf(kind: StorePackage): string {
  return resolve('.output', `${PACKAGE_JSON.name}-${PACKAGE_JSON.version}-${kind}.zip`);
}

export const BUILD_DIRS = {
  chrome: resolve('.output/chrome-mv3'),
  firefox: resolve('.output/firefox-mv2'),
} as const;

export function entriesOf(kind: StorePackage): ZipEntry[] {
  return readZip(readFileSync(zipPathOf(kind)));
}

export function manifestOf(kind: 'chrome' | 'firefox'): Record<string, unknown> {
  const entry = entriesOf(kind).find((candidate) => candidate.name === 'manifest.json');
  if (!entry) throw new Error(`No manifest.json in the ${kind} package`);
  return JSON.parse(entry.read().toString('utf8')) as Record<string, unknown>;
}

export interface ExpectedPermission {
  /** As in the manifest: `tabs`, or a host pattern such as `https://is-agentic.com/*`. */
  name: string;
  chromeOnly: boolean;
  /** Declared as optional: granted only when the user allows it at run time. */
  optional: boolean;
}

/**
 * Every permission the store manifests may ask for, written out here rather than read from the
 * manifest code, so that a permission added there fails the package tests until it is added
 * here too (and justified in STORE.md, and explained in docs/user-guide.md, "Permissions").
 */
export const EXPECTED_PERMISSIONS: readonly ExpectedPermission[] = [
  { name: 'tabs', chromeOnly: false, optional: false },
  { name: 'storage', chromeOnly: false, optional: false },
  { name: 'alarms', chromeOnly: false, optional: false },
  // The store packages are built without WXT_REPORT_API_BASE_URL: the live service's origin.
  { name: 'https://is-agentic.com/*', chromeOnly: false, optional: false },
  { name: 'http://*/*', chromeOnly: false, optional: true },
  { name: 'https://*/*', chromeOnly: false, optional: true },
  { name: 'contextMenus', chromeOnly: false, optional: false },
  { name: 'scripting', chromeOnly: false, optional: false },
  { name: 'notifications', chromeOnly: false, optional: true },
  { name: 'sidePanel', chromeOnly: true, optional: false },
];

export const repoFile = (path: string) => readFileSync(join(process.cwd(), path), 'utf8');
