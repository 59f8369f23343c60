/**
 * `npm run check:imports` (part of `npm test`): the product's code keeps its layers
 * (docs/architecture.md, "Import layers"). A file may import files of its own folder and of any
 * lower layer; folders on one layer do not import each other; no import circle anywhere, not even
 * inside a folder; a lib/ folder imports few others and the chain of folders is short, so a
 * reader climbs a low tower. Some folders never touch a browser API (`wxt/browser`): they run on
 * plain data and fakes.
 *
 * Only tests import from tests/. The check reads every file outside tests/ (lib/, components/,
 * entrypoints/, build/, scripts/, reference-server/, extension-browser/, the configuration
 * files), so the ban on circles holds there too; the layers are those of lib/, components/ and
 * entrypoints/ alone.
 *
 * A small script rather than a dependency-graph package: the rules are a dozen lines, and the
 * imports are ES module statements a regular expression reads reliably.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';

/** Lowest first. A folder is named by its path from the repository's root. */
export const LAYERS: readonly (readonly string[])[] = [
  ['lib/contract', 'lib/storage'],
  ['lib/locale', 'lib/privacy'],
  ['lib/service', 'lib/settings'],
  ['lib/cache', 'lib/history', 'lib/checks', 'lib/tabs'],
  ['lib/lookup', 'lib/sites', 'lib/page'],
  ['lib/backup', 'lib/markdown'],
  ['lib/messaging'],
  ['lib/worker'],
  ['components'],
  // lib's own top-level files are read at build time only (wxt.config.ts).
  ['entrypoints', 'lib'],
];

/** The most lib/ folders the files of one lib/ folder may import: a folder does one thing. */
export const MAX_FOLDERS_IMPORTED = 8;
/** The longest chain of lib/ folders importing each other: the tower a reader climbs. */
export const MAX_CHAIN = 8;

/** Folders whose code must not reach for a browser API. */
export const NO_BROWSER_API = ['lib/contract', 'lib/lookup', 'lib/backup', 'components'];

/** The test code's folder: only files inside it may import from it. */
export const TESTS = 'tests';

/** Where code outside tests/ lives: every top-level entry but tests/, node_modules and dot-files. */
export function foldersOutsideTests(root: string): string[] {
  return readdirSync(root)
    .filter((name) => name !== TESTS && name !== 'node_modules' && !name.startsWith('.'))
    .sort();
}

const isInTests = (path: string) => path === TESTS || path.startsWith(`${TESTS}/`);

/**
 * The path from the repository's root that a specifier names, without its ending: relative
 * specifiers, and WXT's root aliases (`@/`, `~/`, `@@/`, `~~/`); null for a package.
 */
function importedPath(file: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return posix.normalize(posix.join(posix.dirname(file), specifier));
  const alias = /^(?:@@|~~|@|~)\//.exec(specifier);
  return alias === null ? null : posix.normalize(specifier.slice(alias[0].length));
}

const SOURCE = /\.(ts|tsx)$/;
const RESOLVE_ENDINGS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The folder (layer member) a file belongs to: the longest named folder containing it. */
export function folderOf(file: string): string | null {
  let best: string | null = null;
  for (const folder of LAYERS.flat()) {
    const inside = folder === 'lib' ? posix.dirname(file) === 'lib' : file.startsWith(`${folder}/`);
    if (inside && (best === null || folder.length > best.length)) best = folder;
  }
  return best;
}

function rankOf(folder: string): number {
  return LAYERS.findIndex((layer) => layer.includes(folder));
}

/** The module specifiers a source imports or re-exports, static or dynamic. */
export function importedSpecifiers(source: string): string[] {
  const patterns = [
    /^\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) =>
    [...source.matchAll(pattern)].map((match) => match[1] ?? ''),
  );
}

export interface ImportProblem {
  kind:
    | 'against-the-layers'
    | 'circle'
    | 'browser-api'
    | 'test-code'
    | 'too-many-folders'
    | 'too-tall';
  message: string;
}

/** The files of `sources` that `file` imports, by their paths. */
function resolvedImports(file: string, sources: ReadonlyMap<string, string>): string[] {
  return importedSpecifiers(sources.get(file) ?? '').flatMap((specifier) => {
    const base = importedPath(file, specifier);
    const target =
      base === null
        ? undefined
        : RESOLVE_ENDINGS.map((ending) => base + ending).find((p) => sources.has(p));
    return target === undefined ? [] : [target];
  });
}

/** Checks a set of sources (path → text, paths from the repository root). */
export function checkImports(sources: ReadonlyMap<string, string>): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const edges = new Map<string, string[]>();
  for (const [file, source] of sources) {
    const from = folderOf(file);
    const targets: string[] = [];
    for (const specifier of importedSpecifiers(source)) {
      if (specifier === 'wxt/browser' && from !== null && NO_BROWSER_API.includes(from)) {
        problems.push({
          kind: 'browser-api',
          message: `${file} imports wxt/browser, but ${from}/ runs without browser APIs`,
        });
      }
      const base = importedPath(file, specifier);
      if (base === null) continue;
      const target = RESOLVE_ENDINGS.map((ending) => base + ending).find((p) => sources.has(p));
      if (isInTests(base) && !isInTests(file)) {
        problems.push({
          kind: 'test-code',
          message: `${file} imports ${target ?? base}: only tests/ may import from tests/ (move what both need out of tests/, as reference-server/ and extension-browser/ are)`,
        });
      }
      if (target === undefined) continue;
      targets.push(target);
      const to = folderOf(target);
      if (from === null || to === null || from === to) continue;
      if (rankOf(to) >= rankOf(from)) {
        problems.push({
          kind: 'against-the-layers',
          message: `${file} imports ${target}: ${from}/ may not import ${to}/ (${
            rankOf(to) === rankOf(from) ? 'same layer' : 'a higher layer'
          })`,
        });
      }
    }
    edges.set(file, targets);
  }
  for (const circle of importCircles(edges)) {
    problems.push({ kind: 'circle', message: `import circle: ${circle.join(' → ')}` });
  }
  const folders = libFolderImports(edges);
  for (const [folder, imported] of folders) {
    if (imported.size > MAX_FOLDERS_IMPORTED)
      problems.push({
        kind: 'too-many-folders',
        message: `${folder}/ imports ${imported.size} other lib/ folders (at most ${MAX_FOLDERS_IMPORTED}): ${[...imported].join(', ')}`,
      });
  }
  const chain = longestChain(folders);
  if (chain.length > MAX_CHAIN)
    problems.push({
      kind: 'too-tall',
      message: `lib/ folders import each other ${chain.length} deep (at most ${MAX_CHAIN}): ${chain.join(' → ')}`,
    });
  return problems;
}

/** For each lib/ folder, the other lib/ folders its files import. */
export function libFolderImports(
  edges: ReadonlyMap<string, readonly string[]>,
): Map<string, Set<string>> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of edges) {
    const from = folderOf(file);
    if (from === null || !from.startsWith('lib/')) continue;
    const imported = folders.get(from) ?? new Set<string>();
    folders.set(from, imported);
    for (const target of targets) {
      const to = folderOf(target);
      if (to !== null && to !== from && to.startsWith('lib/')) imported.add(to);
    }
  }
  return folders;
}

/** The longest chain of folders, each importing the next (the layers keep it free of circles). */
export function longestChain(folders: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const longest = new Map<string, string[]>();
  const from = (folder: string, seen: ReadonlySet<string>): string[] => {
    const known = longest.get(folder);
    if (known) return known;
    let best: string[] = [];
    for (const next of folders.get(folder) ?? []) {
      if (seen.has(next)) continue;
      const chain = from(next, new Set([...seen, next]));
      if (chain.length > best.length) best = chain;
    }
    const chain = [folder, ...best];
    longest.set(folder, chain);
    return chain;
  };
  return [...folders.keys()]
    .map((folder) => from(folder, new Set([folder])))
    .reduce((a, b) => (b.length > a.length ? b : a), [] as string[]);
}

/** Strongly connected components of more than one file (or a file importing itself). */
function importCircles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    const selfImport = edges.get(file)?.includes(file) ?? false;
    if (component.length > 1 || selfImport)
      circles.push([...component.reverse(), component[0] ?? file]);
  };
  for (const file of edges.keys()) if (!index.has(file)) visit(file);
  return circles;
}

/** Every TypeScript source under the given folders (or of the given files), path → text. */
export function readSources(root: string, folders: readonly string[]): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir))) {
      const path = posix.join(dir, name);
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (SOURCE.test(name)) sources.set(path, readFileSync(join(root, path), 'utf8'));
    }
  };
  for (const folder of folders) {
    if (statSync(join(root, folder)).isDirectory()) walk(folder);
    else if (SOURCE.test(folder)) sources.set(folder, readFileSync(join(root, folder), 'utf8'));
  }
  return sources;
}

if (process.argv[1] === import.meta.filename) {
  const sources = readSources(process.cwd(), foldersOutsideTests(process.cwd()));
  const problems = checkImports(sources);
  for (const problem of problems) console.error(`✗ ${problem.message}`);
  if (problems.length > 0) {
    console.error(
      `${problems.length} import problem(s); the rules are in scripts/check-imports.ts`,
    );
    process.exit(1);
  }
  const folders = libFolderImports(
    new Map([...sources.keys()].map((file) => [file, resolvedImports(file, sources)])),
  );
  const widest = Math.max(...[...folders.values()].map((imported) => imported.size));
  console.log(
    `imports keep their layers: ${sources.size} files outside tests/, no circle, none from tests/; ` +
      `a lib/ folder imports at most ${widest} others, the tallest chain is ${longestChain(folders).length} folders`,
  );
}
