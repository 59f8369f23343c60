/**
 * The JavaScript each entry of a build makes the browser load, raw and gzipped: the size
 * budgets of `npm test` (tests/package/entry-size-budgets.test.ts) and the bench's figure 5
 * both read it from here.
 *
 * An entry is every HTML page at the top of the build (popup, side panel, site report, and
 * whatever pages are added later, found by listing rather than by name) plus the background
 * script the manifest names. Its JavaScript is its own script and every chunk that script
 * imports, followed transitively. Dynamically imported chunks are counted too: a page that
 * loads one on first use still ships it, and counting it keeps a lazy split from looking like
 * a saving it is not.
 *
 * Gzip is per file at level 9, summed: each file is read (and would be served or stored)
 * on its own, so one stream over all of them would flatter the total.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface EntrySize {
  /** The page's name without `.html`, or `background`. */
  entry: string;
  /** The scripts it loads, relative to the build directory, its own first. */
  files: string[];
  raw: number;
  gzip: number;
  /**
   * What the page loads before it can render: its scripts and what they import statically,
   * transitively (a chunk imported dynamically loads only when the code asks for it). The
   * popup renders as soon as its reads are in, without waiting for any dynamic import.
   */
  firstRender: { files: string[]; raw: number; gzip: number };
}

/** Reads a file of the build by its path relative to the build directory. */
export type BuildReader = (path: string) => string;

const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g;
// The bundler writes dynamic imports with backticks as well as quotes.
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g;
const MODULE_SCRIPT = /<script\b[^>]*\bsrc=["']([^"']+\.js)["'][^>]*>/g;

/**
 * The relative .js paths a script imports, statically or dynamically (or statically only),
 * resolved against it.
 */
export function importsOf(path: string, code: string, staticOnly = false): string[] {
  const found = new Set<string>();
  for (const pattern of staticOnly ? [STATIC_IMPORT] : [STATIC_IMPORT, DYNAMIC_IMPORT]) {
    for (const match of code.matchAll(pattern)) {
      const specifier = match[1] ?? '';
      // Only files of the build: a bare or absolute specifier is not something it ships.
      if (!specifier.startsWith('.') && !specifier.startsWith('/')) continue;
      found.add(resolveInBuild(path, specifier));
    }
  }
  return [...found];
}

/** The scripts an HTML page loads itself, relative to the build directory. */
export function scriptsOfPage(path: string, html: string): string[] {
  return [...html.matchAll(MODULE_SCRIPT)].map((match) => resolveInBuild(path, match[1] ?? ''));
}

/**
 * Every script reachable from `start`, each once, in the order first reached; with
 * `staticOnly`, through static imports only.
 */
export function reachableScripts(start: string[], read: BuildReader, staticOnly = false): string[] {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const path = queue.shift() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    queue.push(...importsOf(path, read(path), staticOnly));
  }
  return [...seen];
}

function bytesOf(files: string[], read: BuildReader): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = Buffer.from(read(file), 'utf8');
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
}

/** `files`: every script of the entry; `firstRenderFiles`: those it loads before rendering. */
export function sizeOfScripts(
  entry: string,
  files: string[],
  read: BuildReader,
  firstRenderFiles: string[] = files,
): EntrySize {
  return {
    entry,
    files,
    ...bytesOf(files, read),
    firstRender: { files: firstRenderFiles, ...bytesOf(firstRenderFiles, read) },
  };
}

interface ManifestScripts {
  background?: { service_worker?: string; scripts?: string[] };
}

/** The entries of a build and where each starts: pages by listing, the background by manifest. */
export function entryStarts(
  pageNames: string[],
  manifest: ManifestScripts,
  read: BuildReader,
): { entry: string; start: string[] }[] {
  const starts: { entry: string; start: string[] }[] = [];
  const background = manifest.background;
  const backgroundScripts = background?.service_worker
    ? [background.service_worker]
    : (background?.scripts ?? []);
  if (backgroundScripts.length > 0) {
    starts.push({ entry: 'background', start: backgroundScripts.map(normalise) });
  }
  for (const page of [...pageNames].sort()) {
    starts.push({ entry: page.replace(/\.html$/, ''), start: scriptsOfPage(page, read(page)) });
  }
  return starts;
}

/** The JavaScript of every entry of the build in `buildDir` (e.g. .output/chrome-mv3). */
export function entrySizes(buildDir: string): EntrySize[] {
  const read: BuildReader = (path) => readFileSync(join(buildDir, path), 'utf8');
  const pages = readdirSync(buildDir).filter((name) => name.endsWith('.html'));
  const manifest = JSON.parse(read('manifest.json')) as ManifestScripts;
  return entryStarts(pages, manifest, read).map(({ entry, start }) =>
    sizeOfScripts(entry, reachableScripts(start, read), read, reachableScripts(start, read, true)),
  );
}

function resolveInBuild(from: string, specifier: string): string {
  if (specifier.startsWith('/')) return normalise(specifier);
  return normalise(posix.join(posix.dirname(from), specifier));
}

/** Paths relative to the build directory, without a leading `/` or `./`. */
function normalise(path: string): string {
  return posix.normalize(path).replace(/^(\.\/|\/)+/, '');
}
