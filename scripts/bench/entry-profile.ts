/**
 * The size profile of each entry of a build made with source maps (`wxt build --mode
 * profile`): the modules and packages its JavaScript is made of, from the maps.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { entrySizes } from './entry-sizes';
import { byPackage, type ModuleShare, profileScript, type SourceMapJson } from './size-profile';

export interface EntryProfile {
  entry: string;
  raw: number;
  gzip: number;
  /** Packages as one row each, our own modules one row each; largest first. */
  rows: ModuleShare[];
  /** Our own code (lib/, components/, entrypoints/) together. */
  ownCode: ModuleShare;
}

const OWN_CODE = /^(lib|components|entrypoints)\//;

export function profileEntries(buildDir: string): EntryProfile[] {
  return entrySizes(buildDir).map(({ entry, files, raw, gzip }) => {
    const shares: ModuleShare[] = [];
    const unmapped: string[] = [];
    for (const file of files) {
      const path = join(buildDir, file);
      const code = readFileSync(path, 'utf8');
      if (!existsSync(`${path}.map`)) {
        // The bundler's own runtime chunk (rolldown's CommonJS interop helpers) has no
        // sources and so no map: one row under its file name.
        unmapped.push(path);
        shares.push({ module: file, raw: Buffer.byteLength(code), gzip: gzipSync(code).length });
        continue;
      }
      const map = JSON.parse(readFileSync(`${path}.map`, 'utf8')) as SourceMapJson;
      shares.push(...profileScript(code, map));
    }
    if (files.length > 0 && unmapped.length === files.length) {
      throw new Error(`${unmapped[0]}.map is missing: profile a build made with --mode profile.`);
    }
    const rows = byPackage(shares);
    const own = rows.filter((row) => OWN_CODE.test(row.module));
    const ownCode = {
      module: 'own code (lib/, components/, entrypoints/)',
      raw: own.reduce((sum, row) => sum + row.raw, 0),
      gzip: own.reduce((sum, row) => sum + row.gzip, 0),
    };
    return { entry, raw, gzip, rows, ownCode };
  });
}
