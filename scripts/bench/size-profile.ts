/**
 * Which source modules a built script's bytes come from, read from its source map: every
 * generated character is charged to the source its mapping segment points at (characters
 * without one, such as bundler glue, to "(generated)").
 *
 * Gzip cannot be split exactly, so each module's share of the file's gzip size is
 * proportional to the gzip size of its own characters compressed alone. That ranks modules
 * the way a cut would change the total, which is what a profile is for; the column sums to
 * the file's real gzip size.
 */
import { gzipSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';

export interface SourceMapJson {
  sources: string[];
  mappings: string;
}

export interface ModuleShare {
  /** The source, shortened to `lib/…`, `components/…` or `package/path`. */
  module: string;
  raw: number;
  /** Share of the file's gzip size (see above). */
  gzip: number;
}

export const GENERATED = '(generated)';

/** The generated text of `code` grouped by the source each character maps to. */
export function textBySource(code: string, map: SourceMapJson): Map<string, string> {
  const lines = code.split('\n');
  const bySource = new Map<string, string[]>();
  const charge = (source: string, text: string) => {
    if (text === '') return;
    const parts = bySource.get(source) ?? [];
    parts.push(text);
    bySource.set(source, parts);
  };
  decode(map.mappings).forEach((segments, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    // Before the first segment of a line nothing is mapped.
    charge(GENERATED, line.slice(0, segments[0]?.[0] ?? line.length));
    segments.forEach((segment, index) => {
      const end = segments[index + 1]?.[0] ?? line.length;
      const source = segment.length >= 4 ? map.sources[segment[1] as number] : undefined;
      charge(shortName(source ?? GENERATED), line.slice(segment[0], end));
    });
  });
  // Lines past the map's last are unmapped (the source map comment, for one).
  for (const line of lines.slice(decode(map.mappings).length)) charge(GENERATED, line);
  return new Map([...bySource].map(([source, parts]) => [source, parts.join('')]));
}

/** Bytes per source module of one built script, largest gzip share first. */
export function profileScript(code: string, map: SourceMapJson): ModuleShare[] {
  const fileGzip = gzipSize(code);
  const rows = [...textBySource(code, map)].map(([module, text]) => ({
    module,
    raw: Buffer.byteLength(text),
    alone: gzipSize(text),
  }));
  const aloneTotal = rows.reduce((sum, row) => sum + row.alone, 0);
  return rows
    .map(({ module, raw, alone }) => ({
      module,
      raw,
      gzip: aloneTotal === 0 ? 0 : (alone * fileGzip) / aloneTotal,
    }))
    .sort((a, b) => b.gzip - a.gzip || a.module.localeCompare(b.module));
}

/**
 * Sums module shares over the scripts of one entry, then folds each package's modules into
 * one row (`preact` rather than each of its files), since a package is what one would cut.
 */
export function byPackage(shares: ModuleShare[]): ModuleShare[] {
  const rows = new Map<string, ModuleShare>();
  for (const share of shares) {
    const name = packageOf(share.module);
    const row = rows.get(name) ?? { module: name, raw: 0, gzip: 0 };
    row.raw += share.raw;
    row.gzip += share.gzip;
    rows.set(name, row);
  }
  return [...rows.values()].sort((a, b) => b.gzip - a.gzip || a.module.localeCompare(b.module));
}

/** `../../node_modules/preact/hooks/dist/hooks.module.js` → `preact/hooks/dist/hooks.module.js`; `../../lib/x.ts` → `lib/x.ts`. */
export function shortName(source: string): string {
  const inPackages = source.lastIndexOf('node_modules/');
  if (inPackages !== -1) return source.slice(inPackages + 'node_modules/'.length);
  return source.replace(/^(\.\.?\/)+/, '');
}

/** A module's package (`preact`, `@wxt-dev/storage`), or the module itself for our own code. */
export function packageOf(module: string): string {
  if (module === GENERATED || /^(lib|components|entrypoints|scripts)\//.test(module)) {
    return module;
  }
  const parts = module.split('/');
  return module.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? module);
}

function gzipSize(text: string): number {
  return gzipSync(Buffer.from(text, 'utf8'), { level: 9 }).length;
}
