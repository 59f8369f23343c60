/**
 * What `npm run zip` made, and what the repository's documents say it should be: the store
 * packages in .output/, the README's Permissions table, the package version.
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

export interface DocumentedPermission {
  /** As in the manifest: `tabs`, or a host pattern such as `https://is-agentic.com/*`. */
  name: string;
  chromeOnly: boolean;
  /** Declared as optional: granted only when the user allows it at run time. */
  optional: boolean;
}

/** The first cell of every row of the README's "## Permissions" table. */
export function documentedPermissions(readme = readFileSync('README.md', 'utf8')) {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Permissions\n'));
  if (!section) throw new Error('README.md has no "## Permissions" section');
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2); // the header and the |---| line
  return rows.flatMap((row): DocumentedPermission[] => {
    const firstCell = row.split('|')[1] ?? '';
    const names = [...firstCell.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);
    return names.map((name) => ({
      name,
      chromeOnly: /Chrome only/i.test(firstCell),
      optional: /\boptional\b/i.test(firstCell),
    }));
  });
}

export const repoFile = (path: string) => readFileSync(join(process.cwd(), path), 'utf8');
