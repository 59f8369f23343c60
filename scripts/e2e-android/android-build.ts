/**
 * The Firefox e2e build as Firefox for Android runs it, for tests/e2e/android.spec.ts: a copy
 * of .output/firefox-mv2-e2e in .output/firefox-mv2-e2e-android with
 *
 * - `sidebar_action` and `commands` left out of the manifest: Android knows neither key, and
 *   on desktop both act outside any script (a sidebar, a shortcut), where the shim cannot
 *   reach. The `contextMenus` permission stays, as in the store package: Android installs an
 *   add-on that asks for it (the permission is unknown there and ignored with a warning), and
 *   what it would grant, the namespace, is removed by the shim;
 * - android-shim.js, which removes the APIs Android lacks, first in the background's scripts
 *   and first in every page, so it runs before any of the extension's own scripts.
 *
 * A copy rather than a build of its own: the product's code is the same byte for byte as in
 * the e2e build, and the store builds never see the shim (tests/package checks them).
 */
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const ANDROID_SHIM_FILE = 'android-shim.js';
const SHIM_SOURCE = join(import.meta.dirname, ANDROID_SHIM_FILE);

/** Manifest keys Android does not know and that act outside the extension's scripts. */
export const KEYS_ANDROID_LACKS = ['sidebar_action', 'commands'] as const;

interface Mv2Manifest {
  background?: { scripts?: string[]; [key: string]: unknown };
  [key: string]: unknown;
}

/** The manifest as Android reads it, the shim first among the background's scripts. */
export function androidManifest(manifest: Mv2Manifest): Mv2Manifest {
  const copy: Mv2Manifest = structuredClone(manifest);
  for (const key of KEYS_ANDROID_LACKS) delete copy[key];
  const scripts = copy.background?.scripts;
  if (!scripts)
    throw new Error('The Firefox build has no background scripts to put the shim before');
  copy.background = { ...copy.background, scripts: [ANDROID_SHIM_FILE, ...scripts] };
  return copy;
}

/** A page with the shim as the first script of its head: a classic script, run before any module. */
export function withShimFirst(html: string): string {
  const head = /<head[^>]*>/i.exec(html);
  if (!head) throw new Error('A page without <head> cannot take the shim first');
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n    <script src="/${ANDROID_SHIM_FILE}"></script>${html.slice(at)}`;
}

export function buildAndroidVariant(sourceDir: string, targetDir: string): void {
  rmSync(targetDir, { recursive: true, force: true });
  cpSync(sourceDir, targetDir, { recursive: true });
  const manifestPath = join(targetDir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Mv2Manifest;
  writeFileSync(manifestPath, JSON.stringify(androidManifest(manifest), null, 2));
  writeFileSync(join(targetDir, ANDROID_SHIM_FILE), readFileSync(SHIM_SOURCE));
  for (const name of readdirSync(targetDir)) {
    if (!name.endsWith('.html')) continue;
    const path = join(targetDir, name);
    writeFileSync(path, withShimFirst(readFileSync(path, 'utf8')));
  }
}
